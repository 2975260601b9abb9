import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, Users } from 'node-appwrite';
import { INVITATION_LINK_USED } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { adminClient, describeLocal, realAppwrite, startTestBackend, type TestBackend } from '../support/backend.ts';
import { signedInBrowser } from '../support/browser.ts';
import { startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { guestPortal, refusal } from '../support/portal-sdk.ts';

/**
 * The SDK's password reset (issue 21, item 25) in simulated browsers: the "Forgot password?" form
 * says the same for every address (the API answers 404 for an unknown one), says to wait when
 * Appwrite's abuse limit is reached, and the reset page sets the new password and signs the member in.
 */

const RESET_PAGE = 'http://localhost:5173/reset-password';
const PASSWORD = 'correct horse battery';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startPortalBackend();
}, 60_000);
afterAll(() => backend?.close());

const address = (label: string): string => `${uniqueLocal(label)}@example.com`;

async function mailsTo(email: string): Promise<Array<{ links: string[] }>> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: Array<{ links: string[] }> }).messages;
}

/**
 * The reset link the member follows: the mailed one locally; on a real Appwrite the API key asks for
 * a link to the same page itself (keys see the secret), since the test cannot read that mailbox.
 */
async function followResetLink(email: string): Promise<URL> {
  if (realAppwrite) {
    const page = new URL(RESET_PAGE);
    page.searchParams.set('email', email);
    const token = await new Account(adminClient(backend)).createRecovery({ email, url: page.toString() });
    page.searchParams.set('userId', token.userId);
    page.searchParams.set('secret', token.secret);
    return page;
  }
  return new URL((await mailsTo(email))[0]?.links[0] ?? 'http://invalid.example/');
}

const linkInput = (link: URL) => ({
  userId: link.searchParams.get('userId') ?? '',
  secret: link.searchParams.get('secret') ?? '',
  email: link.searchParams.get('email') ?? undefined,
});

describe('asking for a reset link', () => {
  it('resolves the same for an address with an account, one without and a blocked one', async () => {
    const known = await signedInBrowser(backend, { email: address('known') });
    const blocked = await signedInBrowser(backend, { email: address('blocked') });
    await new Users(adminClient(backend)).updateStatus({ userId: blocked.userId, status: false });
    const { portal } = guestPortal(backend);

    await expect(portal.auth.requestPasswordReset({ email: known.email, url: RESET_PAGE })).resolves.toBeUndefined();
    await expect(portal.auth.requestPasswordReset({ email: address('unknown'), url: RESET_PAGE })).resolves.toBeUndefined();
    await expect(portal.auth.requestPasswordReset({ email: blocked.email, url: RESET_PAGE })).resolves.toBeUndefined();
    if (!realAppwrite) {
      expect(await mailsTo(known.email)).toHaveLength(1);
      expect(await mailsTo(blocked.email)).toEqual([]);
    }
  });

  it('refuses a malformed address beside its field, before asking the server', async () => {
    const error = await refusal(guestPortal(backend).portal.auth.requestPasswordReset({ email: 'not an address', url: RESET_PAGE }), 'invalid-input');
    expect(error.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it('tells a second sign-up with the same address how to get back in', async () => {
    const email = address('twice');
    const form = { name: 'Twice Tried', email, password: PASSWORD, confirmPassword: PASSWORD };
    await guestPortal(backend).portal.auth.signUp(form);
    const error = await refusal(guestPortal(backend).portal.auth.signUp(form), 'already-exists');
    expect(error.message).toBe(MESSAGES.accountExists);
    expect(error.status).toBe(409);
  });

  it('says how to get a new invitation in the message of a used one', () => {
    expect(INVITATION_LINK_USED).toContain('Forgot password?');
    expect(INVITATION_LINK_USED).toContain('ask your teacher');
  });
});

describe('resetting the password from the link', () => {
  it('sets the new password, signs this browser in with it and ends the other sessions', async () => {
    const owner = await signedInBrowser(backend, { email: address('owner'), name: 'Rosa Reset' });
    const { portal, storage } = guestPortal(backend);
    await portal.auth.requestPasswordReset({ email: owner.email, url: RESET_PAGE });
    const link = await followResetLink(owner.email);
    expect(link.searchParams.get('email')).toBe(owner.email);

    const user = await portal.auth.resetPassword({ ...linkInput(link), password: 'a fresh start 12' });

    expect(user).toMatchObject({ id: owner.userId, email: owner.email, displayName: 'Rosa Reset', emailVerified: true });
    expect(storage.values.get('isAuthenticated')).toBe('true');
    await expect(owner.account.get()).rejects.toMatchObject({ code: 401 });
    await refusal(guestPortal(backend).portal.auth.signIn({ email: owner.email, password: PASSWORD }), 'invalid-credentials');
  });

  it('answers null without the address in the link: the member then signs in themselves', async () => {
    const owner = await signedInBrowser(backend, { email: address('noemail') });
    await guestPortal(backend).portal.auth.requestPasswordReset({ email: owner.email, url: RESET_PAGE });
    const { email: _email, ...withoutEmail } = linkInput(await followResetLink(owner.email));
    const { portal, storage } = guestPortal(backend);
    expect(await portal.auth.resetPassword({ ...withoutEmail, password: 'signed in later 13' })).toBeNull();
    expect(storage.values.get('isAuthenticated')).toBeUndefined();
    expect(await guestPortal(backend).portal.auth.signIn({ email: owner.email, password: 'signed in later 13' })).toMatchObject({ id: owner.userId });
  });

  it('refuses a common password as weak-password and keeps the link for another try; a used link says so', async () => {
    const owner = await signedInBrowser(backend, { email: address('weak') });
    await guestPortal(backend).portal.auth.requestPasswordReset({ email: owner.email, url: RESET_PAGE });
    const input = linkInput(await followResetLink(owner.email));
    const { portal } = guestPortal(backend);

    const short = await refusal(portal.auth.resetPassword({ ...input, password: 'short' }), 'invalid-input');
    expect(short.fields).toEqual({ password: 'Password must be at least 8 characters' });
    const common = await refusal(portal.auth.resetPassword({ ...input, password: 'password1' }), 'weak-password');
    expect(common.message).toBe(MESSAGES.commonPassword);
    await portal.auth.resetPassword({ ...input, password: 'uncommon enough 14' });

    const used = await refusal(guestPortal(backend).portal.auth.resetPassword({ ...input, password: 'yet another one 15' }), 'invalid-input');
    expect(used.message).toBe(MESSAGES.passwordResetLinkUsed);
  });
});

// Local only: a fresh backend with Appwrite's abuse limits on, whose counters start at zero.
describeLocal('too many reset links', () => {
  it('says to wait once Appwrite refuses more links for the address', async () => {
    const limited = await startTestBackend({ abuseLimits: true });
    try {
      const owner = await signedInBrowser(limited, { email: address('impatient') });
      const { portal } = guestPortal(limited);
      for (let ask = 1; ask <= 10; ask++) await portal.auth.requestPasswordReset({ email: owner.email, url: RESET_PAGE });
      const error = await refusal(portal.auth.requestPasswordReset({ email: owner.email, url: RESET_PAGE }), 'rate-limited');
      expect(error.message).toBe(MESSAGES.passwordResetRateLimited);
      expect(error.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
