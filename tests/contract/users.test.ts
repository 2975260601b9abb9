import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, AppwriteException as WebAppwriteException, Client as WebClient } from 'appwrite';
import { AppwriteException, Client, ID, Query, Users } from 'node-appwrite';
import { adminClient, itLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { APPWRITE_DATE, expectModel, USER } from '../support/models.ts';
import { SETTINGS, unlabelledAddress } from '../support/portal.ts';

let backend: TestBackend;
let users: Users;
beforeAll(async () => {
  backend = await startTestBackend();
  users = new Users(adminClient(backend));
});
afterAll(() => backend.close());

/** A phone number of this run: E.164, and unlike any other run's. */
function phone(): string {
  return `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** Creates a user with the API key, removed again after a run against a real Appwrite. */
async function createUser(input: { userId: string; email?: string; phone?: string; password?: string; name?: string }) {
  const user = await users.create(input);
  cleanup.user(user.$id);
  return user;
}

/** Addresses the product's `roles` function leaves alone: these tests set and compare labels themselves. */
const email = unlabelledAddress;

/** Both SDKs throw their own AppwriteException class, with the same fields. */
async function expectError(promise: Promise<unknown>, code: number, type: string): Promise<AppwriteException | WebAppwriteException> {
  const outcome = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome instanceof AppwriteException || outcome instanceof WebAppwriteException).toBe(true);
  const error = outcome as AppwriteException | WebAppwriteException;
  expect({ code: error.code, type: error.type }).toEqual({ code, type });
  return error;
}

describe('users (API key)', () => {
  it('creates a user with the User model and refuses duplicate id, e-mail or phone', async () => {
    const address = email('Created');
    const number = phone();
    const user = await createUser({ userId: ID.unique(), email: address, phone: number, password: 'correct horse', name: 'Grace' });
    expectModel(user, USER);
    expect(user).toMatchObject({ email: address.toLowerCase(), phone: number, name: 'Grace', status: true, labels: [], prefs: {} });
    expect(user.registration).toMatch(APPWRITE_DATE);
    expect(user.passwordUpdate).toMatch(APPWRITE_DATE);

    await expectError(users.create({ userId: user.$id, email: email('other') }), 409, 'user_already_exists');
    await expectError(users.create({ userId: ID.unique(), email: address.toUpperCase() }), 409, 'user_already_exists');
    await expectError(users.create({ userId: ID.unique(), phone: number }), 409, 'user_already_exists');
    await expectError(users.create({ userId: ID.unique(), email: 'nope' }), 400, 'general_argument_invalid');
    await expectError(users.create({ userId: ID.unique(), phone: '4155550101' }), 400, 'general_argument_invalid');
    await expectError(users.create({ userId: ID.unique(), email: email('pw'), password: 'short' }), 400, 'general_argument_invalid');
  });

  it('creates a user with neither e-mail nor password', async () => {
    const bare = await createUser({ userId: ID.unique(), name: 'No mail' });
    expect(bare).toMatchObject({ email: '', phone: '', passwordUpdate: '', targets: [] });
  });

  it('lets a user created with a password sign in through the web SDK', async () => {
    const address = email('admin-made');
    const user = await createUser({ userId: ID.unique(), email: address, password: 'correct horse' });
    const browser = openBrowser(backend);
    const session = await browser.account.createEmailPasswordSession({ email: address, password: 'correct horse' });
    expect(session.userId).toBe(user.$id);
  });

  it('gets a user by id and answers user_not_found for an unknown one', async () => {
    const created = await createUser({ userId: ID.unique(), email: email('get') });
    await expect(users.get({ userId: created.$id })).resolves.toEqual(created);
    const missing = await expectError(users.get({ userId: 'nosuchuser' }), 404, 'user_not_found');
    expect(missing.message).toBe('User with the requested ID could not be found.');
  });

  it('deletes a user, their sessions with them', async () => {
    const browser = await signedInBrowser(backend, { email: email('delete') });
    await users.delete({ userId: browser.userId });
    await expectError(users.get({ userId: browser.userId }), 404, 'user_not_found');
    await expectError(browser.account.get(), 401, 'general_unauthorized_scope');
    await expectError(users.delete({ userId: browser.userId }), 404, 'user_not_found');
  });

  it('replaces labels (alphanumeric, deduplicated) and the user sees them in account.get()', async () => {
    const browser = await signedInBrowser(backend, { email: email('labels') });
    const labelled = await users.updateLabels({ userId: browser.userId, labels: ['mentor', 'alumni', 'mentor'] });
    expect(labelled.labels).toEqual(['mentor', 'alumni']);
    expect((await browser.account.get()).labels).toEqual(['mentor', 'alumni']);

    const replaced = await users.updateLabels({ userId: browser.userId, labels: ['staff'] });
    expect(replaced.labels).toEqual(['staff']);
    expect((await browser.account.get()).labels).toEqual(['staff']);

    await expectError(users.updateLabels({ userId: browser.userId, labels: ['not-alnum'] }), 400, 'general_argument_invalid');
    await expectError(users.updateLabels({ userId: browser.userId, labels: ['x'.repeat(37)] }), 400, 'general_argument_invalid');
    await expectError(users.updateLabels({ userId: 'nosuchuser', labels: [] }), 404, 'user_not_found');
  });

  it('sets e-mail verification, name, prefs and status', async () => {
    const browser = await signedInBrowser(backend, { email: email('admin-updates') });
    const verified = await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    expect(verified.emailVerification).toBe(true);
    expect((await browser.account.get()).emailVerification).toBe(true);

    expect((await users.updateName({ userId: browser.userId, name: 'Renamed' })).name).toBe('Renamed');

    await expect(users.updatePrefs({ userId: browser.userId, prefs: { a: 1 } })).resolves.toEqual({ a: 1 });
    await expect(users.updatePrefs({ userId: browser.userId, prefs: { b: true } })).resolves.toEqual({ b: true });
    await expect(users.getPrefs({ userId: browser.userId })).resolves.toEqual({ b: true });
    expect(await browser.account.getPrefs()).toEqual({ b: true });

    const blocked = await users.updateStatus({ userId: browser.userId, status: false });
    expect(blocked.status).toBe(false);
    await expectError(browser.account.get(), 403, 'user_blocked');
    await users.updateStatus({ userId: browser.userId, status: true });
    await expect(browser.account.get()).resolves.toMatchObject({ status: true, name: 'Renamed' });
  });

  it("changes a user's e-mail (lower-cased, verification reset, empty allowed) and refuses a taken one", async () => {
    const browser = await signedInBrowser(backend, { email: email('admin-email') });
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    const next = email('Admin.Moved');
    const moved = await users.updateEmail({ userId: browser.userId, email: next });
    expectModel(moved, USER);
    expect(moved).toMatchObject({ email: next.toLowerCase(), emailVerification: false });
    expect(await browser.account.get()).toMatchObject({ email: next.toLowerCase(), emailVerification: false });

    const other = await createUser({ userId: ID.unique(), email: email('admin-taken') });
    await expectError(users.updateEmail({ userId: browser.userId, email: other.email.toUpperCase() }), 409, 'user_target_already_exists');
    await expectError(users.updateEmail({ userId: browser.userId, email: 'nope' }), 400, 'general_argument_invalid');
    await expectError(users.updateEmail({ userId: 'nosuchuser', email: email('ghost') }), 404, 'user_not_found');
    expect((await users.get({ userId: browser.userId })).email).toBe(next.toLowerCase());

    expect(await users.updateEmail({ userId: other.$id, email: '' })).toMatchObject({ email: '', emailVerification: false });
  });

  it('lists, deletes one and deletes all sessions of a user', async () => {
    const first = await signedInBrowser(backend, { email: email('admin-sessions') });
    const second = openBrowser(backend);
    await second.account.createEmailPasswordSession({ email: first.email, password: first.password });

    const listed = await users.listSessions({ userId: first.userId });
    expect(listed.total).toBe(2);
    expect(listed.sessions.every((session) => session.userId === first.userId && session.current === false)).toBe(true);

    await users.deleteSession({ userId: first.userId, sessionId: listed.sessions[1]!.$id });
    expect((await users.listSessions({ userId: first.userId })).total).toBe(1);
    await expectError(users.deleteSession({ userId: first.userId, sessionId: listed.sessions[1]!.$id }), 404, 'user_session_not_found');

    await users.deleteSessions({ userId: first.userId });
    expect((await users.listSessions({ userId: first.userId })).total).toBe(0);
    await expectError(first.account.get(), 401, 'general_unauthorized_scope');
  });

  it("creates a JWT for the user's newest session that the web SDK accepts", async () => {
    const browser = await signedInBrowser(backend, { email: email('admin-jwt') });
    const { jwt } = await users.createJWT({ userId: browser.userId, duration: 120 });
    const client = new WebClient().setEndpoint(backend.endpoint).setProject(backend.projectId).setJWT(jwt);
    await expect(new Account(client).get()).resolves.toMatchObject({ $id: browser.userId });
    await expectError(users.createJWT({ userId: browser.userId, duration: 4000 }), 400, 'general_argument_invalid');
  });

  it('refuses callers without an API key with the scope error', async () => {
    const guest = new Users(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
    const error = await expectError(guest.list(), 401, 'general_unauthorized_scope');
    expect(error.message).toBe('User (role: guests) missing scopes (["users.read"])');
    await expectError(guest.create({ userId: ID.unique(), email: email('nokey') }), 401, 'general_unauthorized_scope');

    const browser = await signedInBrowser(backend, { email: email('session-admin') });
    const asUser = new Users(
      new Client()
        .setEndpoint(backend.endpoint)
        .setProject(backend.projectId)
        .setSession(browser.sessionToken() ?? ''),
    );
    const userError = await expectError(asUser.updateLabels({ userId: browser.userId, labels: ['staff'] }), 401, 'general_unauthorized_scope');
    expect(userError.message).toBe(`${browser.email} (role: users) missing scopes (["users.write"])`);
  });
});

describe('listing users', () => {
  const tag = `list${uniqueSuffix().replace(/[^a-z0-9]/g, '')}`;
  const created: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const user = await createUser({ userId: `${tag}-${i}`, email: `${tag}.${i}@${SETTINGS.schoolDomain}`, name: `${tag} person ${i}` });
      created.push(user.$id);
    }
    await users.updateLabels({ userId: created[1]!, labels: [tag, 'mentor'] });
    await users.updateLabels({ userId: created[3]!, labels: [tag] });
  });

  it('answers {total, users} and searches by name, e-mail or id', async () => {
    const page = await users.list({ search: tag });
    expectModel(page, { total: 'number', users: 'array' });
    expect(page.total).toBe(5);
    expect(page.users.map((user) => user.$id)).toEqual(created);
    expect((await users.list({ search: tag, total: false })).total).toBe(0);
  });

  // Local only: the local backend matches a substring of the id, e-mail or name; Appwrite's search is
  // full-text, which splits this address into words that all five users share.
  itLocal('finds one user by a part of the e-mail address', async () => {
    expect((await users.list({ search: `${tag}.3@school` })).users.map((user) => user.$id)).toEqual([created[3]]);
  });

  it('filters with equal and labels with contains', async () => {
    const byEmail = await users.list({ queries: [Query.equal('email', `${tag}.2@${SETTINGS.schoolDomain}`)] });
    expect(byEmail.users.map((user) => user.$id)).toEqual([created[2]]);
    const byName = await users.list({ queries: [Query.equal('name', [`${tag} person 0`, `${tag} person 4`])] });
    expect(byName.users.map((user) => user.$id)).toEqual([created[0], created[4]]);
    const labelled = await users.list({ queries: [Query.contains('labels', [tag])] });
    expect(labelled.users.map((user) => user.$id)).toEqual([created[1], created[3]]);
    expect(labelled.total).toBe(2);
    const mentors = await users.list({ queries: [Query.contains('labels', ['mentor']), Query.equal('$id', created[1]!)] });
    expect(mentors.total).toBe(1);
    await expectError(users.list({ queries: [Query.equal('labels', ['mentor'])] }), 400, 'general_argument_invalid');
    await expectError(users.list({ queries: [Query.equal('shoeSize', ['9'])] }), 400, 'general_argument_invalid');
  });

  it('pages with limit, offset, cursorAfter and cursorBefore, and sorts', async () => {
    const filter = Query.contains('labels', [tag]);
    expect((await users.list({ queries: [filter] })).total).toBe(2);

    const first = await users.list({ search: tag, queries: [Query.limit(2)] });
    expect(first.users.map((user) => user.$id)).toEqual(created.slice(0, 2));
    expect(first.total).toBe(5);
    const next = await users.list({ search: tag, queries: [Query.limit(2), Query.cursorAfter(first.users[1]!.$id)] });
    expect(next.users.map((user) => user.$id)).toEqual(created.slice(2, 4));
    const back = await users.list({ search: tag, queries: [Query.limit(2), Query.cursorBefore(next.users[0]!.$id)] });
    expect(back.users.map((user) => user.$id)).toEqual(created.slice(0, 2));
    const offset = await users.list({ search: tag, queries: [Query.limit(2), Query.offset(4)] });
    expect(offset.users.map((user) => user.$id)).toEqual(created.slice(4));

    const descending = await users.list({ search: tag, queries: [Query.orderDesc('name'), Query.limit(3)] });
    expect(descending.users.map((user) => user.$id)).toEqual([created[4], created[3], created[2]]);
    const afterDesc = await users.list({ search: tag, queries: [Query.orderDesc('name'), Query.cursorAfter(created[2]!)] });
    expect(afterDesc.users.map((user) => user.$id)).toEqual([created[1], created[0]]);

    const missing = await expectError(users.list({ queries: [Query.cursorAfter('nosuchuser')] }), 400, 'general_cursor_not_found');
    expect(missing.message).toBe("User 'nosuchuser' for the 'cursor' value not found.");
    await expectError(users.list({ queries: [Query.limit(0)] }), 400, 'general_argument_invalid');
  });
});
