import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, Client, ID, OAuthProvider } from 'appwrite';
import { Users } from 'node-appwrite';
import WebSocket from 'ws';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { signedInBrowser } from '../support/browser.ts';
import { requestFromPeer } from '../support/remote-peer.ts';

/**
 * Issue 11, items 1, 2, 4, 5 and 11: what a stranger could do through the development surfaces,
 * from another site in the same browser, or with a malformed request. Each test is the attack as it
 * was carried out; each now fails for the attacker.
 */

/** Another machine on the school network (a documentation address: nothing is ever sent there). */
const STRANGER = '203.0.113.7';
/** A page on another port of the same host, which the browser treats as another site. */
const FOREIGN_ORIGIN = 'http://127.0.0.1:9';
const REGISTERED_ORIGIN = 'http://localhost:5173';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

function server() {
  const local = backend.local;
  if (!local) throw new Error('local backend only');
  return local.server;
}

function email(label: string): string {
  return `${label}.${uniqueSuffix()}@example.com`;
}

function api(path: string): string {
  return `${backend.endpoint}${path}`;
}

async function oauthStart(options: { success?: string; failure?: string } = {}): Promise<string> {
  const account = new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
  const url = account.createOAuth2Token({
    provider: OAuthProvider.Google,
    success: options.success ?? `${REGISTERED_ORIGIN}/auth/done`,
    failure: options.failure ?? `${REGISTERED_ORIGIN}/auth/failed`,
  });
  if (typeof url !== 'string') throw new Error('the SDK navigated instead of returning its URL');
  return url;
}

/** The provider page's URL (with its sealed state), reached from this machine as a developer would. */
async function providerPageUrl(): Promise<URL> {
  const started = await fetch(await oauthStart(), { redirect: 'manual' });
  return new URL(started.headers.get('location') ?? '');
}

// Local only: the outbox and the identity provider are development surfaces Appwrite does not have.
describeLocal('development surfaces answer this machine only (items 1 and 2)', () => {
  it('refuses the outbox to another machine, even when it claims to be local in X-Forwarded-For or Host', async () => {
    const victim = await signedInBrowser(backend, { email: email('principal') });
    await victim.account.createVerification({ url: `${REGISTERED_ORIGIN}/verify` });

    const claims: Array<Record<string, string>> = [{}, { 'x-forwarded-for': '127.0.0.1', host: '127.0.0.1' }, { 'x-real-ip': '127.0.0.1', host: 'localhost' }];
    for (const headers of claims) {
      const answer = await requestFromPeer(server(), STRANGER, api(`/dev/outbox?to=${encodeURIComponent(victim.email)}`), { headers });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ type: 'general_access_forbidden' });
      expect(answer.text).not.toContain('secret=');
    }
    // On this machine the developer still reads it.
    const local = await fetch(api(`/dev/outbox?to=${encodeURIComponent(victim.email)}`));
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('secret=');
  });

  it('answers the outbox with no CORS headers, so no web page can read it, even a registered one', async () => {
    const answer = await fetch(api('/dev/outbox'), { headers: { origin: REGISTERED_ORIGIN } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(api('/dev/outbox'), { method: 'OPTIONS', headers: { origin: REGISTERED_ORIGIN, 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a page that rebinds its own domain to this machine (Host not a loopback name)', async () => {
    const answer = await requestFromPeer(server(), '127.0.0.1', api('/dev/outbox'), { headers: { host: `rebind.attacker.example:${backend.local?.port}` } });
    expect(answer.status).toBe(403);
  });

  it('refuses the identity provider page and its callback to another machine: no session, no account', async () => {
    const page = await providerPageUrl();
    const shown = await requestFromPeer(server(), STRANGER, page.toString(), { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(shown.status).toBe(403);

    const users = new Users(adminClient(backend));
    const teacher = await users.create({ userId: ID.unique(), email: email('teacher'), password: 'correct horse battery' });
    const callback = `${backend.endpoint}/account/sessions/oauth2/callback/google/${backend.projectId}`;
    const posted = await requestFromPeer(server(), STRANGER, callback, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '127.0.0.1' },
      body: new URLSearchParams({ state: page.searchParams.get('state') ?? '', email: teacher.email }).toString(),
    });
    expect(posted.status).toBe(403);
    expect(posted.headers['set-cookie']).toBeUndefined();
    expect(posted.headers.location).toBeUndefined();
    expect((await users.listSessions({ userId: teacher.$id })).total).toBe(0);
  });

  it("sends a sign-in started from another machine to the app's failure page", async () => {
    const answer = await requestFromPeer(server(), STRANGER, await oauthStart());
    expect(answer.status).toBe(301);
    const failure = new URL(String(answer.headers.location));
    expect(`${failure.origin}${failure.pathname}`).toBe(`${REGISTERED_ORIGIN}/auth/failed`);
    expect(JSON.parse(failure.searchParams.get('error') ?? '{}')).toMatchObject({ type: 'general_access_forbidden', code: 403 });
  });
});

describe('browser requests from unregistered origins (item 4)', () => {
  it("refuses a page on another port of the same host reading a signed-in student's account", async () => {
    const student = await signedInBrowser(backend, { email: email('student') });
    const headers = { origin: FOREIGN_ORIGIN, cookie: student.cookieHeader(), 'x-appwrite-project': backend.projectId };
    const read = await fetch(api('/account'), { headers });
    expect(read.status).toBe(403);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const body = await read.text();
    expect(JSON.parse(body)).toMatchObject({ type: 'general_unknown_origin', code: 403 });
    expect(body).not.toContain(student.email.toLowerCase());

    // Nor can it write: the preflight grants nothing, and the request itself is refused.
    const preflight = await fetch(api('/account/name'), { method: 'OPTIONS', headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'PATCH' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const write = await fetch(api('/account/name'), {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hacked' }),
    });
    expect(write.status).toBe(403);
    expect((await student.account.get()).name).not.toBe('Hacked');
  });

  it('refuses the opaque origin of sandboxed frames and files', async () => {
    const read = await fetch(api('/account'), { headers: { origin: 'null', 'x-appwrite-project': backend.projectId } });
    expect(read.status).toBe(403);
  });

  it('answers the registered web platforms and the portal the server serves, echoing the exact origin', async () => {
    const student = await signedInBrowser(backend, { email: email('registered') });
    for (const origin of [REGISTERED_ORIGIN, new URL(backend.endpoint).origin]) {
      const read = await fetch(api('/account'), { headers: { origin, cookie: student.cookieHeader(), 'x-appwrite-project': backend.projectId } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('lets a server SDK with an API key through whatever Origin it sends, as Appwrite does', async () => {
    const answer = await fetch(api('/users'), {
      headers: { origin: FOREIGN_ORIGIN, 'x-appwrite-project': backend.projectId, 'x-appwrite-key': backend.apiKey },
    });
    expect(answer.status).toBe(200);
  });

  it('closes a realtime socket opened from an unregistered origin with 1008', async () => {
    const url = `${backend.endpoint.replace(/^http/, 'ws')}/realtime?project=${backend.projectId}&channels[]=account`;
    const refused = await new Promise<{ code: number; frames: string[] }>((resolve) => {
      const frames: string[] = [];
      const socket = new WebSocket(url, { origin: FOREIGN_ORIGIN });
      socket.on('message', (data) => frames.push(String(data)));
      socket.on('close', (code) => resolve({ code, frames }));
    });
    expect(refused.code).toBe(1008);
    expect(refused.frames.join('')).toContain('Invalid Origin');

    const accepted = await new Promise<string>((resolve, reject) => {
      const socket = new WebSocket(url, { origin: REGISTERED_ORIGIN });
      socket.on('message', (data) => {
        resolve(String(data));
        socket.close();
      });
      socket.on('error', reject);
    });
    expect(JSON.parse(accepted)).toMatchObject({ type: 'connected' });
  });
});

describe('OAuth2 redirect URLs (item 5)', () => {
  it('refuses to deliver the login secret to an unregistered site', async () => {
    for (const options of [{ success: 'https://evil.example/steal' }, { failure: 'https://evil.example/steal' }, { success: `${FOREIGN_ORIGIN}/steal` }]) {
      const answer = await fetch(await oauthStart(options), { redirect: 'manual' });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      const body = (await answer.json()) as { type: string; message: string };
      expect(body.type).toBe('general_argument_invalid');
      expect(body.message).toContain('URL host must be one of');
    }
  });
});

describe('links in mails (item 5, as Appwrite checks them)', () => {
  it('refuses a verification link that would send the student to an unregistered site', async () => {
    const student = await signedInBrowser(backend, { email: email('phished') });
    const refused = await student.account.createVerification({ url: 'https://evil.example/verify' }).then(
      () => undefined,
      (error: unknown) => error as { code: number; type: string },
    );
    expect(refused).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    await expect(student.account.createVerification({ url: `${REGISTERED_ORIGIN}/verify` })).resolves.toMatchObject({ userId: student.userId });
  });
});

// Appwrite refuses any request over 12 MiB with 413 (its HTTP server's package limit); the JSON answer and its
// "Request body is too large." message are the local backend's own.
describeLocal('a refused oversized body (item 11)', () => {
  /** Sends requests one after another through an agent that keeps one socket alive, as browsers and fetch do. */
  function send(agent: Agent, init: { method: string; path: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean }) {
    return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const target = new URL(api(init.path));
      const outgoing = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: init.method,
          agent,
          headers: { 'x-appwrite-project': backend.projectId, ...init.headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      // The server may refuse before the whole body is sent; the answer is what counts.
      outgoing.on('error', reject);
      if (init.body && init.chunked) {
        for (let offset = 0; offset < init.body.length; offset += 1 << 20) outgoing.write(init.body.subarray(offset, offset + (1 << 20)));
        outgoing.end();
      } else outgoing.end(init.body);
    });
  }

  it.each([
    ['with a Content-Length', false],
    ['sent in chunks', true],
  ])('answers 413 with Connection: close, and the next request on the same client works (%s)', async (_label, chunked) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const huge = Buffer.alloc(13 * 1024 * 1024, 'a');
      const refused = await send(agent, { method: 'POST', path: '/account', headers: { 'content-type': 'application/json' }, body: huge, chunked });
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe('close');
      expect(JSON.parse(refused.body)).toMatchObject({ message: 'Request body is too large.' });

      const next = await send(agent, { method: 'GET', path: '/account' });
      expect(next.status).toBe(401);
      expect(JSON.parse(next.body)).toMatchObject({ type: 'general_unauthorized_scope' });
    } finally {
      agent.destroy();
    }
  });
});
