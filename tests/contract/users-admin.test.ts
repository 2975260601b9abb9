import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, Client as WebClient } from 'appwrite';
import { AppwriteException, Client, ID, PasswordHash, Query, Users } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { expectModel, USER } from '../support/models.ts';
import { unlabelledAddress } from '../support/portal.ts';

// The Users API of Appwrite 1.9 beyond create/read/update: hashed-password imports, the password
// fields of the User model, server sessions, JWTs of no session, logs, phone numbers, search by a
// quoted phrase, impersonation and the project's password rules (issue 22).
let backend: TestBackend;
let users: Users;
beforeAll(async () => {
  backend = await startTestBackend();
  users = new Users(adminClient(backend));
});
afterAll(() => backend.close());

const email = unlabelledAddress;

async function expectError(promise: Promise<unknown>, code: number, type: string): Promise<void> {
  const outcome = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome).toBeInstanceOf(Error);
  const error = outcome as AppwriteException;
  expect({ code: error.code, type: error.type }).toEqual({ code, type });
}

/** A server-SDK client signed in with a session secret a server created (SSR). */
function sessionClient(secret: string): Client {
  return new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setSession(secret);
}

// Each hash is of the password `appwrite` (the vectors of Appwrite's own e2e tests; bcrypt at cost 4).
const IMPORTS = [
  { label: 'md5', create: (id: string, address: string) => users.createMD5User({ userId: id, email: address, password: '144fa7eaa4904e8ee120651997f70dcc' }) },
  {
    label: 'bcrypt',
    create: (id: string, address: string) =>
      users.createBcryptUser({ userId: id, email: address, password: '$2a$04$/uaF/uaF/uaF/uaF/uaF/usrA5KQlKIIox6QVyMxf5NYNOuw7lpKe' }),
  },
  {
    label: 'argon2',
    create: (id: string, address: string) =>
      users.createArgon2User({ userId: id, email: address, password: '$argon2i$v=19$m=20,t=3,p=2$YXBwd3JpdGU$A/54i238ed09ZR4NwlACU5XnkjNBZU9QeOEuhjLiexI' }),
  },
  {
    label: 'sha',
    create: (id: string, address: string) =>
      users.createSHAUser({
        userId: id,
        email: address,
        password: '4243da0a694e8a2f727c8060fe0507c8fa01ca68146c76d2c190805b638c20c6bf6ba04e21f11ae138785d0bff63c416e6f87badbffad37f6dee50094cc38c70',
        passwordVersion: PasswordHash.Sha512,
      }),
  },
  {
    label: 'phpass',
    create: (id: string, address: string) => users.createPHPassUser({ userId: id, email: address, password: '$P$Br387rwferoKN7uwHZqNMu98q3U8RO.' }),
  },
  {
    label: 'scrypt',
    create: (id: string, address: string) =>
      users.createScryptUser({
        userId: id,
        email: address,
        password: '3fdef49701bc4cfaacd551fe017283513284b4731e6945c263246ef948d3cf63b5d269c31fd697246085111a428245e24a4ddc6b64c687bc60a8910dbafc1d5b',
        passwordSalt: 'appwrite',
        passwordCpu: 16384,
        passwordMemory: 13,
        passwordParallel: 2,
        passwordLength: 64,
      }),
  },
  {
    label: 'scryptMod',
    create: (id: string, address: string) =>
      users.createScryptModifiedUser({
        userId: id,
        email: address,
        password: 'UlM7JiXRcQhzAGlaonpSqNSLIz475WMddOgLjej5De9vxTy48K6WtqlEzrRFeK4t0COfMhWCb8wuMHgxOFCHFQ==',
        passwordSalt: 'UxLMreBr6tYyjQ==',
        passwordSaltSeparator: 'Bw==',
        passwordSignerKey: 'XyEKE9RcTDeLEsL/RjwPDBv/RqDl8fb3gpYEOQaPihbxf1ZAtSOHCjuAAa7Q3oHpCYhXSN9tizHgVOwn6krflQ==',
      }),
  },
];

describe('hashed-password imports', () => {
  it.each(IMPORTS)('keeps a $label hash, signs in with the password and re-hashes it with Argon2id', async ({ label, create }) => {
    const address = email(`import.${label.toLowerCase()}`);
    const created = await create(ID.unique(), address);
    cleanup.user(created.$id);
    expectModel(created, USER);
    expect(created.hash).toBe(label);
    expect(created.hashOptions).toMatchObject({ type: label });

    const session = await openBrowser(backend).account.createEmailPasswordSession({ email: address, password: 'appwrite' });
    expect(session.userId).toBe(created.$id);
    const rehashed = await users.get({ userId: created.$id });
    expect(rehashed.hash).toBe('argon2');
    // Appwrite keeps an imported Argon2 hash (same algorithm) and re-hashes every other one.
    expect(rehashed.password).toMatch(label === 'argon2' ? /^\$argon2i\$/ : /^\$argon2id\$/);
    await openBrowser(backend).account.createEmailPasswordSession({ email: address, password: 'appwrite' });
    await expectError(openBrowser(backend).account.createEmailPasswordSession({ email: address, password: 'appwrote' }), 401, 'user_invalid_credentials');
  });
});

describe('the User model', () => {
  it('shows the password hash, algorithm and e-mail facts to an API key, and none of the hash to the user', async () => {
    const address = email('model');
    const user = await users.create({ userId: ID.unique(), email: address, password: 'correct horse' });
    cleanup.user(user.$id);
    expect(user).toMatchObject({ hash: 'argon2', hashOptions: { type: 'argon2' }, emailCanonical: address, emailIsCanonical: true, impersonator: false });
    expect(user.password).toMatch(/^\$argon2id\$/);
    const gmail = await users.create({ userId: ID.unique(), email: `First.Last+school.${uniqueSuffix()}@gmail.com` });
    cleanup.user(gmail.$id);
    expect(gmail).toMatchObject({ emailIsFree: true, emailIsCorporate: false, emailIsCanonical: false });
    expect(gmail.emailCanonical).toMatch(/^firstlast@gmail\.com$/);

    const browser = openBrowser(backend);
    await browser.account.createEmailPasswordSession({ email: address, password: 'correct horse' });
    const own = (await browser.account.get()) as unknown as Record<string, unknown>;
    expect(own).not.toHaveProperty('password');
    expect(own).not.toHaveProperty('hash');
    expect(own.impersonatorUserId).toBeNull();
  });

  it('finds a user by a quoted phrase and by phone, and filters on passwordUpdate and impersonator', async () => {
    const address = email('phrase');
    const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const user = await users.create({ userId: ID.unique(), email: address, phone, password: 'correct horse' });
    cleanup.user(user.$id);
    expect((await users.list({ search: `"${address}"` })).users.map((found) => found.$id)).toEqual([user.$id]);
    expect((await users.list({ search: phone })).users.map((found) => found.$id)).toEqual([user.$id]);
    const byUpdate = await users.list({ queries: [Query.equal('passwordUpdate', [user.passwordUpdate])] });
    expect(byUpdate.users.map((found) => found.$id)).toContain(user.$id);
    await users.updateImpersonator({ userId: user.$id, impersonator: true });
    expect((await users.list({ queries: [Query.equal('impersonator', [true])] })).users.map((found) => found.$id)).toContain(user.$id);
    await users.updateImpersonator({ userId: user.$id, impersonator: false });
  });

  it('sets and clears a phone number; a number another user has is refused as its target', async () => {
    const first = await users.create({ userId: ID.unique(), email: email('phone.a') });
    const second = await users.create({ userId: ID.unique(), email: email('phone.b') });
    cleanup.user(first.$id);
    cleanup.user(second.$id);
    const number = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    expect((await users.updatePhone({ userId: first.$id, number })).phone).toBe(number);
    await expectError(users.updatePhone({ userId: second.$id, number }), 409, 'user_target_already_exists');
    expect((await users.updatePhone({ userId: first.$id, number: '' })).phone).toBe('');
    expect((await users.updatePhone({ userId: second.$id, number: '' })).phone).toBe('');
  });
});

describe('server sessions, JWTs and logs', () => {
  it('creates a server session whose secret signs the user in, and logs it', async () => {
    const user = await users.create({ userId: ID.unique(), email: email('server.session') });
    cleanup.user(user.$id);
    const session = await users.createSession({ userId: user.$id });
    expect(session).toMatchObject({ userId: user.$id, provider: 'server', factors: ['server'] });
    expect(session.secret).not.toBe('');
    const account = new Account(new WebClient().setEndpoint(backend.endpoint).setProject(backend.projectId).setSession(session.secret));
    expect((await account.get()).$id).toBe(user.$id);
    const logs = await users.listLogs({ userId: user.$id });
    expect(logs.logs.map((log) => log.event)).toEqual(['session.create', 'user.create']);
    await expectError(users.listLogs({ userId: user.$id, queries: [Query.equal('$id', ['x'])] }), 400, 'general_argument_invalid');
  });

  it('mints a JWT of no session that outlives the sessions, and one of a session that dies with it', async () => {
    const user = await users.create({ userId: ID.unique(), email: email('jwt'), password: 'correct horse' });
    cleanup.user(user.$id);
    const { jwt: loose } = await users.createJWT({ userId: user.$id });
    const session = await users.createSession({ userId: user.$id });
    const { jwt: bound } = await users.createJWT({ userId: user.$id, sessionId: session.$id });
    const as = (jwt: string) => new Account(new WebClient().setEndpoint(backend.endpoint).setProject(backend.projectId).setJWT(jwt));
    expect((await as(bound).get()).$id).toBe(user.$id);
    await users.deleteSessions({ userId: user.$id });
    await expectError(as(bound).get(), 401, 'general_unauthorized_scope');
    expect((await as(loose).get()).$id).toBe(user.$id);
  });
});

describe('impersonation', () => {
  it('lets a user marked impersonator act as another user and browse users; anyone else is ignored', async () => {
    const actor = await users.create({ userId: ID.unique(), email: email('actor'), name: 'Actor' });
    const target = await users.create({ userId: ID.unique(), email: email('target'), name: 'Target' });
    cleanup.user(actor.$id);
    cleanup.user(target.$id);
    const { secret } = await users.createSession({ userId: actor.$id });

    const asActor = () => new WebClient().setEndpoint(backend.endpoint).setProject(backend.projectId).setSession(secret);
    // Without the capability the header is ignored: the actor stays themselves.
    expect((await new Account(asActor().setImpersonateUserId(target.$id)).get()).$id).toBe(actor.$id);
    await expectError(new Users(sessionClient(secret)).list(), 401, 'general_unauthorized_scope');

    await users.updateImpersonator({ userId: actor.$id, impersonator: true });
    const acting = (await new Account(asActor().setImpersonateUserEmail(target.email)).get()) as unknown as Record<string, unknown>;
    expect(acting).toMatchObject({ $id: target.$id, name: 'Target', impersonatorUserId: actor.$id });
    expect((await new Users(sessionClient(secret)).list()).total).toBeGreaterThanOrEqual(2);
    await expectError(new Users(sessionClient(secret)).delete({ userId: target.$id }), 401, 'general_unauthorized_scope');
    await users.updateStatus({ userId: target.$id, status: false });
    await expectError(new Account(asActor().setImpersonateUserId(target.$id)).get(), 403, 'user_blocked');
  });
});

describeLocal("the project's password rules (settings.auth.security)", () => {
  it('refuses personal data and a recent password, and caps the number of users', async () => {
    const strict = await startTestBackend({ authSecurity: { personalDataCheck: true, passwordHistory: 2, limit: 2 } });
    try {
      const admin = new Users(adminClient(strict));
      const browser = openBrowser(strict);
      await expectError(
        browser.account.create({ userId: ID.unique(), email: 'ada.lovelace@example.com', password: 'ada.lovelace!' }),
        400,
        'user_password_personal_data',
      );
      await browser.account.create({ userId: ID.unique(), email: 'ada.lovelace@example.com', password: 'correct horse' });
      await browser.account.createEmailPasswordSession({ email: 'ada.lovelace@example.com', password: 'correct horse' });
      await browser.account.updatePassword({ password: 'battery staple', oldPassword: 'correct horse' });
      await expectError(browser.account.updatePassword({ password: 'correct horse', oldPassword: 'battery staple' }), 400, 'user_password_recently_used');

      await admin.create({ userId: ID.unique(), email: 'second@example.com' });
      await expectError(
        openBrowser(strict).account.create({ userId: ID.unique(), email: 'third@example.com', password: 'correct horse' }),
        400,
        'user_count_exceeded',
      );
      await expectError(
        new Account(new WebClient().setEndpoint(strict.endpoint).setProject(strict.projectId)).createAnonymousSession(),
        400,
        'user_count_exceeded',
      );
    } finally {
      await strict.close();
    }
  });
});
