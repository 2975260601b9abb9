import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Account, AppwriteException, Client, ID } from 'appwrite';
import { AppwriteException as ServerAppwriteException, Functions, Query as NodeQuery, TablesDB as AdminTables, Users, type Models } from 'node-appwrite';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import roles from '../../packages/functions/src/roles/main.ts';
import { adminClient, describeLocal, itLocal, startTestBackend, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser } from '../support/browser.ts';
import { command, eventually, hermeticProjectRoot, SETTINGS, startPortalBackend, uniqueLocal, type Member } from '../support/portal.ts';
import { guestPortal, refusal } from '../support/portal-sdk.ts';
import { aPosting } from '../support/postings.ts';
import { mailedLink as mailedLinkIn } from '../support/outbox.ts';

/**
 * Issue 11, accounts: the attacks of items 3, 7, 9 and 13, each through the official SDKs against the
 * product's backend (the repository's appwrite.config.json with its `roles` and `commands` functions):
 * a verification link that outlives an e-mail change, a recruiter label for an unverified address,
 * sessions that survive a password change, and passwords from the list of the most common ones.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startPortalBackend();
});
afterAll(() => backend.close());

/** A password that is long and in no list of common passwords. */
const STRONG = 'correct horse battery';
/** Appwrite's answer to a password on its dictionary (PasswordDictionary's description). */
const COMMON_PASSWORD_MESSAGE =
  'Invalid `password` param: Password must be between 8 and 265 characters long, and should not be one of the commonly used password.';

async function appwriteFailure(promise: Promise<unknown>): Promise<{ code: number; type: string; message: string }> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  // The web SDK and node-appwrite each have their own exception class.
  expect(thrown instanceof AppwriteException || thrown instanceof ServerAppwriteException, String(thrown)).toBe(true);
  const { code, type, message } = thrown as AppwriteException;
  return { code, type, message };
}

/** The link of the newest mail to `address` in the local backend's development outbox. */
function mailedLink(address: string): Promise<{ userId: string; secret: string }> {
  return mailedLinkIn(backend.endpoint, address);
}

/** Waits until every execution of `roles` so far has finished, so an absent label is the final word. */
async function rolesIdle(): Promise<void> {
  const functions = new Functions(adminClient(backend));
  const unfinished = () => functions.listExecutions({ functionId: 'roles', queries: [NodeQuery.equal('status', ['waiting', 'processing'])] });
  expect((await eventually(unfinished, (list) => list.total === 0)).total).toBe(0);
}

/** A member signed up and in whose sign-up the `roles` function has handled (its profile exists). */
async function settledSignUp(email: string): Promise<Member> {
  const browser = await signedInBrowser(backend, { email });
  const tables = new AdminTables(adminClient(backend));
  await eventually(
    () => tables.listRows({ databaseId: 'portal', tableId: 'profiles', queries: [NodeQuery.equal('$id', browser.userId)] }),
    (list) => list.total === 1,
  );
  await rolesIdle();
  return browser;
}

describe('item 3: a verification link after an e-mail change', () => {
  // Local only: the link is read from the local backend's development outbox.
  itLocal('refuses the link mailed to the old address once the account moved to a school address, which stays unverified and unlabelled', async () => {
    const browser = await settledSignUp(`${uniqueLocal('x')}@example.com`);
    await browser.account.createVerification({ url: 'http://localhost:5173/verify' });
    const link = await mailedLink(browser.email);

    const schoolAddress = `${uniqueLocal('someone')}@${SETTINGS.schoolDomain}`;
    await browser.account.updateEmail({ email: schoolAddress, password: browser.password });
    const refused = await appwriteFailure(browser.account.updateVerification(link));
    expect({ code: refused.code, type: refused.type }).toEqual({ code: 401, type: 'user_invalid_token' });

    await rolesIdle();
    const account = await browser.account.get();
    expect(account).toMatchObject({ email: schoolAddress, emailVerification: false, labels: [] });
    // Neither a teacher's nor any other role acts for it.
    expect(await command(browser, 'POST', '/jobs', aPosting())).toMatchObject({ status: 403, error: { code: 'not-allowed' } });
  });

  // Local only: the link is read from the local backend's development outbox.
  itLocal('drops pending links when the Users API changes the address too, and binds a new link to the new address', async () => {
    const browser = await settledSignUp(`${uniqueLocal('y')}@example.com`);
    await browser.account.createVerification({ url: 'http://localhost:5173/verify' });
    const oldLink = await mailedLink(browser.email);
    const moved = `${uniqueLocal('moved')}@acme.example`;
    await new Users(adminClient(backend)).updateEmail({ userId: browser.userId, email: moved });
    expect((await appwriteFailure(browser.account.updateVerification(oldLink))).type).toBe('user_invalid_token');

    await browser.account.createVerification({ url: 'http://localhost:5173/verify' });
    await browser.account.updateVerification(await mailedLink(moved));
    expect(await browser.account.get()).toMatchObject({ email: moved, emailVerification: true });
  });
});

// Local only: a backend provisioned with the product's tables but without functions, so that nothing
// but the test runs `roles`, and it runs in this process with the execution context Appwrite gives it.
describeLocal('item 3: the roles function alone, when a verification survives an e-mail change as on Appwrite', () => {
  let bare: TestBackend;
  let removeProject: () => void;
  let users: Users;

  beforeAll(async () => {
    const project = hermeticProjectRoot();
    const configPath = join(project.root, 'appwrite.config.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as { functions: unknown[] };
    writeFileSync(configPath, JSON.stringify({ ...config, functions: [] }, null, 2));
    removeProject = project.remove;
    bare = await startTestBackend({ projectRoot: project.root });
    users = new Users(adminClient(bare));
    vi.stubEnv('APPWRITE_FUNCTION_API_ENDPOINT', bare.endpoint);
    vi.stubEnv('APPWRITE_FUNCTION_PROJECT_ID', bare.projectId);
    vi.stubEnv('SCHOOL_DOMAIN', SETTINGS.schoolDomain);
    vi.stubEnv('TEACHER_EMAILS', SETTINGS.teacherEmail);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await bare.close();
    removeProject();
  });

  /** Runs the `roles` entrypoint as Appwrite would for `event` with `payload` as body, and answers its role. */
  async function runRoles(event: string, payload: unknown): Promise<string | null | undefined> {
    let answer: { data?: { role: string | null } } | undefined;
    await roles({
      req: { bodyText: JSON.stringify(payload), headers: { 'x-appwrite-event': event, 'x-appwrite-key': bare.apiKey }, method: 'POST', path: '/' },
      res: { json: (value: unknown) => (answer = value as typeof answer) },
      log: () => {},
      error: (message: unknown) => {
        throw new Error(String(message));
      },
    });
    return answer?.data?.role;
  }

  async function created(email: string): Promise<Models.User> {
    const user = await users.create({ userId: ID.unique(), email, password: STRONG });
    await runRoles(`users.${user.$id}.create`, user);
    return user;
  }

  async function profileRole(userId: string): Promise<unknown> {
    const row = await new AdminTables(adminClient(bare)).getRow({ databaseId: 'portal', tableId: 'profiles', rowId: userId });
    return row.role;
  }

  it('gives no school role to an account that changed to a school address and then had it verified', async () => {
    const user = await created(`${uniqueLocal('x')}@example.com`);
    await users.updateEmail({ userId: user.$id, email: `${uniqueLocal('someone')}@${SETTINGS.schoolDomain}` });
    // The token mailed to the old address survived the change and was confirmed (Appwrite keeps it).
    const verified = await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
    expect(await runRoles(`users.${user.$id}.update.verification`, verified)).toBeNull();
    expect((await users.get({ userId: user.$id })).labels).toEqual([]);
    expect(await profileRole(user.$id)).toBeNull();
  });

  it('gives no school role either when the change lands on a listed teacher address or moves between school addresses', async () => {
    const outsider = await created(`${uniqueLocal('x')}@example.com`);
    await users.updateEmail({ userId: outsider.$id, email: SETTINGS.teacherEmail });
    const listed = await users.updateEmailVerification({ userId: outsider.$id, emailVerification: true });
    expect(await runRoles(`users.${outsider.$id}.verification.t1.update`, listed)).toBeNull();
    await users.updateEmail({ userId: outsider.$id, email: `${uniqueLocal('x')}@example.com` });

    const student = await created(`${uniqueLocal('1')}@${SETTINGS.schoolDomain}`);
    expect(
      await runRoles(`users.${student.$id}.update.verification`, await users.updateEmailVerification({ userId: student.$id, emailVerification: true })),
    ).toBe('student');
    await users.updateEmail({ userId: student.$id, email: `${uniqueLocal('ms.k')}@${SETTINGS.schoolDomain}` });
    const moved = await users.updateEmailVerification({ userId: student.$id, emailVerification: true });
    expect(await runRoles(`users.${student.$id}.update.verification`, moved)).toBeNull();
    expect((await users.get({ userId: student.$id })).labels).toEqual([]);
  });

  it('still gives the school role to an account created with that school address once it is verified', async () => {
    const user = await created(`${uniqueLocal('1')}@${SETTINGS.schoolDomain}`);
    expect((await users.get({ userId: user.$id })).labels).toEqual([]);
    const verified = await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
    expect(await runRoles(`users.${user.$id}.update.verification`, verified)).toBe('student');
    expect((await users.get({ userId: user.$id })).labels).toEqual(['student']);
    // A staff address created with it gets no role from the address at all (issue 23): a school adds it.
    const staff = await created(`${uniqueLocal('ms.lee')}@${SETTINGS.schoolDomain}`);
    const staffVerified = await users.updateEmailVerification({ userId: staff.$id, emailVerification: true });
    expect(await runRoles(`users.${staff.$id}.update.verification`, staffVerified)).toBeNull();
  });

  it('takes a school role away when the address leaves the school domain', async () => {
    const user = await created(`${uniqueLocal('1')}@${SETTINGS.schoolDomain}`);
    await runRoles(`users.${user.$id}.update.verification`, await users.updateEmailVerification({ userId: user.$id, emailVerification: true }));
    expect((await users.get({ userId: user.$id })).labels).toEqual(['student']);
    const left = await users.updateEmail({ userId: user.$id, email: `${uniqueLocal('alum')}@acme.example` });
    expect(await runRoles(`users.${user.$id}.update.email`, left)).toBeNull();
    expect((await users.get({ userId: user.$id })).labels).toEqual([]);
  });

  it('records the creation address only from the creation event, never from a later run', async () => {
    // Created while nothing ran the function: the first run it sees is already about a school address.
    const user = await users.create({ userId: ID.unique(), email: `${uniqueLocal('x')}@example.com`, password: STRONG });
    await users.updateEmail({ userId: user.$id, email: `${uniqueLocal('ms.k')}@${SETTINGS.schoolDomain}` });
    const verified = await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
    expect(await runRoles(`users.${user.$id}.update.verification`, verified)).toBeNull();
    // A creation event replayed later carries the old address in its payload, as Appwrite's does.
    expect(await runRoles(`users.${user.$id}.create`, user)).toBeNull();
    expect((await users.get({ userId: user.$id })).labels).toEqual([]);
  });
});

describe('item 7: the recruiter label', () => {
  it('gives an unverified outside address no label, so it can neither post to students nor act as a recruiter', async () => {
    const browser = await settledSignUp(`${uniqueLocal('hr')}@acme.example`);
    expect((await browser.account.get()).labels).toEqual([]);
    expect(await command(browser, 'POST', '/jobs', aPosting())).toMatchObject({ status: 403, error: { code: 'not-allowed' } });
  });

  // Local only: the link is read from the local backend's development outbox.
  itLocal('gives the recruiter label once the address is verified through the mailed link', async () => {
    const browser = await settledSignUp(`${uniqueLocal('hr')}@acme.example`);
    await browser.account.createVerification({ url: 'http://localhost:5173/verify' });
    await browser.account.updateVerification(await mailedLink(browser.email));
    const account = await eventually(
      () => browser.account.get(),
      (user) => user.labels.includes('recruiter'),
    );
    expect(account.labels).toEqual(['recruiter']);
    expect((await command(browser, 'POST', '/jobs', aPosting())).status).toBe(200);
  });
});

describe('item 9: a password change ends the other sessions', () => {
  async function twoSessions(): Promise<{ first: Member; second: ReturnType<typeof openBrowser>; jwtAccount: Account }> {
    const first = await signedInBrowser(backend, { email: `${uniqueLocal('pw')}@acme.example` });
    const second = openBrowser(backend);
    await second.account.createEmailPasswordSession({ email: first.email, password: first.password });
    const { jwt } = await second.account.createJWT();
    const jwtAccount = new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setJWT(jwt));
    expect((await jwtAccount.get()).$id).toBe(first.userId);
    return { first, second, jwtAccount };
  }

  it('ends every other session and the JWTs made from them when the member changes the password; the current session stays', async () => {
    const { first, second, jwtAccount } = await twoSessions();
    await first.account.updatePassword({ password: 'a brand new passphrase', oldPassword: first.password });

    expect(await appwriteFailure(second.account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    expect(await appwriteFailure(jwtAccount.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    expect((await first.account.get()).$id).toBe(first.userId);
    const { sessions } = await first.account.listSessions();
    expect(sessions.map((session) => session.current)).toEqual([true]);
  });

  it('ends every session when the Users API sets a new password', async () => {
    const { first, second, jwtAccount } = await twoSessions();
    await new Users(adminClient(backend)).updatePassword({ userId: first.userId, password: 'set by the school admin' });
    for (const account of [first.account, second.account, jwtAccount]) {
      expect(await appwriteFailure(account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    }
    await openBrowser(backend).account.createEmailPasswordSession({ email: first.email, password: 'set by the school admin' });
  });
});

describe('item 13: the most common passwords are refused', () => {
  it("refuses one at sign-up with Appwrite's dictionary error, and creates nothing", async () => {
    const browser = openBrowser(backend);
    const email = `${uniqueLocal('weak')}@acme.example`;
    const refused = await appwriteFailure(browser.account.create({ userId: ID.unique(), email, password: 'password' }));
    expect(refused).toEqual({ code: 400, type: 'general_argument_invalid', message: COMMON_PASSWORD_MESSAGE });
    expect((await appwriteFailure(browser.account.createEmailPasswordSession({ email, password: 'password' }))).type).toBe('user_invalid_credentials');
    // Length is still checked first, with its own message.
    expect((await appwriteFailure(browser.account.create({ userId: ID.unique(), email, password: 'short' }))).message).toBe(
      'Invalid `password` param: Password must be between 8 and 256 characters long.',
    );
  });

  it('refuses one as a new password of the account, and through the Users API', async () => {
    const browser = await signedInBrowser(backend, { email: `${uniqueLocal('weak')}@acme.example` });
    expect(await appwriteFailure(browser.account.updatePassword({ password: 'iloveyou', oldPassword: browser.password }))).toEqual({
      code: 400,
      type: 'general_argument_invalid',
      message: COMMON_PASSWORD_MESSAGE,
    });

    const users = new Users(adminClient(backend));
    const created = await appwriteFailure(users.create({ userId: ID.unique(), email: `${uniqueLocal('weak')}@acme.example`, password: '12345678' }));
    expect(created).toEqual({ code: 400, type: 'general_argument_invalid', message: COMMON_PASSWORD_MESSAGE });
    expect(await appwriteFailure(users.updatePassword({ userId: browser.userId, password: 'sunshine' }))).toEqual({
      code: 400,
      type: 'general_argument_invalid',
      message: COMMON_PASSWORD_MESSAGE,
    });
    // The old password still works: nothing was changed.
    await openBrowser(backend).account.createEmailPasswordSession({ email: browser.email, password: browser.password });
  });

  it("reaches the portal's sign-up as weak-password with the reason beside the password field", async () => {
    const { portal } = guestPortal(backend);
    const email = `${uniqueLocal('weak')}@acme.example`;
    const error = await refusal(portal.auth.signUp({ name: 'Wes Weak', email, password: 'password1', confirmPassword: 'password1' }), 'weak-password');
    expect(error.message).toBe(MESSAGES.commonPassword);
    expect(error.fields).toEqual({ password: MESSAGES.commonPassword });
    expect(error.status).toBe(400);
  });
});
