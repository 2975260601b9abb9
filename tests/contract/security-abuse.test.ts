import { mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Account, ID, Query, TablesDB, Users } from 'node-appwrite';
import { startPortalServer } from '../../scripts/portal-server.ts';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { startPortalBackend } from '../support/portal.ts';

/**
 * Issue 11, item 6: Appwrite's abuse limits. 159 wrong passwords a second against one account, 120
 * sign-ups in 0.8 s, 60 verification mails for one account and 100 newsletter sign-ups all went
 * through. Now the local backend answers as Appwrite does: 429 `general_rate_limit_exceeded` with
 * `X-RateLimit-*` headers, per client address (the socket's, never X-Forwarded-For) or per e-mail
 * address; API keys are never limited; `abuseLimits: false` (`_APP_OPTIONS_ABUSE=disabled`) turns
 * it off. The newsletter goes through a function, which Appwrite never limits, so the `commands`
 * function caps it itself.
 *
 * Local only: every describe needs a fresh backend whose counters start at zero, and other client
 * addresses on the loopback network (a shared real Appwrite keeps its counters for an hour).
 */

const RATE_LIMITED = {
  code: 429,
  type: 'general_rate_limit_exceeded',
  message: 'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
};
const PASSWORD = 'correct horse battery 42';
/** A second client address: the whole 127.0.0.0/8 is this machine's loopback. */
const OTHER_ADDRESS = '127.0.0.2';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** The client address the request leaves from. */
  from?: string;
}

/** One raw request to the backend's API, from a chosen loopback address, as a browser script would send it. */
function call(backend: TestBackend, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${backend.endpoint}${path}`,
      {
        method,
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          'x-appwrite-project': backend.projectId,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
          ...options.headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown>;
          try {
            body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            body = { text };
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

function limitHeaders(answer: Answer): { limit: string | undefined; remaining: string | undefined } {
  return { limit: answer.headers['x-ratelimit-limit'] as string | undefined, remaining: answer.headers['x-ratelimit-remaining'] as string | undefined };
}

function expectRateLimited(answer: Answer): void {
  expect({ status: answer.status, ...pick(answer.body, ['code', 'type', 'message']) }).toEqual({ status: 429, ...RATE_LIMITED });
}

function pick(body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, body[name]]));
}

const signIn = (backend: TestBackend, email: string, password: string, options: CallOptions = {}) =>
  call(backend, 'POST', '/account/sessions/email', { ...options, body: { email, password } });

const signUp = (backend: TestBackend, email: string, options: CallOptions = {}) =>
  call(backend, 'POST', '/account', { ...options, body: { userId: ID.unique(), email, password: PASSWORD } });

async function makeUser(backend: TestBackend, label: string): Promise<{ id: string; email: string }> {
  const email = `${label}.${uniqueSuffix()}@example.com`;
  const user = await new Users(adminClient(backend)).create({ userId: ID.unique(), email, password: PASSWORD });
  return { id: user.$id, email };
}

/** A session secret made the server-side way (API key), so the sign-in itself counts against nothing. */
async function sessionOf(backend: TestBackend, email: string): Promise<string> {
  return (await new Account(adminClient(backend)).createEmailPasswordSession({ email, password: PASSWORD })).secret;
}

describeLocal('password sign-in: ten tries an hour per e-mail address', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ abuseLimits: true });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('refuses the 11th wrong password with 429, and the right one after it from any client address, but not other accounts', async () => {
    const { email } = await makeUser(backend, 'target');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await signIn(backend, email, `wrong password ${attempt}`);
      expect({ status: wrong.status, type: wrong.body.type, ...limitHeaders(wrong) }).toEqual({
        status: 401,
        type: 'user_invalid_credentials',
        limit: '10',
        remaining: String(10 - attempt),
      });
    }
    const eleventh = await signIn(backend, email, 'wrong password 11');
    expectRateLimited(eleventh);
    expect(limitHeaders(eleventh)).toEqual({ limit: '10', remaining: '0' });
    const reset = Number(eleventh.headers['x-ratelimit-reset']);
    const now = Date.now() / 1000;
    expect(reset % 3600).toBe(0);
    expect(reset).toBeGreaterThan(now);
    expect(reset).toBeLessThanOrEqual(now + 3600);

    expectRateLimited(await signIn(backend, email, PASSWORD));
    expectRateLimited(await signIn(backend, email, PASSWORD, { from: OTHER_ADDRESS }));
    // The address counts as sign-in reads it: another spelling of it is the same account.
    expectRateLimited(await signIn(backend, ` ${email.toUpperCase()}`, PASSWORD));

    // The count is the address's: another account signs in as usual.
    const bystander = await makeUser(backend, 'bystander');
    expect((await signIn(backend, bystander.email, PASSWORD)).status).toBe(201);
  });

  it('never limits an API key, and a successful sign-in starts the count over', async () => {
    const { email } = await makeUser(backend, 'ssr');
    for (let attempt = 1; attempt <= 10; attempt++) await signIn(backend, email, 'not it at all');
    expectRateLimited(await signIn(backend, email, 'not it at all'));

    const key = { 'x-appwrite-key': backend.apiKey };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const wrong = await signIn(backend, email, 'not it either', { headers: key });
      expect({ status: wrong.status, type: wrong.body.type, limit: limitHeaders(wrong).limit }).toEqual({
        status: 401,
        type: 'user_invalid_credentials',
        limit: '10',
      });
    }
    expect((await signIn(backend, email, PASSWORD, { headers: key })).status).toBe(201);
    const afterwards = await signIn(backend, email, 'wrong again');
    expect({ status: afterwards.status, ...limitHeaders(afterwards) }).toEqual({ status: 401, limit: '10', remaining: '9' });
  });
});

describeLocal('sign-up: ten accounts an hour from one client address', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ abuseLimits: true });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('refuses the 11th sign-up with 429 and creates no account, whatever X-Forwarded-For claims', async () => {
    const run = uniqueSuffix();
    for (let n = 1; n <= 10; n++) {
      const answer = await signUp(backend, `signup${n}.${run}@example.com`);
      expect({ status: answer.status, ...limitHeaders(answer) }).toEqual({ status: 201, limit: '10', remaining: String(10 - n) });
    }
    expectRateLimited(await signUp(backend, `signup11.${run}@example.com`));
    expectRateLimited(await signUp(backend, `signup12.${run}@example.com`, { headers: { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.7' } }));
    const users = new Users(adminClient(backend));
    expect((await users.list({ queries: [Query.equal('email', [`signup11.${run}@example.com`, `signup12.${run}@example.com`])] })).total).toBe(0);
  });

  it('lets another client address sign up', async () => {
    const answer = await signUp(backend, `neighbour.${uniqueSuffix()}@example.com`, { from: OTHER_ADDRESS });
    expect({ status: answer.status, ...limitHeaders(answer) }).toEqual({ status: 201, limit: '10', remaining: '9' });
  });
});

describeLocal('verification mails: ten an hour per account', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ abuseLimits: true });
  });
  afterAll(async () => {
    await backend.close();
  });

  it('sends ten mails and refuses the 11th request with 429', async () => {
    const { email } = await makeUser(backend, 'mailbox');
    const session = { 'x-appwrite-session': await sessionOf(backend, email) };
    const body = { url: 'http://localhost:5173/verify' };
    for (let n = 1; n <= 10; n++) {
      expect((await call(backend, 'POST', '/account/verifications/email', { headers: session, body })).status).toBe(201);
    }
    expectRateLimited(await call(backend, 'POST', '/account/verifications/email', { headers: session, body }));
    expectRateLimited(await call(backend, 'POST', '/account/verifications/email', { headers: session, body, from: OTHER_ADDRESS }));
    const outbox = await call(backend, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body.total).toBe(10);
  });

  it('refuses the 11th guess of a verification secret', async () => {
    const { id } = await makeUser(backend, 'guessed');
    for (let n = 1; n <= 10; n++) {
      const guess = await call(backend, 'PUT', '/account/verifications/email', { body: { userId: id, secret: `guess${n}` } });
      expect(guess.status).toBe(401);
    }
    expectRateLimited(await call(backend, 'PUT', '/account/verifications/email', { body: { userId: id, secret: 'guess11' } }));
  });
});

describeLocal('password reset mails: ten an hour per e-mail address and per client address (issue 21)', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ abuseLimits: true });
  });
  afterAll(async () => {
    await backend.close();
  });

  const askReset = (email: string, options: CallOptions = {}) =>
    call(backend, 'POST', '/account/recovery', { ...options, body: { email, url: 'http://localhost:5173/reset-password' } });

  it('mails ten links for an address and refuses the 11th from any client address; each client address gets ten asks', async () => {
    const { email } = await makeUser(backend, 'forgetful');
    for (let n = 1; n <= 10; n++) expect((await askReset(email)).status).toBe(201);
    // The address's count is used up, whoever asks (and however it is spelled).
    expectRateLimited(await askReset(email));
    expectRateLimited(await askReset(` ${email.toUpperCase()} `, { from: OTHER_ADDRESS }));
    const outbox = await call(backend, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body.total).toBe(10);

    // This client address has asked ten times too: another address is refused from it, and not from elsewhere.
    const { email: neighbour } = await makeUser(backend, 'neighbour');
    expectRateLimited(await askReset(neighbour));
    expect((await askReset(neighbour, { from: OTHER_ADDRESS })).status).toBe(201);
  });

  it('counts asks for unknown addresses too, so nobody can probe addresses without limit', async () => {
    const from = '127.0.0.3';
    for (let n = 1; n <= 10; n++) expect((await askReset(`nobody${n}.${uniqueSuffix()}@example.com`, { from })).status).toBe(404);
    expectRateLimited(await askReset(`nobody11.${uniqueSuffix()}@example.com`, { from }));
  });

  it('refuses the 11th guess of a reset secret for an account', async () => {
    const { id } = await makeUser(backend, 'guessedreset');
    for (let n = 1; n <= 10; n++) {
      const guess = await call(backend, 'PUT', '/account/recovery', { body: { userId: id, secret: `guess${n}`, password: 'a new phrase 11' } });
      expect(guess.status).toBe(401);
    }
    expectRateLimited(await call(backend, 'PUT', '/account/recovery', { body: { userId: id, secret: 'guess11', password: 'a new phrase 11' } }));
  });
});

describeLocal('newsletter sign-ups: ten an hour from one client address (the commands function)', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    // Appwrite never limits function executions, whatever its switch says: the cap is the function's own.
    backend = await startPortalBackend();
  }, 60_000);
  afterAll(async () => {
    await backend.close();
  });

  const subscribe = (email: string, options: CallOptions & { claimedIp?: string } = {}) =>
    call(backend, 'POST', '/functions/commands/executions', {
      ...options,
      body: {
        async: false,
        path: '/newsletter',
        method: 'POST',
        body: JSON.stringify({ email }),
        ...(options.claimedIp ? { headers: { 'x-appwrite-client-ip': options.claimedIp } } : {}),
      },
    });
  const outcome = (answer: Answer) => ({
    status: answer.body.responseStatusCode,
    ...(JSON.parse(String(answer.body.responseBody || '{}')) as Record<string, unknown>),
  });

  it('refuses the 11th with rate-limited and a message for the form, and adds no row', async () => {
    const run = uniqueSuffix();
    for (let n = 1; n <= 10; n++) {
      expect(outcome(await subscribe(`reader${n}.${run}@home.example`))).toMatchObject({ status: 200, data: { message: expect.any(String) } });
    }
    const refused = outcome(await subscribe(`reader11.${run}@home.example`));
    expect(refused).toEqual({
      status: 429,
      error: { code: 'rate-limited', message: 'Too many newsletter sign-ups from your network. Please try again in an hour.' },
    });
    // The key is the address Appwrite injects: a caller may not send x-appwrite-* headers of its own.
    const claimed = await subscribe(`reader12.${run}@home.example`, { claimedIp: '198.51.100.23' });
    expect({ status: claimed.status, type: claimed.body.type }).toEqual({ status: 400, type: 'general_argument_invalid' });
    const rows = await new TablesDB(adminClient(backend)).listRows({
      databaseId: 'portal',
      tableId: 'newsletter',
      queries: [Query.equal('email', [`reader11.${run}@home.example`, `reader12.${run}@home.example`])],
    });
    expect(rows.total).toBe(0);

    expect(outcome(await subscribe(`neighbour.${run}@home.example`, { from: OTHER_ADDRESS })).status).toBe(200);
  });
});

describeLocal("the switch (Appwrite's _APP_OPTIONS_ABUSE=disabled)", () => {
  it('off: nothing is limited, and answers still say the limit, as on Appwrite', async () => {
    const backend = await startTestBackend({ abuseLimits: false });
    try {
      const run = uniqueSuffix();
      const { email } = await makeUser(backend, 'unlimited');
      for (let attempt = 1; attempt <= 12; attempt++) {
        const wrong = await signIn(backend, email, 'not it at all');
        expect({ status: wrong.status, ...limitHeaders(wrong) }).toEqual({ status: 401, limit: '10', remaining: '9' });
      }
      expect((await signIn(backend, email, PASSWORD)).status).toBe(201);
      for (let n = 1; n <= 12; n++) expect((await signUp(backend, `free${n}.${run}@example.com`)).status).toBe(201);
    } finally {
      await backend.close();
    }
  });

  it("pnpm start's server limits by default and not with _APP_OPTIONS_ABUSE=disabled", async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'ok-abuse-dist-'));
    const elevenSignUps = async (): Promise<number[]> => {
      const server = await startPortalServer({ mode: 'build', distDir, memory: true, port: 0, host: '127.0.0.1', log: () => {} });
      const backend: TestBackend = {
        endpoint: server.backend.endpoint,
        projectId: server.backend.projectId,
        apiKey: server.backend.apiKey,
        local: server.backend,
        restart: async () => {},
        close: () => server.close(),
      };
      try {
        const run = uniqueSuffix();
        const statuses: number[] = [];
        for (let n = 1; n <= 11; n++) statuses.push((await signUp(backend, `start${n}.${run}@example.com`)).status);
        return statuses;
      } finally {
        await backend.close();
      }
    };
    const before = process.env._APP_OPTIONS_ABUSE;
    try {
      delete process.env._APP_OPTIONS_ABUSE;
      expect(await elevenSignUps()).toEqual([...Array<number>(10).fill(201), 429]);
      process.env._APP_OPTIONS_ABUSE = 'disabled';
      expect(await elevenSignUps()).toEqual(Array<number>(11).fill(201));
    } finally {
      if (before === undefined) delete process.env._APP_OPTIONS_ABUSE;
      else process.env._APP_OPTIONS_ABUSE = before;
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describeLocal("every limited route answers with Appwrite's limit and window", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ abuseLimits: true });
  });
  afterAll(async () => {
    await backend.close();
  });

  const ROWS = '/tablesdb/db/tables/t/rows';
  const FILES = '/storage/buckets/b/files';
  // [method, path, limit, window in seconds], from the routes' labels in appwrite/appwrite.
  const LIMITS: ReadonlyArray<readonly [string, string, number, number]> = [
    ['POST', '/account', 10, 3600],
    ['POST', '/account/sessions/email', 10, 3600],
    ['POST', '/account/sessions/token', 10, 3600],
    ['GET', '/account/sessions/oauth2/google', 50, 3600],
    ['GET', '/account/tokens/oauth2/google', 50, 3600],
    ['DELETE', '/account/sessions', 100, 3600],
    ['DELETE', '/account/sessions/current', 100, 3600],
    ['POST', '/account/jwts', 120, 60],
    ['PATCH', '/account/password', 10, 3600],
    ['POST', '/account/verifications/email', 10, 3600],
    ['PUT', '/account/verifications/email', 10, 3600],
    ['POST', '/account/recovery', 10, 3600],
    ['PUT', '/account/recovery', 10, 3600],
    ['POST', ROWS, 120, 60],
    ['PUT', `${ROWS}/r`, 120, 60],
    ['PATCH', `${ROWS}/r`, 120, 60],
    ['DELETE', `${ROWS}/r`, 60, 60],
    ['PATCH', `${ROWS}/r/count/increment`, 120, 60],
    ['PATCH', `${ROWS}/r/count/decrement`, 120, 60],
    ['POST', FILES, 60, 60],
    ['DELETE', `${FILES}/f`, 60, 60],
  ];

  const UNLIMITED: ReadonlyArray<readonly [string, string]> = [
    ['GET', '/account'],
    ['PATCH', '/account/name'],
    ['GET', ROWS],
    ['PUT', `${FILES}/f`],
    ['POST', '/functions/commands/executions'],
  ];

  it('limits exactly the routes Appwrite limits (function executions are not among them)', async () => {
    const seen = async (method: string, path: string) => {
      const answer = await call(backend, method, path, method === 'GET' ? {} : { body: {} });
      const limit = answer.headers['x-ratelimit-limit'];
      const reset = Number(answer.headers['x-ratelimit-reset']);
      return { method, path, limit: limit === undefined ? undefined : Number(limit), reset, answeredAt: Date.now() / 1000 };
    };
    for (const [method, path, limit, window] of LIMITS) {
      const { reset, answeredAt, ...answer } = await seen(method, path);
      expect(answer).toEqual({ method, path, limit });
      // Windows are aligned to the clock: this one ends on a multiple of its length, less than one length away.
      expect({ path, aligned: reset % window === 0, endsWithinWindow: reset - answeredAt > -1 && reset - answeredAt <= window }).toEqual({
        path,
        aligned: true,
        endsWithinWindow: true,
      });
    }
    for (const [method, path] of UNLIMITED) expect(await seen(method, path)).toMatchObject({ method, path, limit: undefined });
  });
});
