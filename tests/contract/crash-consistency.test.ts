import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect } from 'vitest';
import { Account, Client, ExecutionMethod, Functions, ID } from 'appwrite';
import { Functions as AdminFunctions, Query, TablesDB as AdminTables, Teams as AdminTeams, Users } from 'node-appwrite';
import { adminClient, describeLocal, itLocal } from '../support/backend.ts';
import { signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { hermeticProjectRoot, PNG, upload } from '../support/portal.ts';
import { killSpawnedBackends, spawnBackend, stopProcess, waitFor } from '../support/spawned-backend.ts';

/**
 * What a crash may not break (issue 11, item 10): the local backend runs as its own process on a
 * data folder, takes a burst of comments (through the `commands` function) and of sign-ups, each
 * followed by its e-mail verification (whose `users.*` events run the `roles` function: a profile at
 * sign-up, the role label once verified), and is killed with SIGKILL mid-way. Started again on the
 * same folder, the post's `commentCount` equals its comment rows, every sign-up the server
 * acknowledged (201) gets its profile and every acknowledged verification its label, the
 * asynchronous executions clients were promised (202) run, and the folder is its owner's alone.
 *
 * Local only: it spawns and kills the local backend's process and reads its data folder.
 */

const DB = 'portal';
const COMMENTERS = 4;
const COMMENTS_EACH = 40;
/** Slots of the local backend's lane for asynchronous executions clients ask for (QueueLanes): more wait for one. */
const REQUESTED_LANE_SLOTS = 8;
/**
 * Rounds of `slow` executions (a second each, its timeout) that fill that lane ahead of the executions the
 * test kills the server on, so they are still waiting on a machine busy enough to take seconds.
 */
const SLOW_ROUNDS = 3;
/** Teams whose `teams.*.create` executions (300 ms each, four at a time) are still owed when the process dies. */
const TEAMS_OWED = 40;
const FUNCTIONS_FIXTURE = fileURLToPath(new URL('../fixtures/functions-project/', import.meta.url));
const SIGN_UPS = 240;
const IN_FLIGHT_SIGN_UPS = 24;
/** Kill once this much has been acknowledged, so plenty is still on its way. */
const KILL_AFTER = { comments: 30, verifications: 60 };

/** Runs a `commands` route as the browser's user; the execution's response status, or undefined if the request failed. */
async function command(
  browser: TestBrowser,
  method: 'POST' | 'DELETE',
  path: string,
  body: unknown,
): Promise<{ status: number; data: Record<string, unknown> | undefined } | undefined> {
  try {
    const execution = await new Functions(browser.client).createExecution({
      functionId: 'commands',
      body: JSON.stringify(body),
      async: false,
      xpath: path,
      method: ExecutionMethod[method],
    });
    const parsed = (execution.responseBody ? JSON.parse(execution.responseBody) : {}) as { data?: Record<string, unknown> };
    return { status: execution.responseStatusCode, data: parsed.data };
  } catch {
    return undefined;
  }
}

/** Every folder and file under `root`, with its permission bits. */
function modesUnder(root: string): Array<{ path: string; directory: boolean; mode: number }> {
  const found = [{ path: root, directory: true, mode: statSync(root).mode & 0o777 }];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    found.push({ path, directory: entry.isDirectory(), mode: statSync(path).mode & 0o777 });
  }
  return found;
}

const project = hermeticProjectRoot();
const dataDir = mkdtempSync(join(tmpdir(), 'ok-crash-'));

afterAll(async () => {
  await killSpawnedBackends();
  rmSync(dataDir, { recursive: true, force: true });
  project.remove();
});

describeLocal('a crash (SIGKILL) during writes', () => {
  itLocal(
    'leaves counters equal to their rows, runs the roles function of every acknowledged sign-up and verification, and a private data folder',
    { timeout: 60_000 },
    async () => {
      // A data folder left readable by others (an older version made it 0755) is made private at start.
      chmodSync(dataDir, 0o755);
      let running = await spawnBackend(dataDir, project.root);
      const first = running.backend;

      const commenters = await Promise.all(
        Array.from({ length: COMMENTERS }, (_, n) => signedInBrowser(first, { email: `commenter${n}.${Date.now()}@acme.example` })),
      );
      // A post as written before schools (issue 23), read by every member: only a school's members post
      // now, and these accounts are in none; what is under test is the comments' count.
      const oldPost = await new AdminTables(adminClient(first)).createRow({
        databaseId: 'portal',
        tableId: 'posts',
        rowId: ID.unique(),
        data: {
          authorId: commenters[0]!.userId,
          authorName: 'Commenter',
          content: 'Who is hiring this summer?',
          imageFileIds: [],
          likeCount: 0,
          commentCount: 0,
        },
        permissions: ['read("users")'],
      });
      const postId = oldPost.$id;
      await upload(commenters[0] as TestBrowser, 'me.png', PNG);

      let acknowledgedComments = 0;
      // Each sign-up's `users.*.create` event creates its profile; each verification's event labels it.
      const acknowledgedSignUps: string[] = [];
      const acknowledgedVerifications = new Set<string>();
      let killed = false;
      const killWhenDue = () => {
        if (killed || acknowledgedComments < KILL_AFTER.comments || acknowledgedVerifications.size < KILL_AFTER.verifications) return;
        killed = true;
        running.child.kill('SIGKILL');
      };

      const comments = commenters.map(async (commenter, n) => {
        await Promise.all(
          Array.from({ length: COMMENTS_EACH }, async (_, i) => {
            const answer = await command(commenter, 'POST', `/posts/${postId}/comments`, { content: `Comment ${i} from ${n}` });
            if (answer?.status === 200) acknowledgedComments++;
            killWhenDue();
          }),
        );
      });
      let nextSignUp = 0;
      const account = new Account(new Client().setEndpoint(first.endpoint).setProject(first.projectId));
      const users = new Users(adminClient(first));
      const signUps = Array.from({ length: IN_FLIGHT_SIGN_UPS }, async () => {
        while (nextSignUp < SIGN_UPS && !killed) {
          const n = nextSignUp++;
          try {
            const user = await account.create({ userId: ID.unique(), email: `signup${n}.${Date.now()}@acme.example`, password: 'correct horse battery' });
            acknowledgedSignUps.push(user.$id);
            await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
            acknowledgedVerifications.add(user.$id);
          } catch {
            // Refused or cut off by the kill: not acknowledged, so nothing is owed.
          }
          killWhenDue();
        }
      });
      await Promise.all([...comments, ...signUps]);
      expect(killed).toBe(true);
      await stopProcess(running.child, 'SIGKILL');

      // An older version left these readable by others; the restart makes them private again.
      chmodSync(join(dataDir, 'local-backend.sqlite'), 0o644);
      running = await spawnBackend(dataDir, project.root);
      const second = running.backend;
      const tables = new AdminTables(adminClient(second));

      const owed = async (userId: string): Promise<boolean> => {
        const [user, profile] = await Promise.all([
          new Users(adminClient(second)).get({ userId }),
          tables.getRow({ databaseId: DB, tableId: 'profiles', rowId: userId }).catch(() => undefined),
        ]);
        return profile === undefined || (acknowledgedVerifications.has(userId) && !user.labels.includes('recruiter'));
      };
      const pending = new Set(acknowledgedSignUps);
      await waitFor(async () => {
        for (const userId of [...pending]) if (!(await owed(userId))) pending.delete(userId);
        return pending.size === 0;
      }, 25_000);
      expect
        .soft({ signUps: acknowledgedSignUps.length, verifications: acknowledgedVerifications.size, withoutProfileOrLabel: [...pending] })
        .toEqual({ signUps: acknowledgedSignUps.length, verifications: acknowledgedVerifications.size, withoutProfileOrLabel: [] });

      const post = await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: postId });
      const rows = await tables.listRows({ databaseId: DB, tableId: 'comments', queries: [Query.equal('postId', postId), Query.limit(1)] });
      expect.soft(rows.total).toBeGreaterThanOrEqual(acknowledgedComments);
      expect.soft({ commentCount: post.commentCount }).toEqual({ commentCount: rows.total });

      const modes = modesUnder(dataDir);
      expect(modes.some(({ path }) => path.includes(join('storage', 'uploads')))).toBe(true);
      expect
        .soft(
          modes
            .filter(({ directory, mode }) => mode !== (directory ? 0o700 : 0o600))
            .map(({ path, mode }) => `${path.slice(dataDir.length) || '/'} ${mode.toString(8)}`),
        )
        .toEqual([]);
      await stopProcess(running.child, 'SIGKILL');
    },
  );

  itLocal('runs the queued executions still owed in both lanes: those clients were promised (202) and event ones', { timeout: 45_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ok-crash-async-'));
    try {
      let spawned = await spawnBackend(folder, FUNCTIONS_FIXTURE);
      const functions = new AdminFunctions(adminClient(spawned.backend));
      // Every slot of the clients' lane busy for seconds...
      await Promise.all(
        Array.from({ length: REQUESTED_LANE_SLOTS * SLOW_ROUNDS }, () => functions.createExecution({ functionId: 'slow', async: true, xpath: '/?ms=5000' })),
      );
      // ...so these wait in the queue when the process dies, as do most of the new teams' event executions.
      const promised = await Promise.all(
        Array.from({ length: 4 }, (_, n) => functions.createExecution({ functionId: 'echo', async: true, body: `queued ${n}`, xpath: '/' })),
      );
      const beforeKill = await Promise.all(promised.map(({ $id }) => functions.getExecution({ functionId: 'echo', executionId: $id })));
      expect(beforeKill.map((execution) => execution.status)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
      const teams = new AdminTeams(adminClient(spawned.backend));
      await Promise.all(Array.from({ length: TEAMS_OWED }, (_, n) => teams.create({ teamId: ID.unique(), name: `Owed ${n}` })));
      const eventRunsBeforeKill = await functions.listExecutions({ functionId: 'slow-on-team', queries: [Query.equal('status', ['waiting'])] });
      expect(eventRunsBeforeKill.total).toBeGreaterThan(0);
      await stopProcess(spawned.child, 'SIGKILL');

      spawned = await spawnBackend(folder, FUNCTIONS_FIXTURE);
      const after = new AdminFunctions(adminClient(spawned.backend));
      const statuses = () =>
        Promise.all(promised.map(({ $id }) => after.getExecution({ functionId: 'echo', executionId: $id }).then((execution) => execution.status)));
      const eventStatuses = async () =>
        (await after.listExecutions({ functionId: 'slow-on-team', queries: [Query.limit(100)] })).executions.map((execution) => execution.status);
      await waitFor(async () => (await statuses()).every((status) => status === 'completed'), 15_000);
      expect(await statuses()).toEqual(['completed', 'completed', 'completed', 'completed']);
      // Each team's event execution runs, once: one cut short by the kill is run again, not doubled.
      await waitFor(async () => (await eventStatuses()).every((status) => status === 'completed'), 15_000);
      expect(await eventStatuses()).toEqual(Array.from({ length: TEAMS_OWED }, () => 'completed'));
      await stopProcess(spawned.child, 'SIGKILL');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
