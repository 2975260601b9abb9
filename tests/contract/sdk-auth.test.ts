import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, Client, ID } from 'appwrite';
import { Users } from 'node-appwrite';
import { createPortalClient, isPortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { adminClient, describeLocal, itLocal, type TestBackend } from '../support/backend.ts';
import { eventually, SETTINGS, startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { closedEndpoint, guestPortal, refusal } from '../support/portal-sdk.ts';

/**
 * The SDK's `auth` module against the product's backend, in simulated browsers: sign-up with the
 * display name, sign-in and sign-out with the spec's local session flag, federated sign-in through
 * the local identity provider, e-mail verification through the development outbox, and the errors a
 * person sees when something goes wrong.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startPortalBackend();
});
afterAll(() => backend.close());

const PASSWORD = 'correct horse battery';

function signUpInput(email: string, overrides: Partial<{ name: string; password: string; confirmPassword: string }> = {}) {
  return { name: 'Rita Recruiter', email, password: PASSWORD, confirmPassword: PASSWORD, ...overrides };
}

describe('sign-up and sign-in', () => {
  it('says "User not found" when the sign-in returns no user (a browser that keeps no session)', async () => {
    const email = `${uniqueLocal('nocookie')}@acme.example`;
    await new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId)).create({ userId: ID.unique(), email, password: PASSWORD });
    // A plain client in Node stores neither cookies nor the fallback header, like a browser blocking them.
    const portal = createPortalClient({ endpoint: backend.endpoint, projectId: backend.projectId, client: new Client(), storage: null });
    const error = await portal.auth.signIn({ email, password: PASSWORD }).catch((thrown: unknown) => thrown);
    expect(isPortalError(error) && error.message).toBe(MESSAGES.userNotFound);
    await portal.close();
  });

  it('creates the account with its display name, signs it in and stores the session flag', async () => {
    const { portal, storage } = guestPortal(backend);
    const email = `${uniqueLocal('rita')}@acme.example`;
    const user = await portal.auth.signUp(signUpInput(email));
    expect(user).toMatchObject({ email, displayName: 'Rita Recruiter', emailVerified: false });
    expect(storage.values.get('isAuthenticated')).toBe('true');
    expect(JSON.parse(storage.values.get('currentUser') ?? '{}')).toMatchObject({ id: user.id, displayName: 'Rita Recruiter' });
    // The `roles` function labels the account shortly after its address is verified (here by the server).
    await new Users(adminClient(backend)).updateEmailVerification({ userId: user.id, emailVerification: true });
    const labelled = await eventually(
      () => portal.auth.currentUser(),
      (current) => current?.role === 'recruiter',
    );
    expect(labelled).toMatchObject({ id: user.id, role: 'recruiter', emailVerified: true });
  });

  it("refuses a sign-up form with the spec's messages before anything is created", async () => {
    const { portal, storage } = guestPortal(backend);
    const email = `${uniqueLocal('typo')}@acme.example`;
    const mismatch = await refusal(portal.auth.signUp(signUpInput(email, { confirmPassword: 'something else' })), 'invalid-input');
    expect(mismatch.message).toBe(MESSAGES.passwordsDoNotMatch);
    expect(mismatch.fields).toEqual({ confirmPassword: MESSAGES.passwordsDoNotMatch });
    const empty = await refusal(portal.auth.signUp({ name: '', email: '', password: '', confirmPassword: '' }), 'invalid-input');
    expect(Object.keys(empty.fields).sort()).toEqual(['confirmPassword', 'email', 'name', 'password']);
    expect(storage.values.size).toBe(0);
    // Nothing was created: the address cannot sign in.
    await refusal(portal.auth.signIn({ email, password: PASSWORD }), 'invalid-credentials');
  });

  it('answers an address that already has an account with already-exists', async () => {
    const email = `${uniqueLocal('twice')}@acme.example`;
    await guestPortal(backend).portal.auth.signUp(signUpInput(email));
    const error = await refusal(guestPortal(backend).portal.auth.signUp(signUpInput(email)), 'already-exists');
    expect(error.status).toBe(409);
  });

  it('signs in, restores the flag in a new client on the same storage, and signs out clearing it', async () => {
    const email = `${uniqueLocal('ada')}@acme.example`;
    await guestPortal(backend).portal.auth.signUp(signUpInput(email, { name: 'Ada' }));
    const { portal, storage, browser } = guestPortal(backend);
    expect(portal.auth.storedSession()).toEqual({ isAuthenticated: false, currentUser: null });
    const user = await portal.auth.signIn({ email, password: PASSWORD });
    expect(user.displayName).toBe('Ada');

    // The app starts again in the same browser: the flag is read without asking the server.
    const restarted = createPortalClient({ endpoint: backend.endpoint, projectId: backend.projectId, client: browser.client, storage });
    expect(restarted.auth.storedSession()).toEqual({ isAuthenticated: true, currentUser: user });
    expect(await restarted.auth.currentUser()).toEqual(user);

    await portal.auth.signOut();
    expect(storage.values.has('isAuthenticated')).toBe(false);
    expect(storage.values.has('currentUser')).toBe(false);
    expect(await portal.auth.currentUser()).toBeNull();
    // Signing out twice is still signed out.
    await expect(portal.auth.signOut()).resolves.toBeUndefined();
  });

  it("answers a wrong password with invalid-credentials and the server's own message, storing nothing", async () => {
    const email = `${uniqueLocal('grace')}@acme.example`;
    await guestPortal(backend).portal.auth.signUp(signUpInput(email));
    const { portal, storage } = guestPortal(backend);
    const error = await refusal(portal.auth.signIn({ email, password: 'wrong password' }), 'invalid-credentials');
    expect(error.message).toBe('Invalid credentials. Please check the email and password.');
    expect(error.status).toBe(401);
    expect(storage.values.size).toBe(0);
    const blank = await refusal(portal.auth.signIn({ email: 'not-an-address', password: '' }), 'invalid-input');
    expect(Object.keys(blank.fields).sort()).toEqual(['email', 'password']);
  });

  it('signs in as another member in a browser that still holds a session', async () => {
    const first = `${uniqueLocal('first')}@acme.example`;
    const second = `${uniqueLocal('second')}@acme.example`;
    const { portal } = guestPortal(backend);
    await portal.auth.signUp(signUpInput(first));
    await guestPortal(backend).portal.auth.signUp(signUpInput(second, { name: 'Second' }));
    const user = await portal.auth.signIn({ email: second, password: PASSWORD });
    expect(user.email).toBe(second);
    expect((await portal.auth.currentUser())?.email).toBe(second);
  });

  it('tells a guest from a member without an error', async () => {
    const { portal } = guestPortal(backend);
    expect(await portal.auth.currentUser()).toBeNull();
    await refusal(portal.posts.feed(), 'unauthenticated');
  });
});

// Local only: the verification link is read from the local backend's development outbox.
describeLocal('e-mail verification', () => {
  it('mails a link whose userId and secret verify a school address, which then becomes a student', async () => {
    const { portal } = guestPortal(backend);
    const email = `${uniqueLocal('1sam')}@${SETTINGS.schoolDomain}`;
    const user = await portal.auth.signUp(signUpInput(email, { name: 'Sam Student' }));
    expect(user).toMatchObject({ role: undefined, emailVerified: false });

    await portal.auth.requestVerification('http://localhost:5173/verify');
    const outbox = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await outbox.json()) as { messages: Array<{ links: string[] }> };
    const link = messages[0]?.links[0];
    expect(link).toMatch(/^http:\/\/localhost:5173\/verify\?/);

    const verified = await portal.auth.confirmVerification(link as string);
    expect(verified).toMatchObject({ id: user.id, emailVerified: true });
    const labelled = await eventually(
      () => portal.auth.currentUser(),
      (current) => current?.role === 'student',
    );
    expect(labelled?.role).toBe('student');
    await refusal(portal.auth.confirmVerification('http://localhost:5173/verify?userId=only'), 'invalid-input');
  });
});

describe('federated sign-in', () => {
  /** Follows the SDK's URL to the local identity provider, submits its form, and answers where it sends the browser. */
  async function signInAtProvider(startUrl: string, email: string): Promise<URL> {
    const toProvider = await fetch(startUrl, { redirect: 'manual' });
    const page = new URL(toProvider.headers.get('location') as string);
    const html = await (await fetch(page)).text();
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    const state = /<input type="hidden" name="state" value="([^"]+)">/.exec(html)?.[1];
    expect(action && state).toBeTruthy();
    const back = await fetch(new URL(action as string, page), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: state as string, email, name: 'Fed Erated' }).toString(),
    });
    return new URL(back.headers.get('location') as string);
  }

  // Local only: the sign-in runs through the local identity provider's page.
  itLocal('returns the provider URL outside a browser and finishes the sign-in from the success URL, verified', async () => {
    const { portal, storage } = guestPortal(backend);
    const url = portal.auth.federatedSignIn({ provider: 'google', success: 'http://app.example/auth/done', failure: 'http://app.example/auth/failed' });
    expect(url).toMatch(/\/account\/tokens\/oauth2\/google\?/);
    const email = `${uniqueLocal('1fed')}@${SETTINGS.schoolDomain}`;
    const success = await signInAtProvider(url as string, email);
    expect(`${success.origin}${success.pathname}`).toBe('http://app.example/auth/done');

    const user = await portal.auth.completeFederatedSignIn(success);
    expect(user).toMatchObject({ email, displayName: 'Fed Erated', emailVerified: true });
    expect(storage.values.get('isAuthenticated')).toBe('true');
    // Federated sign-in through the school's provider counts as verified: the address becomes a student.
    expect(
      (
        await eventually(
          () => portal.auth.currentUser(),
          (current) => current?.role === 'student',
        )
      )?.role,
    ).toBe('student');
  });

  it('refuses a success URL without its secret', async () => {
    const { portal } = guestPortal(backend);
    await refusal(portal.auth.completeFederatedSignIn('http://app.example/auth/done?userId=abc'), 'invalid-input');
    await refusal(portal.auth.completeFederatedSignIn({ userId: 'abc', secret: 'f'.repeat(64) }), 'invalid-input');
  });
});

describe('network failures', () => {
  it('reports a server that cannot be reached as network, with a message for people', async () => {
    const endpoint = await closedEndpoint();
    const portal = createPortalClient({ endpoint, projectId: backend.projectId, storage: null });
    const signIn = await refusal(portal.auth.signIn({ email: 'someone@acme.example', password: PASSWORD }), 'network');
    expect(signIn.message).toBe('We could not reach the server. Please check your connection and try again.');
    await refusal(portal.jobs.list({ postingType: 'Job' }), 'network');
    await refusal(portal.newsletter.subscribe('someone@acme.example'), 'network');
    expect(isPortalError(signIn, 'network')).toBe(true);
  });
});
