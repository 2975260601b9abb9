import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, ExecutionMethod, ID, Query, type Models } from 'appwrite';
import {
  Account as NodeAccount,
  Client as NodeClient,
  Functions as NodeFunctions,
  Permission,
  Query as NodeQuery,
  Role,
  Storage as NodeStorage,
  Teams as NodeTeams,
  type Models as NodeModels,
} from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { openRealtime } from '../support/realtime.ts';

/**
 * Function executions through the official SDKs, against the fixture project in
 * tests/fixtures/functions-project (an `echo` function that reports what it received, a
 * users-only one, a slow one with a 1 s timeout, a `users.*.create` subscriber, a `teams.*.create`
 * one that takes 300 ms, a disabled one).
 */

const FIXTURE = fileURLToPath(new URL('../fixtures/functions-project/', import.meta.url));

/**
 * A project folder holding the fixture's config and a `.env` beside it. `.env` files are
 * git-ignored, so the test writes one; the config's function paths are rewritten relative to the
 * new folder, which also pins that `path` is resolved against the config's folder.
 */
function projectWithDotenv(): string {
  const root = mkdtempSync(join(tmpdir(), 'ok-functions-'));
  const config = JSON.parse(readFileSync(join(FIXTURE, 'appwrite.config.json'), 'utf8')) as { functions: Array<{ path: string }> };
  for (const fn of config.functions) fn.path = relative(root, resolve(FIXTURE, fn.path));
  writeFileSync(join(root, 'appwrite.config.json'), JSON.stringify(config, null, 2));
  writeFileSync(join(root, '.env'), ['# deployment settings', 'DOTENV_VALUE=from dotenv # trailing comment', "DOTENV_QUOTED='single # kept'", ''].join('\n'));
  return root;
}

/** HTTP statuses of the web SDK's execution calls; the SDK resolves with the model and hides them. */
const statuses: number[] = [];
function observeExecutionStatuses(): () => void {
  const previous = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await previous(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/executions')) statuses.push(response.status);
    return response;
  };
  return () => {
    globalThis.fetch = previous;
  };
}

interface Echo {
  method: string;
  path: string;
  queryString: string;
  query: Record<string, string>;
  url: string;
  host: string;
  port: number;
  headers: Record<string, string>;
  bodyText: string;
  body: unknown;
  env: Record<string, string | undefined>;
  endpointAtLoad: string;
}

/** Polls an async check until it returns a value; fails with `what` after `timeoutMs`. */
async function poll<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function failure(promise: Promise<unknown>): Promise<AppwriteException> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(AppwriteException);
  return thrown as AppwriteException;
}

let backend: TestBackend;
let projectRoot: string;
let stopObserving: () => void;
let alice: TestBrowser & { userId: string; email: string };
let bob: TestBrowser & { userId: string; email: string };
let guest: TestBrowser;
let admin: NodeFunctions;

beforeAll(async () => {
  projectRoot = projectWithDotenv();
  backend = await startTestBackend({ projectRoot });
  stopObserving = observeExecutionStatuses();
  alice = await signedInBrowser(backend, { email: `alice-${uniqueSuffix()}@example.com` });
  bob = await signedInBrowser(backend, { email: `bob-${uniqueSuffix()}@example.com` });
  guest = openBrowser(backend);
  admin = new NodeFunctions(adminClient(backend));
});

afterAll(async () => {
  stopObserving();
  await backend.close();
  rmSync(projectRoot, { recursive: true, force: true });
});

describe('unknown functions', () => {
  it('answers function_not_found to the web SDK', async () => {
    const missing = await failure(alice.functions.createExecution({ functionId: `no-such-function-${uniqueSuffix()}` }));
    expect([missing.code, missing.type]).toEqual([404, 'function_not_found']);
  });
});

// Local only: the fixture's functions are loaded from its local config and run in-process.
describeLocal('synchronous executions', () => {
  it('answers 201 with the function response, and the function sees the request, its caller and its variables', async () => {
    const execution = await alice.functions.createExecution({
      functionId: 'echo',
      body: '{"hello":"world"}',
      xpath: '/?x=1&tag=a%20b',
      method: ExecutionMethod.PUT,
      headers: { 'content-type': 'application/json', 'X-Custom': 'v' },
    });
    expect(statuses.at(-1)).toBe(201);
    expect(execution).toMatchObject({
      resourceId: 'echo',
      resourceType: 'functions',
      trigger: 'http',
      status: 'completed',
      responseStatusCode: 200,
      requestMethod: 'PUT',
      requestPath: '/?x=1&tag=a%20b',
      $permissions: [`read("user:${alice.userId}")`],
      logs: '',
      errors: '',
    });
    expect(execution).not.toHaveProperty('functionId');
    expect(execution.responseHeaders).toContainEqual({ name: 'content-type', value: 'application/json; charset=utf-8' });
    expect(execution.responseHeaders).toContainEqual({ name: 'x-appwrite-execution-id', value: execution.$id });

    const echo = JSON.parse(execution.responseBody) as Echo;
    expect(echo).toMatchObject({ method: 'PUT', path: '/', queryString: 'x=1&tag=a%20b', query: { x: '1', tag: 'a%20b' }, body: { hello: 'world' } });
    expect(echo.url).toBe(`http://${echo.host}:${echo.port}/?x=1&tag=a%20b`);
    expect(echo.headers).toMatchObject({
      'x-custom': 'v',
      'x-appwrite-trigger': 'http',
      'x-appwrite-event': '',
      'x-appwrite-user-id': alice.userId,
      'x-appwrite-execution-id': execution.$id,
      'x-appwrite-country-code': '',
      'x-appwrite-continent-code': '',
      'x-appwrite-continent-eu': 'false',
    });
    expect(echo.headers['x-appwrite-user-jwt']).not.toBe('');
    expect(echo.headers['x-appwrite-key']).not.toBe('');
    expect(echo.headers['x-appwrite-client-ip']).toMatch(/127\.0\.0\.1/);
    expect(echo.env).toEqual({
      APPWRITE_FUNCTION_API_ENDPOINT: backend.endpoint,
      APPWRITE_FUNCTION_PROJECT_ID: backend.projectId,
      APPWRITE_FUNCTION_ID: 'echo',
      APPWRITE_FUNCTION_NAME: 'Echo',
      APPWRITE_FUNCTION_DEPLOYMENT: 'local',
      APPWRITE_FUNCTION_RUNTIME_NAME: 'Node.js',
      APPWRITE_FUNCTION_RUNTIME_VERSION: '22',
      APPWRITE_VERSION: '1.9.6',
      APPWRITE_REGION: 'default',
      GREETING: 'hello from vars',
      DOTENV_VALUE: 'from dotenv',
      DOTENV_QUOTED: 'single # kept',
    });
    expect(echo.endpointAtLoad).toBe(backend.endpoint);
    // The variables belong to the function, not to the process that hosts it.
    expect(process.env.APPWRITE_FUNCTION_ID).toBeUndefined();
  });

  it('hands the function a JWT of the caller that works with node-appwrite setJWT', async () => {
    const whoami = await alice.functions.createExecution({ functionId: 'echo', xpath: '/whoami' });
    expect(JSON.parse(whoami.responseBody)).toEqual({ id: alice.userId, email: alice.email });

    const echo = JSON.parse((await bob.functions.createExecution({ functionId: 'echo' })).responseBody) as Echo;
    const account = new NodeAccount(
      new NodeClient()
        .setEndpoint(backend.endpoint)
        .setProject(backend.projectId)
        .setJWT(echo.headers['x-appwrite-user-jwt'] ?? ''),
    );
    expect((await account.get()).$id).toBe(bob.userId);

    const asGuest = JSON.parse((await guest.functions.createExecution({ functionId: 'echo' })).responseBody) as Echo;
    expect(asGuest.headers['x-appwrite-user-id']).toBe('');
    expect(asGuest.headers['x-appwrite-user-jwt']).toBe('');
  });

  it('hands the function a key that works as an API key with node-appwrite setKey', async () => {
    const asAlice = await alice.functions.createExecution({ functionId: 'echo', xpath: '/admin' });
    expect(asAlice.status).toBe('completed');
    expect(JSON.parse(asAlice.responseBody)).toEqual({ id: alice.userId, email: alice.email });

    const asGuest = await guest.functions.createExecution({ functionId: 'echo', xpath: '/admin' });
    expect((JSON.parse(asGuest.responseBody) as { total: number }).total).toBeGreaterThanOrEqual(2);
  });

  it('lets only callers holding an execute role run a function; keys always may', async () => {
    const refused = await failure(guest.functions.createExecution({ functionId: 'members-only' }));
    expect(refused.code).toBe(401);
    expect(refused.type).toBe('user_unauthorized');

    const allowed = await alice.functions.createExecution({ functionId: 'members-only' });
    expect(JSON.parse(allowed.responseBody)).toEqual({ userId: alice.userId });

    const byKey = await admin.createExecution({ functionId: 'members-only' });
    expect(JSON.parse(byKey.responseBody)).toEqual({ userId: '' });
    expect(byKey.$permissions).toEqual([]);
  });

  it('answers function_not_found for a disabled function, except to keys', async () => {
    const missing = await failure(alice.functions.createExecution({ functionId: 'disabled' }));
    expect([missing.code, missing.type]).toEqual([404, 'function_not_found']);
    expect((await admin.createExecution({ functionId: 'disabled' })).responseBody).toBe('should not run');
  });

  it('refuses caller headers that would pose as Appwrite', async () => {
    const refused = await failure(guest.functions.createExecution({ functionId: 'echo', headers: { 'x-appwrite-user-id': 'someone-else' } }));
    expect(refused.code).toBe(400);
  });

  it('reports a throwing function as failed with 201, its errors hidden from the user and shown to the key', async () => {
    const failed = await alice.functions.createExecution({ functionId: 'echo', xpath: '/throw' });
    expect(statuses.at(-1)).toBe(201);
    expect(failed).toMatchObject({ status: 'failed', responseStatusCode: 500, errors: '', logs: '' });

    const seenByKey = await admin.getExecution({ functionId: 'echo', executionId: failed.$id });
    expect(seenByKey.status).toBe('failed');
    expect(seenByKey.errors).toContain('Error: fixture exploded');
    expect(seenByKey.errors).toMatch(/\n\s+at /);
  });

  it('collects log() and error() lines, and fails a function that returns no res.* result', async () => {
    const logged = await admin.createExecution({ functionId: 'echo', xpath: '/log' });
    expect(logged).toMatchObject({ status: 'completed', responseBody: 'logged', logs: 'a log line\n{"structured":true}\n', errors: 'an error line\n' });

    const silent = await admin.createExecution({ functionId: 'echo', xpath: '/none' });
    expect(silent).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect(silent.errors).toContain('Return statement missing');
  });

  it('counts a function status below 500 as completed and passes its headers through', async () => {
    const notFound = await guest.functions.createExecution({ functionId: 'echo', xpath: '/status?code=404' });
    expect(notFound).toMatchObject({ status: 'completed', responseStatusCode: 404, responseBody: 'with status' });
    expect(notFound.responseHeaders).toContainEqual({ name: 'x-fixture', value: 'yes' });
    expect(notFound.responseHeaders).toContainEqual({ name: 'content-type', value: 'text/plain; charset=utf-8' });
  });

  it('fails an execution that outlives the function timeout', async () => {
    const started = Date.now();
    const timedOut = await admin.createExecution({ functionId: 'slow', xpath: '/?ms=3000' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(timedOut).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect(timedOut.errors).toContain('timed out');

    const quick = await admin.createExecution({ functionId: 'slow', xpath: '/?ms=10' });
    expect(quick).toMatchObject({ status: 'completed', responseBody: 'finished by slow' });
  });

  it("keeps each function's variables to itself while executions overlap", async () => {
    const [echo, slow] = await Promise.all([
      guest.functions.createExecution({ functionId: 'echo', xpath: '/sleep?ms=300' }),
      guest.functions.createExecution({ functionId: 'slow', xpath: '/?ms=100' }),
    ]);
    expect(JSON.parse(echo.responseBody)).toEqual({ slept: 300, id: 'echo' });
    expect(slow.responseBody).toBe('finished by slow');
  });
});

// Local only: the fixture's functions are loaded from its local config and run in-process.
describeLocal('asynchronous executions', () => {
  it('answers 202 waiting and completes in the background', async () => {
    const queued = await alice.functions.createExecution({ functionId: 'echo', async: true, xpath: '/sleep?ms=200' });
    expect(statuses.at(-1)).toBe(202);
    expect(queued).toMatchObject({ status: 'waiting', responseBody: '', responseStatusCode: 0 });

    const latest: Models.Execution = await poll('the execution to complete', async () => {
      const current = await alice.functions.getExecution({ functionId: 'echo', executionId: queued.$id });
      return current.status === 'completed' || current.status === 'failed' ? current : undefined;
    });
    expect(latest).toMatchObject({ status: 'completed', responseStatusCode: 200, trigger: 'http', resourceId: 'echo' });
    expect(latest.duration).toBeGreaterThan(0.15);
    expect(latest.responseHeaders).toEqual([
      { name: 'content-type', value: 'application/json; charset=utf-8' },
      { name: 'content-length', value: expect.stringMatching(/^\d+$/) as unknown as string },
    ]);
  });

  it('announces the execution over realtime to the caller', async () => {
    const live = openRealtime(backend, { session: alice.sessionToken() });
    try {
      const feed = await live.subscribe(['executions']);
      const queued = await alice.functions.createExecution({ functionId: 'echo', async: true, xpath: '/sleep?ms=10' });
      const done = await feed.waitFor((event) => event.payload.$id === queued.$id && event.payload.status === 'completed');
      expect(done.events).toContain(`functions.echo.executions.${queued.$id}.update`);
      expect(done.payload).toMatchObject({ resourceId: 'echo', logs: '', errors: '' });
    } finally {
      await live.close();
    }
  });
});

// Local only: the fixture's functions are loaded from its local config and run in-process, and how
// executions wait for each other is this server's (on Appwrite the API and its workers share a cluster).
describeLocal('executions while a backlog of event executions waits', () => {
  /**
   * More than the 32 executions the server once ran at once from one shared queue: each new team sets
   * off a 300 ms `slow-on-team` run, so a burst leaves event executions waiting for seconds.
   */
  const BACKLOG = 40;

  async function eventRunsIn(status: 'waiting' | 'processing'): Promise<number> {
    const { total } = await admin.listExecutions({ functionId: 'slow-on-team', queries: [NodeQuery.equal('status', [status]), NodeQuery.limit(1)] });
    return total;
  }

  /** Creates BACKLOG teams at once; answers once their event executions are queued. */
  async function queueEventBacklog(): Promise<void> {
    const teams = new NodeTeams(adminClient(backend));
    await Promise.all(Array.from({ length: BACKLOG }, (_, n) => teams.create({ teamId: ID.unique(), name: `Backlog ${n}` })));
  }

  /** Lets the backlog drain, so that later tests' event executions do not wait behind it. */
  async function drained(): Promise<void> {
    await poll('the event backlog to drain', async () => ((await eventRunsIn('waiting')) + (await eventRunsIn('processing')) === 0 ? true : undefined), 30_000);
  }

  it('answers a synchronous execution at once, as Appwrite runs it in the API request', { timeout: 45_000 }, async () => {
    await queueEventBacklog();
    const started = Date.now();
    const answered = await alice.functions.createExecution({ functionId: 'echo', xpath: '/sleep?ms=10' });
    const tookMs = Date.now() - started;
    const stillWaiting = await eventRunsIn('waiting');
    await drained();
    expect(answered.status).toBe('completed');
    expect(stillWaiting).toBeGreaterThan(0);
    expect(tookMs).toBeLessThan(1_500);
  });

  it('runs an asynchronous execution a client asked for before the backlog drains', { timeout: 45_000 }, async () => {
    await queueEventBacklog();
    const queued = await alice.functions.createExecution({ functionId: 'echo', async: true, xpath: '/sleep?ms=10' });
    const finished = await poll('the execution to finish', async () => {
      const current = await alice.functions.getExecution({ functionId: 'echo', executionId: queued.$id });
      return current.status === 'completed' || current.status === 'failed' ? current : undefined;
    });
    const stillWaiting = await eventRunsIn('waiting');
    await drained();
    expect(finished.status).toBe('completed');
    expect(stillWaiting).toBeGreaterThan(0);
  });
});

// Local only: the fixture's functions are loaded from its local config and run in-process.
describeLocal('reading executions', () => {
  it('gives the web SDK resourceId and node-appwrite functionId for the same execution', async () => {
    const created = await alice.functions.createExecution({ functionId: 'echo', xpath: '/formats' });
    const web = await alice.functions.getExecution({ functionId: 'echo', executionId: created.$id });
    expect(web).toMatchObject({ resourceId: 'echo', resourceType: 'functions', responseBody: '' });
    expect(web).not.toHaveProperty('functionId');

    const node: NodeModels.Execution = await admin.getExecution({ functionId: 'echo', executionId: created.$id });
    expect(node.functionId).toBe('echo');
    expect(node).not.toHaveProperty('resourceId');
    expect(node).not.toHaveProperty('resourceType');
    expect(node.requestHeaders.map((header) => header.name)).toEqual(['x-appwrite-client-ip']);
  });

  it('lists only the executions a caller may read; guests may not list', async () => {
    const mine = await alice.functions.createExecution({ functionId: 'echo', xpath: '/mine' });
    const theirs = await bob.functions.createExecution({ functionId: 'echo', xpath: '/theirs' });

    const aliceList = await alice.functions.listExecutions({ functionId: 'echo' });
    expect(aliceList.executions.map((execution) => execution.$id)).toContain(mine.$id);
    expect(aliceList.executions.every((execution) => execution.$permissions.includes(`read("user:${alice.userId}")`))).toBe(true);
    expect(aliceList.total).toBe(aliceList.executions.length);

    const hidden = await failure(alice.functions.getExecution({ functionId: 'echo', executionId: theirs.$id }));
    expect([hidden.code, hidden.type]).toEqual([404, 'execution_not_found']);

    const refused = await failure(guest.functions.listExecutions({ functionId: 'echo' }));
    expect([refused.code, refused.type]).toEqual([401, 'general_unauthorized_scope']);

    const everything = await admin.listExecutions({ functionId: 'echo', queries: [NodeQuery.equal('requestPath', ['/mine', '/theirs'])] });
    expect(everything.executions.map((execution) => execution.$id).sort()).toEqual([mine.$id, theirs.$id].sort());
  });

  it('pages through executions with limit and cursorAfter', async () => {
    const created: string[] = [];
    for (let i = 0; i < 3; i++) created.push((await bob.functions.createExecution({ functionId: 'echo', xpath: `/page-${i}` })).$id);
    const first = await bob.functions.listExecutions({ functionId: 'echo', queries: [Query.startsWith('requestPath', '/page-'), Query.limit(2)] });
    expect(first.total).toBe(3);
    expect(first.executions.map((execution) => execution.$id)).toEqual(created.slice(0, 2));
    const rest = await bob.functions.listExecutions({
      functionId: 'echo',
      queries: [Query.startsWith('requestPath', '/page-'), Query.cursorAfter(created[1] as string)],
    });
    expect(rest.executions.map((execution) => execution.$id)).toEqual(created.slice(2));
  });
});

// Local only: the fixture's functions are loaded from its local config and run in-process.
describeLocal('event triggers', () => {
  async function signupRuns(userId: string): Promise<NodeModels.Execution[]> {
    const { executions } = await admin.listExecutions({ functionId: 'on-signup', queries: [NodeQuery.equal('trigger', ['event']), NodeQuery.limit(100)] });
    return executions.filter((execution) => execution.logs.includes(` ${userId} `));
  }

  it('runs a users.*.create subscriber exactly once per sign-up, with the new user as body', async () => {
    const browser = openBrowser(backend);
    const email = `carol-${uniqueSuffix()}@example.com`;
    const user = await browser.account.create({ userId: ID.unique(), email, password: 'correct horse battery' });
    await browser.account.createEmailPasswordSession({ email, password: 'correct horse battery' });

    const [run] = await poll('the sign-up function to complete', async () => {
      const runs = await signupRuns(user.$id);
      return runs.some((execution) => execution.status === 'completed') ? runs : undefined;
    });
    expect(run).toMatchObject({ trigger: 'event', status: 'completed', requestMethod: 'POST', requestPath: '/', $permissions: [] });
    expect(run?.logs).toBe(`users.${user.$id}.create ${user.$id} event\n`);
    expect(run?.requestHeaders).toEqual([{ name: 'content-type', value: 'application/json' }]);

    // Signing in (a session event) and waiting a little more must not run it again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await signupRuns(user.$id)).toHaveLength(1);
  });

  it('runs a buckets.*.files.*.create subscriber with the concrete event name', async () => {
    const bucketId = `uploads-${uniqueSuffix()}`;
    await new NodeStorage(adminClient(backend)).createBucket({ bucketId, name: 'Uploads', permissions: [Permission.create(Role.users())] });
    const file = await alice.storage.createFile({ bucketId, fileId: ID.unique(), file: new File(['hello'], 'note.txt', { type: 'text/plain' }) });

    const run = await poll('the upload function to complete', async () => {
      const { executions } = await admin.listExecutions({ functionId: 'on-upload', queries: [NodeQuery.equal('status', ['completed'])] });
      return executions.find((execution) => execution.logs.includes(file.$id));
    });
    expect(run).toMatchObject({ trigger: 'event', responseStatusCode: 204, logs: `buckets.${bucketId}.files.${file.$id}.create note.txt\n` });
  });
});
