import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, Client, ID } from 'appwrite';
import { Account as ServerAccount, Permission, Role, Storage, TablesDB, Users as ServerUsers } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { cleanup } from '../support/cleanup.ts';
import { schemaReady } from '../support/schema.ts';

/**
 * Divergences that Appwrite's own e2e tests found (issue 22), each pinned here through an official
 * SDK or raw HTTP as Appwrite answers it.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

/** A raw request with the project and key, as Appwrite's PHP SDK sends it. */
function raw(method: string, path: string, body: string | undefined): Promise<Response> {
  return fetch(`${backend.endpoint}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-appwrite-project': backend.projectId, 'x-appwrite-key': backend.apiKey },
    ...(body === undefined ? {} : { body }),
  });
}

describe('a JSON body of [] (how PHP and its Appwrite SDK send "no params")', () => {
  it('is read as no params: a file is deleted and a column is incremented by its default step', async () => {
    const admin = adminClient(backend);
    const storage = new Storage(admin);
    const bucketId = cleanup.bucket(`empty${uniqueSuffix()}`);
    await storage.createBucket({ bucketId, name: 'Empty body', permissions: [Permission.read(Role.any())] });
    const file = await storage.createFile({ bucketId, fileId: ID.unique(), file: new File(['hello'], 'hello.txt') });
    expect((await raw('DELETE', `/storage/buckets/${bucketId}/files/${file.$id}`, '[]')).status).toBe(204);

    const tables = new TablesDB(admin);
    const databaseId = cleanup.database(`empty${uniqueSuffix()}`);
    await tables.create({ databaseId, name: 'Empty body' });
    await tables.createTable({ databaseId, tableId: 'counters', name: 'Counters' });
    await tables.createIntegerColumn({ databaseId, tableId: 'counters', key: 'count', required: false, xdefault: 0 });
    await schemaReady(tables, databaseId, 'counters');
    await tables.createRow({ databaseId, tableId: 'counters', rowId: 'one', data: { count: 0 } });
    const incremented = await raw('PATCH', `/tablesdb/${databaseId}/tables/counters/rows/one/count/increment`, '[]');
    expect(incremented.status).toBe(200);
    expect(((await incremented.json()) as { count: number }).count).toBe(1);
  });

  it('still refuses a body that is not JSON', async () => {
    const answer = await raw('POST', '/tablesdb', '{"databaseId":');
    expect(answer.status).toBe(400);
  });
});

describe('a request with both an API key and a session', () => {
  it("acts with the key's rights, as Appwrite's key scopes do (a session alone may not create a database)", async () => {
    const email = `both.${uniqueSuffix()}@acme.example`;
    await new ServerUsers(adminClient(backend)).create({ userId: ID.unique(), email, password: 'correct horse battery' });
    const session = await new ServerAccount(adminClient(backend)).createEmailPasswordSession({ email, password: 'correct horse battery' });
    const databaseId = cleanup.database(`both${uniqueSuffix()}`);
    const create = (headers: Record<string, string>) =>
      fetch(`${backend.endpoint}/tablesdb`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': backend.projectId, 'x-appwrite-session': session.secret, ...headers },
        body: JSON.stringify({ databaseId, name: 'Both' }),
      });
    expect((await create({})).status).toBe(401);
    expect((await create({ 'x-appwrite-key': backend.apiKey })).status).toBe(201);
  });
});

// Local only: the project's auth settings come from the appwrite.config.json the backend starts with.
describeLocal("the project's auth settings (settings.auth.security of appwrite.config.json)", () => {
  const signUp = (target: TestBackend, password: string) =>
    new Account(new Client().setEndpoint(target.endpoint).setProject(target.projectId))
      .create({ userId: ID.unique(), email: `settings.${uniqueSuffix()}@acme.example`, password })
      .then(
        () => 201,
        (thrown: { code: number }) => thrown.code,
      );

  it("are Appwrite's defaults for a new project: the password dictionary is off", async () => {
    expect(await signUp(backend, 'password')).toBe(201);
  });

  it('turn the dictionary on when the file says so', async () => {
    const strict = await startTestBackend({ authSecurity: { passwordDictionary: true } });
    try {
      expect(await signUp(strict, 'password')).toBe(400);
      expect(await signUp(strict, 'correct horse battery')).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('keep the other sessions after a password change when invalidateSessions is off, and end them by default', async () => {
    for (const invalidateSessions of [false, true]) {
      const target = await startTestBackend({ authSecurity: { invalidateSessions } });
      try {
        const email = `sessions.${uniqueSuffix()}@acme.example`;
        const client = () => new Client().setEndpoint(target.endpoint).setProject(target.projectId);
        await new Account(client()).create({ userId: ID.unique(), email, password: 'correct horse battery' });
        const first = await new ServerAccount(adminClient(target)).createEmailPasswordSession({ email, password: 'correct horse battery' });
        const second = await new ServerAccount(adminClient(target)).createEmailPasswordSession({ email, password: 'correct horse battery' });
        await new Account(client().setSession(second.secret)).updatePassword({ password: 'another long secret', oldPassword: 'correct horse battery' });
        const stillIn = await new Account(client().setSession(first.secret)).get().then(
          () => true,
          () => false,
        );
        expect(stillIn).toBe(!invalidateSessions);
      } finally {
        await target.close();
      }
    }
  });
});
