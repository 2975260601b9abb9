import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, vi } from 'vitest';
import { DATABASE_ID, TABLES, type ServiceHoursColumns } from '@opportunity-kit/sdk/domain';
import { Client, Query, TablesDB, Users, type Models } from 'node-appwrite';
import { logHours } from '../../packages/functions/src/commands/hours/log-hours.ts';
import { identifyCaller } from '../../packages/functions/src/platform/caller.ts';
import { RequestBody } from '../../packages/functions/src/platform/request-body.ts';
import { serverApiOf, type ServerApi } from '../../packages/functions/src/platform/server-client.ts';
import { adminClient, describeLocal, itLocal, type TestBackend } from '../support/backend.ts';
import { killSpawnedBackends, spawnBackend, stopProcess } from '../support/spawned-backend.ts';
import { anHoursEntry, daysAgo, newestMail, supervisorMails } from '../support/hours.ts';
import { command, execute, guest, hermeticProjectRoot, startPortalBackend, student, type Member } from '../support/portal.ts';

/**
 * A crash while hours are logged (issue 21, item 22) never leaves an entry that nobody can confirm:
 * an entry is written together with the record that its supervisor is owed a mail, so an entry is
 * either mailed or says it is not, and the student's "Resend to supervisor" mails a working link.
 * Proved twice: the local backend is killed with SIGKILL while students log hours in parallel (the
 * window between the entry and its mail is hit by chance, how often is printed), and a mail that
 * fails is injected deterministically into the `commands` code.
 *
 * Local only: it spawns and kills the local backend's process.
 */

type HoursRow = Models.Row & ServiceHoursColumns & { supervisorMailOwedSince?: string | null };

/** Each student's entries and resends stay within the daily limit of supervisor mails. */
const STUDENTS = 4;
const ENTRIES_EACH = 5;
const KILL_AFTER_ACKNOWLEDGED = 6;

const project = hermeticProjectRoot();
const dataDir = mkdtempSync(join(tmpdir(), 'ok-hours-crash-'));

afterAll(async () => {
  await killSpawnedBackends();
  rmSync(dataDir, { recursive: true, force: true });
  project.remove();
});

/** True when the newest link mailed for the entry opens its confirmation page. */
async function hasWorkingLink(backend: TestBackend, row: HoursRow): Promise<boolean> {
  const mails = await supervisorMails(backend, row.supervisorEmail);
  const newest = mails.find((mail) => mail.entryId === row.$id);
  if (!newest) return false;
  const view = await command(guest(backend), 'POST', `/hours/${row.$id}/confirmation/view`, { token: newest.token });
  return view.status === 200;
}

describeLocal('a crash while hours are logged (item 22)', () => {
  itLocal('leaves every entry mailed, or saying it is not mailed and mailed by the student’s resend', { timeout: 120_000 }, async () => {
    let running = await spawnBackend(dataDir, project.root);
    const students = await Promise.all(Array.from({ length: STUDENTS }, () => student(running.backend)));
    const acknowledged: string[] = [];
    let killed = false;
    const logs = students.flatMap((member, s) =>
      Array.from({ length: ENTRIES_EACH }, async (_, n) => {
        const answer = await command<{ id: string }>(member, 'POST', '/hours', anHoursEntry({ date: daysAgo(10 + s * ENTRIES_EACH + n) })).catch(
          () => undefined,
        );
        if (answer?.status === 200 && answer.data) acknowledged.push(answer.data.id);
        if (!killed && acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) {
          killed = true;
          running.child.kill('SIGKILL');
        }
      }),
    );
    await Promise.all(logs);
    expect(killed).toBe(true);
    await stopProcess(running.child, 'SIGKILL');

    running = await spawnBackend(dataDir, project.root);
    const backend = running.backend;
    const rows = (
      await new TablesDB(adminClient(backend)).listRows<HoursRow>({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, queries: [Query.limit(100)] })
    ).rows;
    expect(rows.map((row) => row.$id)).toEqual(expect.arrayContaining(acknowledged));

    const owedAfterCrash = rows.filter((row) => row.supervisorMailOwedSince);
    const unconfirmable: string[] = [];
    for (const row of rows) {
      if (row.supervisorMailOwedSince) {
        const owner = students.find((member) => member.userId === row.studentId) as Member;
        // The student's session lives in the data folder: it survived the crash; the server has a new port.
        owner.client.setEndpoint(backend.endpoint);
        const resent = await command(owner, 'POST', `/hours/${row.$id}/resend`);
        if (resent.status !== 200) unconfirmable.push(`${row.$id}: resend answered ${resent.status}`);
      }
      if (!(await hasWorkingLink(backend, row))) unconfirmable.push(`${row.$id}: no working link (owed: ${Boolean(row.supervisorMailOwedSince)})`);
    }
    console.info(`hours crash: ${rows.length} entries after the kill, ${owedAfterCrash.length} caught between their entry and its mail`);
    expect(unconfirmable).toEqual([]);
    await stopProcess(running.child, 'SIGKILL');
  });

  itLocal('a mail that fails (injected) leaves the entry saying so, and the resend mails a working link', { timeout: 60_000 }, async () => {
    const backend = await startPortalBackend();
    try {
      const member = await student(backend);
      const client = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setKey(backend.apiKey);
      const users = new Users(client);
      // The one call that fails: the supervisor's mail target, as if the process died there.
      const failingUsers = Object.assign(Object.create(users) as Users, {
        createTarget: () => Promise.reject(new Error('injected: the process died before the mail')),
      });
      const api: ServerApi = { ...serverApiOf(client), users: failingUsers };
      vi.stubEnv('APPWRITE_FUNCTION_API_ENDPOINT', backend.endpoint);
      vi.stubEnv('SCHOOL_DOMAIN', 'school.example');
      const input = anHoursEntry();
      const caller = await identifyCaller(member.userId, users);
      const answered = await logHours({ caller, body: RequestBody.parse(JSON.stringify(input)), params: {}, api, query: {}, clientIp: '' }).catch(
        (thrown: unknown) => thrown,
      );
      vi.unstubAllEnvs();
      const [entry] = (await execute<Array<{ id: string; supervisorMailOwed: boolean }>>(member, 'commands', 'GET', '/hours')).data ?? [];
      expect({ answered: (answered as { supervisorMailOwed?: unknown }).supervisorMailOwed, listed: entry?.supervisorMailOwed }).toEqual({
        answered: true,
        listed: true,
      });
      expect(await supervisorMails(backend, input.supervisorEmail)).toEqual([]);

      expect((await command(member, 'POST', `/hours/${entry?.id}/resend`)).status).toBe(200);
      const mail = await newestMail(backend, input.supervisorEmail);
      expect((await command(guest(backend), 'POST', `/hours/${entry?.id}/confirmation`, { token: mail.token, decision: 'confirmed' })).data).toMatchObject({
        status: 'confirmed',
      });
    } finally {
      await backend.close();
    }
  });
});
