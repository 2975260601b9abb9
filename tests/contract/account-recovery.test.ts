import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Account, AppwriteException, Channel, Client, ID } from 'appwrite';
import { Account as ServerAccount, Users } from 'node-appwrite';
import { adminClient, itLocal, realAppwrite, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { eventually, SETTINGS, startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { closeRealtimeClients, openRealtime } from '../support/realtime.ts';

/**
 * Password recovery (issue 21, item 25) as Appwrite offers it, through the official web SDK:
 * `account.createRecovery` mails a link to a registered web platform's page carrying `userId`,
 * `secret` and `expire`; `account.updateRecovery` trades that secret, once and within an hour, for a
 * new password under the same rules as a password change, ends the account's sessions and counts the
 * address as verified. Against a real Appwrite the secret comes from the API key's answer (keys see
 * token secrets) instead of the mailbox.
 */

const RESET_URL = 'http://localhost:5173/reset-password';
const PASSWORD = 'correct horse battery';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startPortalBackend();
}, 60_000);
afterAll(async () => {
  await closeRealtimeClients();
  await backend?.close();
});

const guestAccount = (): Account => new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
const keyAccount = (): ServerAccount => new ServerAccount(adminClient(backend));
const address = (label: string): string => `${uniqueLocal(label)}@example.com`;

async function rejection(promise: Promise<unknown>): Promise<AppwriteException> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Error);
  return thrown as AppwriteException;
}

interface Mail {
  subject: string;
  text: string;
  links: string[];
}

async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

/**
 * Asks for a reset link to `email` as its owner would and answers the link's `userId` and `secret`:
 * from the mail in the development outbox locally, from the key's own request on a real Appwrite.
 */
async function resetLink(email: string): Promise<{ userId: string; secret: string }> {
  if (realAppwrite) {
    const token = await keyAccount().createRecovery({ email, url: RESET_URL });
    return { userId: token.userId, secret: token.secret };
  }
  await guestAccount().createRecovery({ email, url: RESET_URL });
  const link = new URL((await mailsTo(email))[0]?.links[0] ?? 'http://invalid.example/');
  return { userId: link.searchParams.get('userId') ?? '', secret: link.searchParams.get('secret') ?? '' };
}

describe('account.createRecovery', () => {
  it('answers 201 with a Token for the account, its secret empty for a browser, valid for one hour', async () => {
    const owner = await signedInBrowser(backend, { email: address('token') });
    const token = await guestAccount().createRecovery({ email: owner.email.toUpperCase(), url: RESET_URL });
    expect(token).toMatchObject({ userId: owner.userId, secret: '' });
    expect(Date.parse(token.expire) - Date.parse(token.$createdAt)).toBeCloseTo(3_600_000, -4);
  });

  it('shows the secret to an API key only (keys see token secrets)', async () => {
    const owner = await signedInBrowser(backend, { email: address('key') });
    const token = await keyAccount().createRecovery({ email: owner.email, url: RESET_URL });
    expect(token.userId).toBe(owner.userId);
    expect(token.secret.length).toBeGreaterThanOrEqual(64);
  });

  it('answers 404 user_not_found for an address no account has', async () => {
    const error = await rejection(guestAccount().createRecovery({ email: address('nobody'), url: RESET_URL }));
    expect({ code: error.code, type: error.type }).toEqual({ code: 404, type: 'user_not_found' });
  });

  it('refuses a link to a page off the registered web platforms with 400 general_argument_invalid', async () => {
    const owner = await signedInBrowser(backend, { email: address('phish') });
    const error = await rejection(guestAccount().createRecovery({ email: owner.email, url: 'https://attacker.example/reset' }));
    expect({ code: error.code, type: error.type }).toEqual({ code: 400, type: 'general_argument_invalid' });
  });

  it('answers user_blocked for a blocked account, and mails nothing', async () => {
    const owner = await signedInBrowser(backend, { email: address('blocked') });
    await new Users(adminClient(backend)).updateStatus({ userId: owner.userId, status: false });
    const error = await rejection(guestAccount().createRecovery({ email: owner.email, url: RESET_URL }));
    // The status is the one the local backend gives user_blocked everywhere (401; Appwrite 1.9 says 403).
    expect(error.type).toBe('user_blocked');
    if (!realAppwrite) expect(await mailsTo(owner.email)).toEqual([]);
  });

  // Local only: the mail is read in the development outbox.
  itLocal('mails "Password Reset for <project>" with the page link plus userId, secret and expire, keeping its own query', async () => {
    const owner = await signedInBrowser(backend, { email: address('mail'), name: 'Mail Owner' });
    const token = await guestAccount().createRecovery({ email: owner.email, url: `${RESET_URL}?email=${encodeURIComponent(owner.email)}` });

    const [mail, ...older] = await mailsTo(owner.email);
    expect(older).toEqual([]);
    expect(mail?.subject).toBe('Password Reset for Opportunity Kit');
    expect(mail?.text).toContain('Hello Mail Owner,');
    expect(mail?.text).toContain('Follow this link to reset your Opportunity Kit password.');
    const link = new URL(mail?.links[0] ?? 'http://invalid.example/');
    expect(`${link.origin}${link.pathname}`).toBe(RESET_URL);
    expect([...link.searchParams.keys()]).toEqual(['email', 'userId', 'secret', 'expire']);
    expect(link.searchParams.get('email')).toBe(owner.email);
    expect(link.searchParams.get('userId')).toBe(owner.userId);
    expect(link.searchParams.get('secret')).toMatch(/^[a-f0-9]{256}$/);
    expect(link.searchParams.get('expire')).toBe(token.expire);
  });

  it('announces users.U.recovery.T.create to the account over realtime, without the secret', async () => {
    const owner = await signedInBrowser(backend, { email: address('live') });
    const live = openRealtime(backend, { session: owner.sessionToken() });
    const feed = await live.subscribe([Channel.account()]);
    const token = await guestAccount().createRecovery({ email: owner.email, url: RESET_URL });
    const event = await feed.waitFor((received) => received.payload.$id === token.$id);
    expect(event.events).toContain(`users.${owner.userId}.recovery.${token.$id}.create`);
    expect(event.events).toContain('users.*.recovery.*.create');
    expect(event.payload).not.toHaveProperty('secret');
    await live.close();
  });
});

describe('account.updateRecovery', () => {
  it('sets the new password, ends every session, marks the address verified and updates passwordUpdate', async () => {
    const owner = await signedInBrowser(backend, { email: address('reset') });
    const before = await owner.account.get();
    expect(before.emailVerification).toBe(false);
    const elsewhere = openBrowser(backend);
    await elsewhere.account.createEmailPasswordSession({ email: owner.email, password: PASSWORD });

    const link = await resetLink(owner.email);
    expect(link.userId).toBe(owner.userId);
    const answer = await guestAccount().updateRecovery({ ...link, password: 'a brand new phrase 7' });
    expect(answer).toMatchObject({ userId: owner.userId, secret: '' });

    // Both sessions were ended (the project's "invalidate sessions" is on).
    expect((await rejection(owner.account.get())).code).toBe(401);
    expect((await rejection(elsewhere.account.get())).code).toBe(401);
    const oldPassword = await rejection(openBrowser(backend).account.createEmailPasswordSession({ email: owner.email, password: PASSWORD }));
    expect({ code: oldPassword.code, type: oldPassword.type }).toEqual({ code: 401, type: 'user_invalid_credentials' });

    const again = openBrowser(backend);
    await again.account.createEmailPasswordSession({ email: owner.email, password: 'a brand new phrase 7' });
    const after = await again.account.get();
    expect(after.emailVerification).toBe(true);
    expect(Date.parse(after.passwordUpdate)).toBeGreaterThan(Date.parse(before.passwordUpdate));
  });

  it('accepts a secret once: the second use answers 401 user_invalid_token', async () => {
    const owner = await signedInBrowser(backend, { email: address('once') });
    const link = await resetLink(owner.email);
    await guestAccount().updateRecovery({ ...link, password: 'first new phrase 1' });
    const error = await rejection(guestAccount().updateRecovery({ ...link, password: 'second new phrase 2' }));
    expect({ code: error.code, type: error.type }).toEqual({ code: 401, type: 'user_invalid_token' });
    await openBrowser(backend).account.createEmailPasswordSession({ email: owner.email, password: 'first new phrase 1' });
  });

  // Local only: Appwrite checks a token and deletes it in two steps, so two truly simultaneous resets may
  // both pass there; the local backend checks and deletes it in one.
  itLocal('lets only one of two simultaneous resets with the same link through', async () => {
    const owner = await signedInBrowser(backend, { email: address('race') });
    const link = await resetLink(owner.email);
    const outcomes = await Promise.allSettled([
      guestAccount().updateRecovery({ ...link, password: 'racing phrase one 16' }),
      guestAccount().updateRecovery({ ...link, password: 'racing phrase two 17' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect((refused?.reason as AppwriteException).type).toBe('user_invalid_token');
  });

  it('answers a wrong secret with 401 user_invalid_token and an unknown account with 404 user_not_found', async () => {
    const owner = await signedInBrowser(backend, { email: address('wrong') });
    const link = await resetLink(owner.email);
    const wrong = await rejection(guestAccount().updateRecovery({ userId: owner.userId, secret: 'f'.repeat(256), password: 'never set phrase 3' }));
    expect({ code: wrong.code, type: wrong.type }).toEqual({ code: 401, type: 'user_invalid_token' });
    const nobody = await rejection(guestAccount().updateRecovery({ userId: ID.unique(), secret: link.secret, password: 'never set phrase 3' }));
    expect({ code: nobody.code, type: nobody.type }).toEqual({ code: 404, type: 'user_not_found' });
    // Neither failure used the link up.
    await expect(guestAccount().updateRecovery({ ...link, password: 'the right phrase 4' })).resolves.toMatchObject({ userId: owner.userId });
  });

  it('applies the password rules of a password change (length, dictionary) and keeps the link usable after a refusal', async () => {
    const owner = await signedInBrowser(backend, { email: address('rules') });
    const link = await resetLink(owner.email);
    const short = await rejection(guestAccount().updateRecovery({ ...link, password: 'short' }));
    expect({ code: short.code, type: short.type }).toEqual({ code: 400, type: 'general_argument_invalid' });
    const common = await rejection(guestAccount().updateRecovery({ ...link, password: 'password1' }));
    expect({ code: common.code, type: common.type }).toEqual({ code: 400, type: 'general_argument_invalid' });
    expect(common.message).toContain('commonly used password');
    await guestAccount().updateRecovery({ ...link, password: 'a harder phrase 5' });
    await openBrowser(backend).account.createEmailPasswordSession({ email: owner.email, password: 'a harder phrase 5' });
  });

  it('gives an account with no password yet (a roster invitation) its first one', async () => {
    const email = address('nopassword');
    const users = new Users(adminClient(backend));
    const created = await users.create({ userId: ID.unique(), email, name: 'Invited Student' });
    cleanup.user(created.$id);
    const link = await resetLink(email);
    await guestAccount().updateRecovery({ ...link, password: 'my very first phrase 6' });
    const signedIn = openBrowser(backend);
    await signedIn.account.createEmailPasswordSession({ email, password: 'my very first phrase 6' });
    expect((await signedIn.account.get()).$id).toBe(created.$id);
  });

  it('lets the roles function label a school student whose address the reset verified', async () => {
    const student = await signedInBrowser(backend, { email: `${uniqueLocal('1rec')}@${SETTINGS.schoolDomain}` });
    expect((await student.account.get()).labels).toEqual([]);
    await guestAccount().updateRecovery({ ...(await resetLink(student.email)), password: 'school student phrase 8' });
    const back = openBrowser(backend);
    await back.account.createEmailPasswordSession({ email: student.email, password: 'school student phrase 8' });
    const account = await eventually(
      () => back.account.get(),
      (user) => user.labels.includes('student'),
    );
    expect(account).toMatchObject({ emailVerification: true, labels: ['student'] });
  });

  // Local only: the server runs in this process, so moving the test's clock moves the server's.
  itLocal('refuses a link older than an hour with 401 user_invalid_token', async () => {
    const owner = await signedInBrowser(backend, { email: address('expired') });
    const link = await resetLink(owner.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3_601_000);
      const error = await rejection(guestAccount().updateRecovery({ ...link, password: 'too late phrase 9' }));
      expect({ code: error.code, type: error.type }).toEqual({ code: 401, type: 'user_invalid_token' });
    } finally {
      vi.useRealTimers();
    }
  });

  // Local only, and stricter than Appwrite (ARCHITECTURE.md): a link is bound to the address it was mailed to.
  itLocal('refuses a link mailed to an address the account no longer has', async () => {
    const owner = await signedInBrowser(backend, { email: address('moved') });
    const link = await resetLink(owner.email);
    await owner.account.updateEmail({ email: address('moved-to'), password: PASSWORD });
    const error = await rejection(guestAccount().updateRecovery({ ...link, password: 'stolen phrase 10' }));
    expect({ code: error.code, type: error.type }).toEqual({ code: 401, type: 'user_invalid_token' });
  });
});
