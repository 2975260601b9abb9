import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, AppwriteException, Channel, Client, ID, OAuthProvider } from 'appwrite';
import { Users } from 'node-appwrite';
import { adminClient, itLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser } from '../support/browser.ts';
import { ACCOUNT, APPWRITE_DATE, expectModel, SESSION, TOKEN } from '../support/models.ts';
import { closeRealtimeClients, openRealtime } from '../support/realtime.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await closeRealtimeClients();
  await backend.close();
});

function email(label: string): string {
  return `${label}.${uniqueSuffix()}@example.com`;
}

async function failure(promise: Promise<unknown>): Promise<AppwriteException> {
  const outcome = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome).toBeInstanceOf(AppwriteException);
  return outcome as AppwriteException;
}

async function expectError(promise: Promise<unknown>, code: number, type: string): Promise<AppwriteException> {
  const error = await failure(promise);
  expect({ code: error.code, type: error.type }).toEqual({ code, type });
  return error;
}

function guestAccount(): Account {
  return new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
}

async function rawSignIn(address: string, password: string): Promise<Response> {
  return fetch(`${backend.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': backend.projectId, origin: 'http://localhost:5173' },
    body: JSON.stringify({ email: address, password }),
  });
}

describe('sign-up', () => {
  it('creates an Account with the exact model, lower-cases the e-mail and starts no session', async () => {
    const browser = openBrowser(backend);
    const address = email('Ada.Signup').replace('ada', 'ADA');
    const account = await browser.account.create({ userId: ID.unique(), email: address, password: 'correct horse', name: 'Ada' });

    expectModel(account, ACCOUNT);
    expect(account.email).toBe(address.toLowerCase());
    expect(account).toMatchObject({
      name: 'Ada',
      phone: '',
      status: true,
      labels: [],
      emailVerification: false,
      phoneVerification: false,
      mfa: false,
      prefs: {},
    });
    for (const field of ['$createdAt', '$updatedAt', 'registration', 'passwordUpdate', 'accessedAt'] as const) {
      expect(account[field]).toMatch(APPWRITE_DATE);
    }
    expect(Array.isArray(account.targets)).toBe(true);
    await expectError(browser.account.get(), 401, 'general_unauthorized_scope');
  });

  it('maps unique() to a fresh id and refuses a duplicate id or e-mail with user_already_exists', async () => {
    const browser = openBrowser(backend);
    const address = email('dup');
    const created = await browser.account.create({ userId: 'unique()', email: address, password: 'correct horse' });
    expect(created.$id).toMatch(/^[0-9a-f]{20}$/);

    await expectError(browser.account.create({ userId: created.$id, email: email('other'), password: 'correct horse' }), 409, 'user_already_exists');
    await expectError(browser.account.create({ userId: ID.unique(), email: address.toUpperCase(), password: 'correct horse' }), 409, 'user_already_exists');
  });

  it('validates e-mail, password length and name length', async () => {
    const browser = openBrowser(backend);
    const badEmail = await expectError(
      browser.account.create({ userId: ID.unique(), email: 'not-an-email', password: 'correct horse' }),
      400,
      'general_argument_invalid',
    );
    expect(badEmail.message).toBe('Invalid `email` param: Value must be a valid email address');
    const shortPassword = await expectError(
      browser.account.create({ userId: ID.unique(), email: email('short'), password: 'seven77' }),
      400,
      'general_argument_invalid',
    );
    expect(shortPassword.message).toContain('Password must be between 8 and 256 characters long');
    await expectError(browser.account.create({ userId: ID.unique(), email: email('long'), password: 'x'.repeat(257) }), 400, 'general_argument_invalid');
    await expectError(
      browser.account.create({ userId: ID.unique(), email: email('name'), password: 'correct horse', name: 'n'.repeat(129) }),
      400,
      'general_argument_invalid',
    );
    await expectError(browser.account.create({ userId: '-bad', email: email('id'), password: 'correct horse' }), 400, 'general_argument_invalid');
  });
});

describe('e-mail sessions', () => {
  it('answers a guest account.get() with the scope error apps rely on', async () => {
    const error = await expectError(guestAccount().get(), 401, 'general_unauthorized_scope');
    expect(error.message).toBe('User (role: guests) missing scopes (["account"])');
  });

  it('signs in with the Session model, both cookies and X-Fallback-Cookies', async () => {
    const address = email('login');
    await openBrowser(backend).account.create({ userId: ID.unique(), email: address, password: 'correct horse' });
    const response = await rawSignIn(address.toUpperCase(), 'correct horse');
    expect(response.status).toBe(201);
    const session = (await response.json()) as Record<string, unknown>;

    expectModel(session, SESSION);
    expect(session).toMatchObject({ provider: 'email', providerUid: address, factors: ['password'], current: true, secret: '' });
    expect(session.expire).toMatch(APPWRITE_DATE);
    expect(session.$createdAt).toMatch(APPWRITE_DATE);
    const yearAhead = Date.parse(session.expire as string) - Date.now();
    expect(yearAhead).toBeGreaterThan(364 * 24 * 3600 * 1000);

    const cookieName = `a_session_${backend.projectId}`;
    const cookies = response.headers.getSetCookie();
    const main = cookies.find((cookie) => cookie.startsWith(`${cookieName}=`));
    const legacy = cookies.find((cookie) => cookie.startsWith(`${cookieName}_legacy=`));
    expect(main).toMatch(/SameSite=None/);
    expect(main).toMatch(/HttpOnly/);
    expect(main).toMatch(/Path=\//);
    expect(legacy).toBeDefined();
    expect(legacy).not.toMatch(/SameSite/);

    const fallback = JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>;
    const token = fallback[cookieName] ?? '';
    const decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { id: string; secret: string };
    expect(decoded.id).toBe(session.userId);
    expect(decoded.secret.length).toBeGreaterThan(20);
    expect(decodeURIComponent((main ?? '').split(';')[0]!.split('=').slice(1).join('='))).toBe(token);

    // The fallback header alone (what the web SDK replays from localStorage) is a signed-in caller.
    const me = await fetch(`${backend.endpoint}/account`, {
      headers: { 'x-appwrite-project': backend.projectId, 'x-fallback-cookies': JSON.stringify(fallback) },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(address);
  });

  it('refuses wrong credentials, a second session, and a blocked user', async () => {
    const browser = await signedInBrowser(backend, { email: email('creds') });
    await expectError(browser.account.createEmailPasswordSession({ email: browser.email, password: browser.password }), 401, 'user_session_already_exists');

    const stranger = openBrowser(backend);
    const wrong = await expectError(
      stranger.account.createEmailPasswordSession({ email: browser.email, password: 'wrong password' }),
      401,
      'user_invalid_credentials',
    );
    expect(wrong.message).toBe('Invalid credentials. Please check the email and password.');
    await expectError(stranger.account.createEmailPasswordSession({ email: email('nobody'), password: 'correct horse' }), 401, 'user_invalid_credentials');

    await new Users(adminClient(backend)).updateStatus({ userId: browser.userId, status: false });
    // Appwrite answers a blocked user with 403 (app/config/errors.php: USER_BLOCKED).
    await expectError(stranger.account.createEmailPasswordSession({ email: browser.email, password: browser.password }), 403, 'user_blocked');
    await expectError(browser.account.get(), 403, 'user_blocked');
  });

  it("lists sessions with the caller's own marked current, and gets one by id or `current`", async () => {
    const first = await signedInBrowser(backend, { email: email('multi') });
    const second = openBrowser(backend);
    const secondSession = await second.account.createEmailPasswordSession({ email: first.email, password: first.password });

    const list = await first.account.listSessions();
    expect(list.total).toBe(2);
    expect(list.sessions).toHaveLength(2);
    const current = list.sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.$id).not.toBe(secondSession.$id);
    for (const session of list.sessions) {
      expectModel(session, SESSION);
      expect(session.secret).toBe('');
    }

    const viaAlias = await first.account.getSession({ sessionId: 'current' });
    expect(viaAlias.$id).toBe(current[0]!.$id);
    expect(viaAlias.current).toBe(true);
    const other = await first.account.getSession({ sessionId: secondSession.$id });
    expect(other.current).toBe(false);
    await expectError(first.account.getSession({ sessionId: 'nosuchsession' }), 404, 'user_session_not_found');
    await expectError(guestAccount().getSession({ sessionId: 'current' }), 401, 'general_unauthorized_scope');
  });

  it('deletes another session without signing the caller out', async () => {
    const first = await signedInBrowser(backend, { email: email('other') });
    const second = openBrowser(backend);
    const secondSession = await second.account.createEmailPasswordSession({ email: first.email, password: first.password });

    await expect(first.account.deleteSession({ sessionId: secondSession.$id })).resolves.toEqual({ message: '' });
    await expectError(second.account.get(), 401, 'general_unauthorized_scope');
    await expect(first.account.get()).resolves.toMatchObject({ $id: first.userId });
    await expectError(first.account.deleteSession({ sessionId: secondSession.$id }), 404, 'user_session_not_found');
  });

  it('signs out with expired cookies and `X-Fallback-Cookies: []`, which later means a guest', async () => {
    const browser = await signedInBrowser(backend, { email: email('logout') });
    const token = browser.sessionToken() ?? '';
    const cookieName = `a_session_${backend.projectId}`;

    const response = await fetch(`${backend.endpoint}/account/sessions/current`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': backend.projectId, 'x-appwrite-session': token },
      body: '{}',
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('x-fallback-cookies')).toBe('[]');
    const cleared = response.headers.getSetCookie();
    for (const name of [cookieName, `${cookieName}_legacy`]) {
      const cookie = cleared.find((value) => value.startsWith(`${name}=`)) ?? '';
      const expires = /Expires=([^;]+)/.exec(cookie)?.[1] ?? '';
      expect(Date.parse(expires)).toBeLessThan(Date.now());
    }

    const asFallback = await fetch(`${backend.endpoint}/account`, { headers: { 'x-appwrite-project': backend.projectId, 'x-fallback-cookies': '[]' } });
    expect(asFallback.status).toBe(401);
    expect(((await asFallback.json()) as { type: string }).type).toBe('general_unauthorized_scope');
    await expectError(browser.account.get(), 401, 'general_unauthorized_scope');
  });

  it('deleteSession("current") through the SDK leaves the browser a guest', async () => {
    const browser = await signedInBrowser(backend, { email: email('sdk-logout') });
    await browser.account.deleteSession({ sessionId: 'current' });
    await expectError(browser.account.get(), 401, 'general_unauthorized_scope');
    // Signing in again works: `[]` is not a session, so it does not count as "already signed in".
    await browser.account.createEmailPasswordSession({ email: browser.email, password: browser.password });
    await expect(browser.account.get()).resolves.toMatchObject({ $id: browser.userId });
  });

  it('deleteSessions signs out every browser of the user', async () => {
    const first = await signedInBrowser(backend, { email: email('all') });
    const second = openBrowser(backend);
    await second.account.createEmailPasswordSession({ email: first.email, password: first.password });
    await expect(first.account.deleteSessions()).resolves.toEqual({ message: '' });
    await expectError(first.account.get(), 401, 'general_unauthorized_scope');
    await expectError(second.account.get(), 401, 'general_unauthorized_scope');
  });
});

describe('profile', () => {
  it('updates the name and answers the Account', async () => {
    const browser = await signedInBrowser(backend, { email: email('name'), name: 'Before' });
    const updated = await browser.account.updateName({ name: 'After' });
    expectModel(updated, ACCOUNT);
    expect(updated.name).toBe('After');
    expect((await browser.account.get()).name).toBe('After');
  });

  it('reads prefs as the object itself and replaces them whole', async () => {
    const browser = await signedInBrowser(backend, { email: email('prefs') });
    expect(await browser.account.getPrefs()).toEqual({});
    const first = await browser.account.updatePrefs({ prefs: { theme: 'dark', size: 2 } });
    expect(first.prefs).toEqual({ theme: 'dark', size: 2 });
    await browser.account.updatePrefs({ prefs: { lang: 'en' } });
    expect(await browser.account.getPrefs()).toEqual({ lang: 'en' });
  });

  it('changes the password only with the old one', async () => {
    const browser = await signedInBrowser(backend, { email: email('password') });
    await expectError(browser.account.updatePassword({ password: 'new password 1', oldPassword: 'not the old one' }), 401, 'user_invalid_credentials');
    const updated = await browser.account.updatePassword({ password: 'new password 1', oldPassword: browser.password });
    expect(updated.passwordUpdate).toMatch(APPWRITE_DATE);

    const other = openBrowser(backend);
    await expectError(other.account.createEmailPasswordSession({ email: browser.email, password: browser.password }), 401, 'user_invalid_credentials');
    await expect(other.account.createEmailPasswordSession({ email: browser.email, password: 'new password 1' })).resolves.toMatchObject({
      userId: browser.userId,
    });
  });
});

describe('e-mail change', () => {
  it('changes the address with the current password, lower-cased, resets verification and announces users.U.update.email', async () => {
    const browser = await signedInBrowser(backend, { email: email('move') });
    await new Users(adminClient(backend)).updateEmailVerification({ userId: browser.userId, emailVerification: true });
    const live = openRealtime(backend, { session: browser.sessionToken() });
    const feed = await live.subscribe([Channel.account()]);

    const next = email('Moved.Here');
    const updated = await browser.account.updateEmail({ email: next.toUpperCase(), password: browser.password });
    expectModel(updated, ACCOUNT);
    expect(updated).toMatchObject({ $id: browser.userId, email: next.toLowerCase(), emailVerification: false });
    expect(await browser.account.get()).toMatchObject({ email: next.toLowerCase(), emailVerification: false });

    const event = await feed.waitFor((received) => received.events.includes(`users.${browser.userId}.update.email`));
    expect(event.events).toEqual(expect.arrayContaining(['users.*.update.email', `users.${browser.userId}.update`]));
    expect(event.payload).toMatchObject({ $id: browser.userId, email: next.toLowerCase(), emailVerification: false });
    expectModel(event.payload, ACCOUNT);

    // The new address signs in; the old one no longer does.
    await expect(openBrowser(backend).account.createEmailPasswordSession({ email: next, password: browser.password })).resolves.toMatchObject({
      userId: browser.userId,
    });
    await expectError(
      openBrowser(backend).account.createEmailPasswordSession({ email: browser.email, password: browser.password }),
      401,
      'user_invalid_credentials',
    );
  });

  it("refuses a wrong password, a taken address (also the account's own), a bad address and a guest, changing nothing", async () => {
    const browser = await signedInBrowser(backend, { email: email('stay') });
    const other = await signedInBrowser(backend, { email: email('taken') });
    await expectError(browser.account.updateEmail({ email: email('elsewhere'), password: 'not the password' }), 401, 'user_invalid_credentials');
    const taken = await expectError(
      browser.account.updateEmail({ email: other.email.toUpperCase(), password: browser.password }),
      409,
      'user_target_already_exists',
    );
    expect(taken.message).toBe('A target with the same ID already exists.');
    await expectError(browser.account.updateEmail({ email: browser.email, password: browser.password }), 409, 'user_target_already_exists');
    const invalid = await expectError(browser.account.updateEmail({ email: 'not-an-email', password: browser.password }), 400, 'general_argument_invalid');
    expect(invalid.message).toBe('Invalid `email` param: Value must be a valid email address');
    await expectError(browser.account.updateEmail({ email: email('short'), password: 'seven77' }), 400, 'general_argument_invalid');
    await expectError(guestAccount().updateEmail({ email: email('guest'), password: 'correct horse' }), 401, 'general_unauthorized_scope');
    expect(await browser.account.get()).toMatchObject({ email: browser.email });
  });

  // Local only: the account without a password comes from the local identity provider.
  itLocal('lets an account without a password (federated sign-in) set its address and first password at once', async () => {
    const federated = await federatedSignIn(email('federated'));
    expect((await federated.get()).passwordUpdate).toBe('');
    const address = email('first-password');
    const updated = await federated.updateEmail({ email: address, password: 'first password 1' });
    expect(updated).toMatchObject({ email: address, emailVerification: false });
    expect(updated.passwordUpdate).toMatch(APPWRITE_DATE);
    await expect(openBrowser(backend).account.createEmailPasswordSession({ email: address, password: 'first password 1' })).resolves.toMatchObject({
      userId: updated.$id,
    });
  });
});

/** Signs a new account in through the local identity provider (OAuth2 session flow); it has no password. */
async function federatedSignIn(address: string): Promise<Account> {
  const start = new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId)).createOAuth2Session({
    provider: OAuthProvider.Google,
    success: 'http://localhost:5173/done',
    failure: 'http://localhost:5173/failed',
  });
  const providerPage = await fetch(String(start), { redirect: 'manual' });
  const pageUrl = new URL(providerPage.headers.get('location') ?? '');
  const html = await (await fetch(pageUrl)).text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
  const state = /<input type="hidden" name="state" value="([^"]+)">/.exec(html)?.[1] ?? '';
  const signedIn = await fetch(new URL(action.replace(/&amp;/g, '&'), pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: state.replace(/&amp;/g, '&'), email: address }).toString(),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  return new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setCookie(cookie));
}

describe('JWTs', () => {
  it('creates a JWT that a fresh client can use with setJWT', async () => {
    const browser = await signedInBrowser(backend, { email: email('jwt') });
    const created = await browser.account.createJWT();
    expect(Object.keys(created)).toEqual(['jwt']);
    expect(created.jwt.split('.')).toHaveLength(3);

    const jwtClient = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setJWT(created.jwt);
    await expect(new Account(jwtClient).get()).resolves.toMatchObject({ $id: browser.userId, email: browser.email });
    await expectError(new Account(jwtClient).createJWT(), 403, 'user_jwt_creation_denied');
  });

  it('refuses a JWT next to a session, an out-of-range duration, and a JWT whose session ended', async () => {
    const browser = await signedInBrowser(backend, { email: email('jwt-cookie') });
    const { jwt } = await browser.account.createJWT({ duration: 60 });
    await expectError(browser.account.createJWT({ duration: 3601 }), 400, 'general_argument_invalid');

    const both = await signedInBrowser(backend, { email: email('jwt-both') });
    both.client.setJWT(jwt);
    await expectError(both.account.get(), 403, 'user_jwt_and_cookie_set');

    await browser.account.deleteSession({ sessionId: 'current' });
    const jwtClient = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setJWT(jwt);
    await expectError(new Account(jwtClient).get(), 401, 'general_unauthorized_scope');
    const garbage = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setJWT('not.a.jwt');
    await expectError(new Account(garbage).get(), 401, 'user_jwt_invalid');
  });
});

describe('e-mail verification through the development outbox', () => {
  interface OutboxMessage {
    id: string;
    to: string;
    subject: string;
    text: string;
    links: string[];
    createdAt: string;
  }

  async function outbox(to: string): Promise<{ total: number; messages: OutboxMessage[] }> {
    const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(200);
    return (await response.json()) as { total: number; messages: OutboxMessage[] };
  }

  // Local only: the mailed link is read from the local backend's development outbox.
  itLocal("mails a link built from the app URL, and the link's userId/secret verify the address", async () => {
    const browser = await signedInBrowser(backend, { email: email('verify') });
    const token = await browser.account.createVerification({ url: 'http://localhost:5173/verify?from=mail' });
    expectModel(token, TOKEN);
    expect(token).toMatchObject({ userId: browser.userId, secret: '', phrase: '' });
    expect(token.$createdAt).toMatch(APPWRITE_DATE);
    const lifetime = Date.parse(token.expire) - Date.parse(token.$createdAt);
    // Appwrite 1.9's TOKEN_EXPIRATION_CONFIRM: an hour.
    expect(lifetime).toBe(3600 * 1000);

    const { total, messages } = await outbox(browser.email);
    expect(total).toBe(1);
    const [mail] = messages;
    expect(mail).toMatchObject({ to: browser.email, subject: `Account Verification for ${backend.projectId}` });
    expect(mail!.createdAt).toMatch(APPWRITE_DATE);
    expect(mail!.links).toHaveLength(1);
    expect(mail!.text).toContain(mail!.links[0]);
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:5173/verify');
    expect(link.searchParams.get('from')).toBe('mail');
    expect(link.searchParams.get('userId')).toBe(browser.userId);
    expect(link.searchParams.get('expire')).toBe(token.expire);
    const secret = link.searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[0-9a-f]{256}$/);

    await expectError(browser.account.updateVerification({ userId: browser.userId, secret: 'wrong' }), 401, 'user_invalid_token');
    const confirmed = await browser.account.updateVerification({ userId: browser.userId, secret });
    expectModel(confirmed, TOKEN);
    expect(confirmed).toMatchObject({ $id: token.$id, userId: browser.userId, secret: '' });
    expect((await browser.account.get()).emailVerification).toBe(true);

    // One use only, and a verified address is not verified again.
    await expectError(browser.account.updateVerification({ userId: browser.userId, secret }), 401, 'user_invalid_token');
    await expectError(browser.account.createVerification({ url: 'http://localhost:5173/verify' }), 409, 'user_email_already_verified');
  });

  // Local only: the mailed link is read from the local backend's development outbox.
  itLocal('lets the link be completed from a browser that is not signed in', async () => {
    const browser = await signedInBrowser(backend, { email: email('verify-elsewhere') });
    await browser.account.createVerification({ url: 'http://localhost:5173/verify' });
    const link = new URL((await outbox(browser.email)).messages[0]!.links[0]!);
    const phone = openBrowser(backend);
    await phone.account.updateVerification({ userId: link.searchParams.get('userId')!, secret: link.searchParams.get('secret')! });
    expect((await browser.account.get()).emailVerification).toBe(true);
  });

  it('needs a signed-in caller and a valid URL to send the mail', async () => {
    await expectError(guestAccount().createVerification({ url: 'http://localhost:5173/verify' }), 401, 'general_unauthorized_scope');
    const browser = await signedInBrowser(backend, { email: email('verify-url') });
    await expectError(browser.account.createVerification({ url: 'not a url' }), 400, 'general_argument_invalid');
    await expectError(guestAccount().updateVerification({ userId: 'nosuchuser', secret: 'x' }), 404, 'user_not_found');
  });

  // Local only: the mailed link is read from the local backend's development outbox.
  itLocal('lists the outbox newest first across recipients', async () => {
    const first = await signedInBrowser(backend, { email: email('outbox-a') });
    const second = await signedInBrowser(backend, { email: email('outbox-b') });
    await first.account.createVerification({ url: 'http://localhost:5173/verify' });
    await second.account.createVerification({ url: 'http://localhost:5173/verify' });
    const response = await fetch(`${backend.endpoint}/dev/outbox`);
    const all = (await response.json()) as { total: number; messages: OutboxMessage[] };
    expect(all.total).toBe(all.messages.length);
    const recipients = all.messages.map((message) => message.to);
    expect(recipients.indexOf(second.email)).toBeLessThan(recipients.indexOf(first.email));
    expect(Object.keys(all.messages[0]!).sort()).toEqual(['createdAt', 'id', 'links', 'subject', 'text', 'to']);
  });
});
