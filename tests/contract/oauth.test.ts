import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Account, AppwriteException, Client, ID, OAuthProvider } from 'appwrite';
import { Users } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser } from '../support/browser.ts';

/**
 * Federated sign-in through the local identity provider, driven the way a browser drives it:
 * the web SDK builds the OAuth2 URL, each redirect is followed by hand (fetch, redirect: 'manual'),
 * the provider page's form is read from its HTML and posted, and the web SDK finishes the sign-in.
 */

const APP = 'http://app.example:5173';
const SUCCESS = `${APP}/auth/done?next=%2Fjobs`;
const FAILURE = `${APP}/auth/failed?from=login`;

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

function email(label: string): string {
  return `${label}-${uniqueSuffix()}@example.com`;
}

/** The URL the web SDK sends the browser to; outside a browser the SDK returns it instead of navigating. */
function oauthUrl(flow: 'token' | 'session', options: { provider?: OAuthProvider; success?: string; failure?: string; scopes?: string[] } = {}): string {
  const account = new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
  const params = {
    provider: options.provider ?? OAuthProvider.Google,
    success: options.success ?? SUCCESS,
    failure: options.failure ?? FAILURE,
    scopes: options.scopes,
  };
  const url = flow === 'token' ? account.createOAuth2Token(params) : account.createOAuth2Session(params);
  if (typeof url !== 'string') throw new Error('the SDK navigated instead of returning its URL');
  return url;
}

/** One navigation step: the response itself, redirects not followed. */
function hop(url: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  return fetch(url, { ...init, headers, redirect: 'manual' });
}

function location(response: Response): URL {
  expect(response.status).toBe(301);
  const target = response.headers.get('location');
  expect(target).toBeTruthy();
  return new URL(target as string);
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

interface ProviderPage {
  url: URL;
  html: string;
  action: URL;
  state: string;
  cancel: URL;
}

/** Navigates from the SDK's URL to the identity provider page and reads its form as a browser would. */
async function openProviderPage(startUrl: string, cookie?: string): Promise<ProviderPage> {
  const url = location(await hop(startUrl, { cookie }));
  const response = await hop(url.toString(), { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  const html = await response.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const state = /<input type="hidden" name="state" value="([^"]+)">/.exec(html)?.[1];
  const cancel = /<a href="([^"]+)">Cancel<\/a>/.exec(html)?.[1];
  if (!action || !state || !cancel) throw new Error(`provider page without its form:\n${html}`);
  return { url, html, action: new URL(decodeAttribute(action), url), state: decodeAttribute(state), cancel: new URL(decodeAttribute(cancel), url) };
}

function submit(page: ProviderPage, fields: Record<string, string>, cookie?: string): Promise<Response> {
  return hop(page.action.toString(), {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: page.state, ...fields }).toString(),
  });
}

/** The whole token flow up to the app's success URL. */
async function signInAtProvider(fields: Record<string, string>, cookie?: string): Promise<{ url: URL; userId: string; secret: string }> {
  const page = await openProviderPage(oauthUrl('token'), cookie);
  const url = location(await submit(page, fields, cookie));
  return { url, userId: url.searchParams.get('userId') ?? '', secret: url.searchParams.get('secret') ?? '' };
}

function failureOf(url: URL): { message: string; type: string; code: number } {
  expect(`${url.origin}${url.pathname}`).toBe(`${APP}/auth/failed`);
  expect(url.searchParams.get('from')).toBe('login');
  return JSON.parse(url.searchParams.get('error') ?? '{}') as { message: string; type: string; code: number };
}

async function rejection(promise: Promise<unknown>): Promise<AppwriteException> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(AppwriteException);
  return thrown as AppwriteException;
}

// Local only: these flows run through the local identity provider's page, where Appwrite sends the
// browser to the real provider (and checks redirect URLs against the project's platforms).
describeLocal('OAuth2 token flow (createOAuth2Token → local identity provider → createSession)', () => {
  it('sends the URL the web SDK builds on to an accessible local identity provider page', async () => {
    const start = new URL(oauthUrl('token', { scopes: ['openid', 'email'] }));
    expect(start.pathname).toBe('/v1/account/tokens/oauth2/google');
    expect(start.searchParams.get('project')).toBe(backend.projectId);
    expect(start.searchParams.get('scopes[1]')).toBe('email');

    const page = await openProviderPage(start.toString());
    expect(page.url.pathname).toBe('/v1/dev/oauth/authorize');
    expect(page.html).toContain('<title>Sign in with Google (local identity provider)</title>');
    expect(page.html).toMatch(/development stand-in for Google/);
    expect(page.html).toMatch(/<label for="email">[^<]+<\/label>\s*<input id="email" name="email" type="email"/);
    expect(page.html).toMatch(/<label for="name">[^<]+<\/label>\s*<input id="name" name="name"/);
    expect(page.action.pathname).toBe(`/v1/account/sessions/oauth2/callback/google/${backend.projectId}`);
  });

  it('returns userId and secret to the success URL, and createSession signs in with a verified e-mail', async () => {
    const address = email('ada');
    const { url, userId, secret } = await signInAtProvider({ email: address });
    expect(`${url.origin}${url.pathname}`).toBe(`${APP}/auth/done`);
    expect(url.searchParams.get('next')).toBe('/jobs');
    expect(userId).toMatch(/^[a-z0-9]{20}$/);
    expect(secret.length).toBeGreaterThanOrEqual(32);

    const browser = openBrowser(backend);
    const session = await browser.account.createSession({ userId, secret });
    expect(session.userId).toBe(userId);
    expect(session.provider).toBe('google');
    expect(session.providerUid).toBe(address);
    expect(session.current).toBe(true);
    expect(session.secret).toBe('');

    const me = await browser.account.get();
    expect(me.$id).toBe(userId);
    expect(me.email).toBe(address);
    expect(me.emailVerification).toBe(true);
    expect(me.name).toBe(address.split('@')[0]);
    expect(me.passwordUpdate).toBe('');
  });

  it('names a new account after the name typed on the provider page', async () => {
    const { userId, secret } = await signInAtProvider({ email: email('grace'), name: 'Grace Hopper' });
    const browser = openBrowser(backend);
    await browser.account.createSession({ userId, secret });
    expect((await browser.account.get()).name).toBe('Grace Hopper');
  });

  it('accepts a secret only once', async () => {
    const { userId, secret } = await signInAtProvider({ email: email('once') });
    await openBrowser(backend).account.createSession({ userId, secret });
    const error = await rejection(openBrowser(backend).account.createSession({ userId, secret }));
    expect(error.code).toBe(401);
    expect(error.type).toBe('user_invalid_token');
  });

  it('answers a wrong secret or another user id with user_invalid_token', async () => {
    const { userId, secret } = await signInAtProvider({ email: email('wrong') });
    const wrongSecret = await rejection(openBrowser(backend).account.createSession({ userId, secret: 'f'.repeat(64) }));
    expect(wrongSecret.type).toBe('user_invalid_token');
    const other = await signInAtProvider({ email: email('other') });
    const wrongUser = await rejection(openBrowser(backend).account.createSession({ userId: other.userId, secret }));
    expect(wrongUser.code).toBe(401);
    expect(wrongUser.type).toBe('user_invalid_token');
    // Neither failure used the token up.
    await expect(openBrowser(backend).account.createSession({ userId, secret })).resolves.toMatchObject({ userId });
  });

  it('starts the 60-second life of a secret when the provider hands it out, not when the page opens', async () => {
    const page = await openProviderPage(oauthUrl('token'));
    // The server runs in this process, so moving the clock moves its clock too.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      const lingered = location(await submit(page, { email: email('slow') }));
      const fresh = { userId: lingered.searchParams.get('userId') ?? '', secret: lingered.searchParams.get('secret') ?? '' };
      await expect(openBrowser(backend).account.createSession(fresh)).resolves.toMatchObject({ userId: fresh.userId });

      const late = await signInAtProvider({ email: email('late') });
      vi.setSystemTime(Date.now() + 61_000);
      const error = await rejection(openBrowser(backend).account.createSession({ userId: late.userId, secret: late.secret }));
      expect(error.type).toBe('user_invalid_token');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a sign-in abandoned on the provider page for too long to the failure URL', async () => {
    const page = await openProviderPage(oauthUrl('token'));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * 60_000);
      const error = failureOf(location(await submit(page, { email: email('abandoned') })));
      expect(error.type).toBe('general_bad_request');
      expect(error.code).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses to trade a token in a browser that already has a session', async () => {
    const address = email('twice');
    const first = await signInAtProvider({ email: address });
    const browser = openBrowser(backend);
    await browser.account.createSession({ userId: first.userId, secret: first.secret });
    const second = await signInAtProvider({ email: address });
    expect(second.userId).toBe(first.userId);
    const error = await rejection(browser.account.createSession({ userId: second.userId, secret: second.secret }));
    expect(error.code).toBe(401);
    expect(error.type).toBe('user_session_already_exists');
  });

  it('lists no accounts on the provider page, and reopens an account it created itself', async () => {
    const address = email('pick');
    const created = await signInAtProvider({ email: address, name: 'Picked Person' });
    const page = await openProviderPage(oauthUrl('token'));
    // Nobody learns from the page which addresses have an account.
    expect(page.html).not.toContain(address);
    expect(page.html).not.toContain('Picked Person');
    const url = location(await submit(page, { email: address }));
    expect(url.searchParams.get('userId')).toBe(created.userId);
  });

  it('sends Cancel back to the failure URL with the provider error', async () => {
    const page = await openProviderPage(oauthUrl('token'));
    const error = failureOf(location(await hop(page.cancel.toString())));
    expect(error.type).toBe('user_oauth2_provider_error');
    expect(error.code).toBe(424);
    expect(error.message).toContain('access_denied');
  });

  it('sends an invalid e-mail back to the failure URL with general_invalid_email', async () => {
    const page = await openProviderPage(oauthUrl('token'));
    const error = failureOf(location(await submit(page, { email: 'not-an-address' })));
    expect(error).toEqual({ message: 'Value must be a valid email address.', type: 'general_invalid_email', code: 400 });
  });

  it('refuses an unknown provider and a relative success URL with general_argument_invalid', async () => {
    const unknown = await hop(oauthUrl('token', { provider: 'myspace' as OAuthProvider }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { type: string }).type).toBe('general_argument_invalid');

    const relative = await hop(oauthUrl('token', { success: '/auth/done' }));
    expect(relative.status).toBe(400);
    const body = (await relative.json()) as { type: string; message: string };
    expect(body.type).toBe('general_argument_invalid');
    expect(body.message).toContain('`success`');
  });

  it('answers a tampered state with a 400 error and no redirect', async () => {
    const page = await openProviderPage(oauthUrl('token', { success: 'http://app.example:6000/' }));
    const [body, signature] = page.state.split('.');
    const forged = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    forged.success = `${APP}/auth/done`;
    const tampered = { ...page, state: `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}` };
    const response = await submit(tampered, { email: email('forged') });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(((await response.json()) as { type: string }).type).toBe('general_bad_request');
  });
});

// Local only: these flows run through the local identity provider's page, where Appwrite sends the
// browser to the real provider (and checks redirect URLs against the project's platforms).
describeLocal('OAuth2 session flow (createOAuth2Session)', () => {
  it('sets the session cookies on the redirect to the success URL, which carries no secret', async () => {
    const address = email('cookie');
    const page = await openProviderPage(oauthUrl('session'));
    const response = await submit(page, { email: address });
    const url = location(response);
    expect(`${url.origin}${url.pathname}`).toBe(`${APP}/auth/done`);
    expect(url.searchParams.has('secret')).toBe(false);
    expect(url.searchParams.has('userId')).toBe(false);

    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith(`a_session_${backend.projectId}=`) && cookie.includes('SameSite=None'))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith(`a_session_${backend.projectId}_legacy=`))).toBe(true);
    expect(response.headers.get('x-fallback-cookies')).toContain(`a_session_${backend.projectId}`);

    const cookieHeader = cookies.map((cookie) => cookie.split(';')[0]).join('; ');
    const account = new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setCookie(cookieHeader));
    const me = await account.get();
    expect(me.email).toBe(address);
    expect(me.emailVerification).toBe(true);
    const session = await account.getSession({ sessionId: 'current' });
    expect(session.provider).toBe('google');
    expect(session.providerUid).toBe(address);
  });
});

// Local only: these flows run through the local identity provider's page, where Appwrite sends the
// browser to the real provider (and checks redirect URLs against the project's platforms).
describeLocal('linking accounts', () => {
  it('never opens an existing account that has a password: it sends the browser to the failure URL', async () => {
    const address = email('linked');
    const signUp = openBrowser(backend);
    const created = await signUp.account.create({ userId: ID.unique(), email: address, password: 'correct horse battery' });
    expect(created.emailVerification).toBe(false);

    const page = await openProviderPage(oauthUrl('token'));
    const url = location(await submit(page, { email: address.toUpperCase() }));
    const error = failureOf(url);
    expect(error).toMatchObject({ type: 'user_already_exists', code: 409 });
    expect(error.message).toContain('Sign in with its password');
    expect(url.searchParams.has('secret')).toBe(false);
    // Nothing about the account changed: still unverified, and its password still signs in.
    await signUp.account.createEmailPasswordSession({ email: address, password: 'correct horse battery' });
    await expect(signUp.account.get()).resolves.toMatchObject({ $id: created.$id, emailVerification: false });
  });

  it('never opens an account it did not create: a roster-invited account with no password yet stays closed', async () => {
    // A teacher's roster import creates the student with the Users API: verified, no password, no identity.
    const address = email('invited');
    const users = new Users(adminClient(backend));
    const invited = await users.create({ userId: ID.unique(), email: address, name: 'Invited Student' });
    await users.updateEmailVerification({ userId: invited.$id, emailVerification: true });

    const page = await openProviderPage(oauthUrl('token'));
    const url = location(await submit(page, { email: address }));
    const error = failureOf(url);
    expect(error).toMatchObject({ type: 'user_already_exists', code: 409 });
    expect(error.message).toContain('Forgot password');
    expect(url.searchParams.has('secret')).toBe(false);
    // Nothing was set or opened: still no password, no session, and a second try is refused the same way.
    expect((await users.get({ userId: invited.$id })).passwordUpdate).toBe('');
    expect((await users.listSessions({ userId: invited.$id })).total).toBe(0);
    const again = failureOf(location(await submit(await openProviderPage(oauthUrl('token')), { email: address })));
    expect(again.type).toBe('user_already_exists');
  });

  it('reopens an account a provider sign-in created, through another provider of the local identity provider too', async () => {
    const address = email('twoproviders');
    const created = await signInAtProvider({ email: address });
    const page = await openProviderPage(oauthUrl('token', { provider: OAuthProvider.Github }));
    const url = location(await submit(page, { email: address }));
    expect(url.searchParams.get('userId')).toBe(created.userId);
  });

  it('opens an account whose signed-in owner linked the provider to it, even though it has a password', async () => {
    const browser = await signedInBrowser(backend, { email: email('linker') });
    const linkedAddress = email('linked-later');
    const linked = await signInAtProvider({ email: linkedAddress }, browser.cookieHeader());
    expect(linked.userId).toBe(browser.userId);

    const later = await signInAtProvider({ email: linkedAddress });
    expect(later.userId).toBe(browser.userId);
  });

  it('links the provider to the signed-in account, and refuses an address that belongs to another account', async () => {
    const browser = await signedInBrowser(backend, { email: email('owner') });
    const linked = await signInAtProvider({ email: email('second-address') }, browser.cookieHeader());
    expect(linked.userId).toBe(browser.userId);

    // As on Appwrite, the sign-in replaced the session the browser held.
    const stale = await rejection(browser.account.get());
    expect(stale.code).toBe(401);
    await browser.account.createSession({ userId: linked.userId, secret: linked.secret });
    const me = await browser.account.get();
    expect(me.$id).toBe(browser.userId);
    expect(me.email).toBe(browser.email.toLowerCase());

    const someoneElse = await signedInBrowser(backend, { email: email('someone') });
    const page = await openProviderPage(oauthUrl('token'), browser.cookieHeader());
    const error = failureOf(location(await submit(page, { email: someoneElse.email }, browser.cookieHeader())));
    expect(error.type).toBe('user_already_exists');
    expect(error.code).toBe(409);
    await expect(browser.account.get()).resolves.toMatchObject({ $id: browser.userId });
  });
});

// Local only: the identity is made through the local identity provider.
describeLocal('identities (Appwrite 1.9 account.listIdentities, users.listIdentities)', () => {
  it('lists the provider account linked at sign-in to its user and to an API key, and unlinks it', async () => {
    const address = email('identity');
    const { userId, secret } = await signInAtProvider({ email: address, name: 'Ida' });
    const browser = openBrowser(backend);
    await browser.account.createSession({ userId, secret });

    const own = await browser.account.listIdentities();
    expect(own.total).toBe(1);
    expect(own.identities[0]).toMatchObject({ userId, provider: 'google', providerEmail: address, providerAccessToken: '' });
    const users = new Users(adminClient(backend));
    const all = await users.listIdentities({ queries: [`{"method":"equal","attribute":"userId","values":["${userId}"]}`] });
    expect(all.identities.map((identity) => identity.$id)).toEqual([own.identities[0]?.$id]);

    await browser.account.deleteIdentity({ identityId: own.identities[0]?.$id ?? '' });
    expect((await browser.account.listIdentities()).total).toBe(0);
    const missing = await rejection(browser.account.deleteIdentity({ identityId: own.identities[0]?.$id ?? '' }));
    expect({ code: missing.code, type: missing.type }).toEqual({ code: 404, type: 'user_identity_not_found' });
  });
});
