import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { Query, Users, type Models } from 'node-appwrite';
import type { RosterResult } from '@opportunity-kit/sdk/domain';
import { adminClient, describeLocal, itLocal, type TestBackend } from '../support/backend.ts';
import { openBrowser } from '../support/browser.ts';
import { command, hermeticProjectRoot, member, SETTINGS, uniqueLocal } from '../support/portal.ts';
import { killSpawnedBackends, spawnBackend, stopProcess } from '../support/spawned-backend.ts';

/**
 * A roster import cut off by a crash (issue 21, item 9): the local backend runs as its own process
 * on a data folder, a teacher imports a class, and the process is killed with SIGKILL while the
 * import is creating accounts. Some students then have an account (verified or not yet) with no
 * password and maybe no invitation. Started again on the same folder, importing the same file
 * again must invite every one of them again, and tell the teacher so, while a student who had
 * already chosen a password stays "already a member" and gets no mail.
 *
 * Local only: it spawns and kills the local backend's process and reads its development outbox.
 */

/** Within one request as the SDK sends a file (ROSTER_REQUEST_ROWS): a request well within the function's timeout. */
const CLASS_SIZE = 45;
/** Kill once this many accounts of the class exist, so plenty of the import is still to come. */
const KILL_AFTER_ACCOUNTS = 6;

const project = hermeticProjectRoot();
const dataDir = mkdtempSync(join(tmpdir(), 'ok-roster-crash-'));

afterAll(async () => {
  await killSpawnedBackends();
  rmSync(dataDir, { recursive: true, force: true });
  project.remove();
});

interface RosterAnswer {
  results: RosterResult[];
  created: number;
}

async function newestLink(backend: TestBackend, address: string): Promise<URL | undefined> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await response.json()) as { messages: Array<{ links: string[] }> };
  const link = messages[0]?.links[0];
  return link ? new URL(link) : undefined;
}

async function mailCount(backend: TestBackend, address: string): Promise<number> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: unknown[] }).messages.length;
}

/** Every account whose address is one of `addresses`. */
async function accountsOf(backend: TestBackend, addresses: ReadonlySet<string>): Promise<Models.User[]> {
  const users = new Users(adminClient(backend));
  const found: Models.User[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await users.list({ queries: [Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])] });
    found.push(...page.users.filter((user) => addresses.has(user.email)));
    if (page.users.length < 100) return found;
    cursor = page.users.at(-1)?.$id;
  }
}

/** Follows the newest invitation mailed to `address` in a fresh browser and sets a password. */
async function accept(backend: TestBackend, address: string, password: string): Promise<void> {
  const link = await newestLink(backend, address);
  const browser = openBrowser(backend);
  await browser.account.createSession({ userId: link?.searchParams.get('userId') ?? '', secret: link?.searchParams.get('secret') ?? '' });
  await browser.account.updatePassword({ password });
}

describeLocal('a crash (SIGKILL) during a roster import', () => {
  itLocal('leaves no student locked out: importing the file again invites again everyone without a password', { timeout: 90_000 }, async () => {
    let running = await spawnBackend(dataDir, project.root);
    const first = running.backend;
    const teacherTia = await member(first, `${uniqueLocal('teacher')}@${SETTINGS.schoolDomain}`, 'teacher');
    // Max was imported before and chose his password: he is a member, whatever happens next.
    const max = `${uniqueLocal('1max')}@${SETTINGS.schoolDomain}`;
    expect((await command<RosterAnswer>(teacherTia, 'POST', '/roster', { csv: `${max},Max Field` })).data?.created).toBe(1);
    await accept(first, max, 'pebble orchard window 6');

    const tag = uniqueLocal('1c');
    const students = Array.from({ length: CLASS_SIZE }, (_, n) => `${tag}x${n}@${SETTINGS.schoolDomain}`);
    const classList = new Set(students);
    const csv = ['email,name', `${max},Max Field`, ...students.map((email, n) => `${email},Student ${n}`)].join('\n');

    const cutOff = command<RosterAnswer>(teacherTia, 'POST', '/roster', { csv }).then(
      (answer) => ({ finished: answer.status === 200 }),
      () => ({ finished: false }),
    );
    // Waits for the accounts, or for the import's answer, which would mean the kill came too late.
    let answered = false;
    void cutOff.then(() => (answered = true));
    while (!answered && (await accountsOf(first, classList)).length < KILL_AFTER_ACCOUNTS) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 10));
    }
    await stopProcess(running.child, 'SIGKILL');
    expect(await cutOff).toEqual({ finished: false });

    running = await spawnBackend(dataDir, project.root);
    const second = running.backend;
    const stranded = new Set((await accountsOf(second, classList)).map((user) => user.email));
    // The crash came mid-way: some students have an account, others none yet.
    expect(stranded.size).toBeGreaterThanOrEqual(KILL_AFTER_ACCOUNTS);
    expect(stranded.size).toBeLessThan(CLASS_SIZE);
    const mailsBefore = new Map(await Promise.all(students.map(async (email) => [email, await mailCount(second, email)] as const)));

    const teacherAgain = Object.assign(openBrowser(second), { userId: teacherTia.userId, email: teacherTia.email, password: teacherTia.password });
    await teacherAgain.account.createEmailPasswordSession({ email: teacherTia.email, password: teacherTia.password });
    const again = await command<RosterAnswer>(teacherAgain, 'POST', '/roster', { csv });

    expect(again.error).toBeUndefined();
    expect(again.status).toBe(200);
    const outcomes = new Map(again.data?.results.map((result) => [result.email, result.outcome]));
    expect(outcomes.get(max)).toBe('already-member');
    const expected = students.map((email) => ({ email, outcome: stranded.has(email) ? 'invited-again' : 'created' }));
    expect(students.map((email) => ({ email, outcome: outcomes.get(email) }))).toEqual(expected);
    expect(await mailCount(second, max)).toBe(1);
    // Every student has one verified account and one more invitation than before; its link works.
    const accounts = await accountsOf(second, classList);
    expect(accounts.length).toBe(CLASS_SIZE);
    expect(accounts.filter((user) => !user.emailVerification).map((user) => user.email)).toEqual([]);
    for (const email of students) expect({ email, mails: await mailCount(second, email) }).toEqual({ email, mails: (mailsBefore.get(email) ?? 0) + 1 });
    const sample = [...stranded].slice(0, 3);
    for (const email of sample) await accept(second, email, 'lighthouse maple river 8');
    await stopProcess(running.child, 'SIGKILL');
  });
});
