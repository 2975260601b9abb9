import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, ID } from 'appwrite';
import { Users } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser } from '../support/browser.ts';
import { ACCOUNT, expectModel, SESSION } from '../support/models.ts';

// Appwrite 1.9's passwordless and anonymous sign-in, the older paths it still serves, and what a
// session records about the browser that opened it (issue 22).
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

function email(label: string): string {
  return `${label}.${uniqueSuffix()}@example.com`;
}

async function expectError(promise: Promise<unknown>, code: number, type: string): Promise<AppwriteException> {
  const outcome = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome).toBeInstanceOf(AppwriteException);
  const error = outcome as AppwriteException;
  expect({ code: error.code, type: error.type }).toEqual({ code, type });
  return error;
}

/** The newest mail of the development outbox to `address` (local only: a real Appwrite sends real mail). */
async function lastMail(address: string): Promise<{ subject: string; text: string; links: string[] }> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await response.json()) as { messages: Array<{ subject: string; text: string; links: string[] }> };
  const [message] = messages;
  expect(message, `a mail to ${address}`).toBeDefined();
  return message as { subject: string; text: string; links: string[] };
}

async function raw(path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }): Promise<Response> {
  return fetch(`${backend.endpoint}${path}`, {
    method: init.method,
    headers: { 'content-type': 'application/json', 'x-appwrite-project': backend.projectId, origin: 'http://localhost:5173', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describeLocal('e-mail codes and magic links (development outbox)', () => {
  it('mails a six-digit code that signs in once, verifies the address and keeps the account of a known address', async () => {
    const browser = openBrowser(backend);
    const address = email('otp');
    const token = await browser.account.createEmailToken({ userId: ID.unique(), email: address });
    expect(token).toMatchObject({ secret: '', phrase: '' });
    const mail = await lastMail(address);
    expect(mail.subject).toBe(`OTP for ${backend.projectId} Login`);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toContain(`Use OTP ${code} to sign in to ${backend.projectId}. Expires in 15 minutes.`);

    const session = await browser.account.createSession({ userId: token.userId, secret: code });
    expect(session).toMatchObject({ userId: token.userId, provider: 'token', factors: ['email'], secret: '' });
    expect(await browser.account.get()).toMatchObject({ $id: token.userId, email: address, emailVerification: true });
    await expectError(openBrowser(backend).account.createSession({ userId: token.userId, secret: code }), 401, 'user_invalid_token');

    const again = await openBrowser(backend).account.createEmailToken({ userId: ID.unique(), email: address, phrase: true });
    expect(again.userId).toBe(token.userId);
    expect(again.phrase).toMatch(/^[A-Z][a-z-]+ [a-z ]+$/);
    expect((await lastMail(address)).text).toContain(`Security phrase for this email is ${again.phrase}.`);
  });

  it('mails a magic link to a registered page, trades it for a session on either path, and refuses a stranger page', async () => {
    const browser = openBrowser(backend);
    const address = email('magic');
    const token = await browser.account.createMagicURLToken({ userId: ID.unique(), email: address, url: 'http://localhost:5173/magic' });
    const mail = await lastMail(address);
    expect(mail.subject).toBe(`${backend.projectId} Login`);
    const link = new URL(mail.links[0] ?? '');
    expect(link.origin + link.pathname).toBe('http://localhost:5173/magic');
    expect(link.searchParams.get('userId')).toBe(token.userId);
    expect(link.searchParams.get('secret')).toHaveLength(64);

    const session = await browser.account.updateMagicURLSession({ userId: token.userId, secret: link.searchParams.get('secret') ?? '' });
    expect(session).toMatchObject({ provider: 'magic-url', factors: ['email'] });
    expect((await browser.account.get()).emailVerification).toBe(true);

    await expectError(
      openBrowser(backend).account.createMagicURLToken({ userId: ID.unique(), email: address, url: 'https://evil.example/magic' }),
      400,
      'general_argument_invalid',
    );
    const older = await raw('/account/sessions/magic-url', { method: 'POST', body: { userId: ID.unique(), email: address } });
    expect(older.status).toBe(201);
  });

  it('answers the secret of a code to an API key only', async () => {
    const address = email('otp.key');
    const response = await fetch(`${backend.endpoint}/account/tokens/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': backend.projectId, 'x-appwrite-key': backend.apiKey },
      body: JSON.stringify({ userId: ID.unique(), email: address }),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { secret: string }).secret).toMatch(/^\d{6}$/);
  });
});

describe('anonymous sessions', () => {
  it('creates a user with no address, refuses a second session and converts with an e-mail and password', async () => {
    const browser = openBrowser(backend);
    const session = await browser.account.createAnonymousSession();
    expectModel(session, SESSION);
    expect(session).toMatchObject({ provider: 'anonymous', factors: ['anonymous'], secret: '' });
    await expectError(browser.account.createAnonymousSession(), 401, 'user_session_already_exists');
    await expectError(browser.account.createVerification({ url: 'http://localhost:5173/verify' }), 400, 'user_email_not_found');

    const address = email('converted');
    const converted = await browser.account.updateEmail({ email: address, password: 'correct horse' });
    expect(converted).toMatchObject({ email: address, emailVerification: false });
    await openBrowser(backend).account.createEmailPasswordSession({ email: address, password: 'correct horse' });
  });
});

describe('older paths Appwrite 1.9 still serves', () => {
  it('signs in on POST /account/sessions, mints a JWT on POST /account/jwt and verifies on /account/verification', async () => {
    const address = email('aliases');
    await openBrowser(backend).account.create({ userId: ID.unique(), email: address, password: 'correct horse' });
    const signIn = await raw('/account/sessions', { method: 'POST', body: { email: address, password: 'correct horse' } });
    expect(signIn.status).toBe(201);
    const session = (await signIn.json()) as { $id: string };
    const token = signIn.headers.get('x-fallback-cookies') ?? '';
    const headers = { 'x-fallback-cookies': token };

    const jwt = await raw('/account/jwt', { method: 'POST', headers });
    expect(jwt.status).toBe(201);
    expect(jwt.headers.get('x-ratelimit-limit')).toBe('120');
    const verification = await raw('/account/verification', { method: 'POST', headers, body: { url: 'http://localhost:5173/verify' } });
    expect(verification.status).toBe(201);
    expect(((await verification.json()) as { userId: string }).userId).toBeTruthy();
    expect(session.$id).toBeTruthy();
  });
});

describe('the phone number', () => {
  it('changes with the password, must be verified again, and phone tokens answer 503 with no SMS provider', async () => {
    const browser = await signedInBrowser(backend, { email: email('phone') });
    const number = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    await expectError(browser.account.updatePhone({ phone: number, password: 'not the password' }), 401, 'user_invalid_credentials');
    expect(await browser.account.updatePhone({ phone: number, password: browser.password })).toMatchObject({ phone: number, phoneVerification: false });
    const other = await signedInBrowser(backend, { email: email('phone.other') });
    await expectError(other.account.updatePhone({ phone: number, password: other.password }), 409, 'user_target_already_exists');
    await expectError(openBrowser(backend).account.createPhoneToken({ userId: ID.unique(), phone: number }), 503, 'general_phone_disabled');
  });
});

describe('sessions and the audit log', () => {
  it('records the client, OS and device of the User-Agent, and the X-Forwarded-For address as Appwrite does', async () => {
    const address = email('agent');
    await openBrowser(backend).account.create({ userId: ID.unique(), email: address, password: 'correct horse' });
    const response = await raw('/account/sessions/email', {
      method: 'POST',
      body: { email: address, password: 'correct horse' },
      headers: {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36',
        'x-forwarded-for': '191.0.113.195, 10.0.0.1',
      },
    });
    const session = (await response.json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      ip: '191.0.113.195',
      osCode: 'WIN',
      osName: 'Windows',
      osVersion: '10',
      clientType: 'browser',
      clientCode: 'CH',
      clientName: 'Chrome',
      clientVersion: '70.0',
      clientEngine: 'Blink',
      deviceName: 'desktop',
      countryCode: '--',
      countryName: 'Unknown',
    });
  });

  it('lists the account log newest first, refreshes a session and lets a user delete their account', async () => {
    const browser = await signedInBrowser(backend, { email: email('logs') });
    const logs = await browser.account.listLogs();
    expect(logs.logs.map((log) => log.event)).toEqual(['session.create', 'user.create']);
    expect((await browser.account.listLogs({ total: false })).total).toBe(0);

    const before = await browser.account.getSession({ sessionId: 'current' });
    const refreshed = await browser.account.updateSession({ sessionId: 'current' });
    expect(Date.parse(refreshed.expire)).toBeGreaterThanOrEqual(Date.parse(before.expire));

    const response = await raw('/account', { method: 'DELETE', headers: { cookie: browser.cookieHeader() } });
    expect(response.status).toBe(204);
    await expectError(browser.account.get(), 401, 'general_unauthorized_scope');
  });

  it('blocks a user who asks to be blocked: their cookies are cleared and their sessions refused with 403', async () => {
    const browser = await signedInBrowser(backend, { email: email('self.block') });
    const token = browser.sessionToken() ?? '';
    const blocked = await browser.account.updateStatus();
    expectModel(blocked, ACCOUNT);
    expect(blocked.status).toBe(false);
    const again = await raw('/account', { method: 'GET', headers: { 'x-appwrite-session': token } });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { type: string }).type).toBe('user_blocked');
    await expectError(openBrowser(backend).account.createEmailPasswordSession({ email: browser.email, password: browser.password }), 403, 'user_blocked');
  });
});

describeLocal('the project sessions limit and duration', () => {
  it('ends the oldest session past sessionsLimit and gives new sessions the configured duration', async () => {
    const limited = await startTestBackend({ authSecurity: { sessionsLimit: 2, duration: 3600 } });
    try {
      const address = email('limit');
      await openBrowser(limited).account.create({ userId: ID.unique(), email: address, password: 'correct horse' });
      const first = openBrowser(limited);
      const session = await first.account.createEmailPasswordSession({ email: address, password: 'correct horse' });
      expect(Date.parse(session.expire) - Date.parse(session.$createdAt)).toBeLessThanOrEqual(3600 * 1000 + 1000);
      await openBrowser(limited).account.createEmailPasswordSession({ email: address, password: 'correct horse' });
      await openBrowser(limited).account.createEmailPasswordSession({ email: address, password: 'correct horse' });
      await expectError(first.account.get(), 401, 'general_unauthorized_scope');
      const users = new Users(adminClient(limited));
      const [user] = (await users.list({ search: address })).users;
      expect((await users.listSessions({ userId: user?.$id ?? '' })).total).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
