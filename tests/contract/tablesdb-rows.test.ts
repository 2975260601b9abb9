import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Channel, ID, Permission, Query, Role } from 'appwrite';
import { AppwriteException as NodeAppwriteException, Client as NodeClient, TablesDB as AdminTablesDB, Users, TablesDBIndexType } from 'node-appwrite';
import { adminClient, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { unlabelledAddress } from '../support/portal.ts';
import { schemaReady } from '../support/schema.ts';
import { closeRealtimeClients, openRealtime } from '../support/realtime.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const SYSTEM_FIELDS = ['$createdAt', '$databaseId', '$id', '$permissions', '$sequence', '$tableId', '$updatedAt'];
const NOT_AUTHORIZED = 'The current user is not authorized to perform the requested action.';

let backend: TestBackend;
let admin: AdminTablesDB;
let alice: TestBrowser & { userId: string; email: string };
let bob: TestBrowser & { userId: string; email: string };
let staff: TestBrowser & { userId: string; email: string };
let guest: TestBrowser;
const databaseId = cleanup.database(`rows${uniqueSuffix()}`);

beforeAll(async () => {
  backend = await startTestBackend();
  admin = new AdminTablesDB(adminClient(backend));
  await admin.create({ databaseId, name: 'Rows' });
  // Addresses the product's `roles` function leaves alone: permissions here name roles and labels.
  alice = await signedInBrowser(backend, { email: unlabelledAddress('alice') });
  bob = await signedInBrowser(backend, { email: unlabelledAddress('bob') });
  staff = await signedInBrowser(backend, { email: unlabelledAddress('staff') });
  await new Users(adminClient(backend)).updateLabels({ userId: staff.userId, labels: ['staff'] });
  guest = openBrowser(backend);
});
afterAll(async () => {
  await closeRealtimeClients();
  await backend.close();
});

/** The error either SDK threw (web and node each have their own AppwriteException class). */
async function failure<T>(promise: Promise<T>): Promise<AppwriteException> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error instanceof AppwriteException || error instanceof NodeAppwriteException).toBe(true);
  return error as AppwriteException;
}

async function expectError<T>(promise: Promise<T>, code: number, type: string, message?: string): Promise<void> {
  const error = await failure(promise);
  expect([error.code, error.type]).toEqual([code, type]);
  if (message !== undefined) expect(error.message).toBe(message);
}

describe('row CRUD and the Row model', () => {
  const tableId = 'notes';
  const base = { databaseId, tableId };

  beforeAll(async () => {
    await admin.createTable({
      ...base,
      name: 'Notes',
      permissions: [Permission.read(Role.any()), Permission.create(Role.users()), Permission.update(Role.users()), Permission.delete(Role.users())],
    });
    await admin.createStringColumn({ ...base, key: 'title', size: 20, required: true });
    await admin.createTextColumn({ ...base, key: 'body', required: false });
    await admin.createIntegerColumn({ ...base, key: 'count', required: false, min: 0, max: 100, xdefault: 0 });
    await admin.createIntegerColumn({ ...base, key: 'views', required: false });
    await admin.createFloatColumn({ ...base, key: 'rate', required: false, min: 0, max: 5 });
    await admin.createBooleanColumn({ ...base, key: 'done', required: false, xdefault: false });
    await admin.createDatetimeColumn({ ...base, key: 'due', required: false });
    await admin.createEmailColumn({ ...base, key: 'email', required: false });
    await admin.createUrlColumn({ ...base, key: 'site', required: false });
    await admin.createEnumColumn({ ...base, key: 'kind', elements: ['todo', 'idea'], required: false });
    await admin.createStringColumn({ ...base, key: 'tags', size: 10, required: false, array: true });
    await admin.createStringColumn({ ...base, key: 'slug', size: 30, required: false });
    await schemaReady(admin, databaseId, tableId);
    await admin.createIndex({ ...base, key: 'unique_slug', type: TablesDBIndexType.Unique, columns: ['slug'] });
    await schemaReady(admin, databaseId, tableId);
  });

  it('creates a row with every column present, defaults applied and Appwrite formats', async () => {
    const row = await alice.tablesDB.createRow({ ...base, rowId: 'first', data: { title: 'Buy milk', due: '2026-01-15T10:30:00+01:00', tags: ['home'] } });
    expect(Object.keys(row).sort()).toEqual(
      [...SYSTEM_FIELDS, 'body', 'count', 'done', 'due', 'email', 'kind', 'rate', 'site', 'slug', 'tags', 'title', 'views'].sort(),
    );
    expect(row).toMatchObject({
      $id: 'first',
      $tableId: tableId,
      $databaseId: databaseId,
      title: 'Buy milk',
      body: null,
      count: 0,
      views: null,
      rate: null,
      done: false,
      due: '2026-01-15T09:30:00.000+00:00',
      email: null,
      site: null,
      kind: null,
      tags: ['home'],
      slug: null,
    });
    expect(row.$sequence).toMatch(/^\d+$/);
    expect(row.$createdAt).toMatch(ISO);
    expect(row.$updatedAt).toBe(row.$createdAt);
    expect(row.$permissions).toEqual([`read("user:${alice.userId}")`, `update("user:${alice.userId}")`, `delete("user:${alice.userId}")`]);

    // Only an API key may set the system dates; a client's are dropped, as are $sequence and $tableId.
    const clientDated = await alice.tablesDB.createRow({
      ...base,
      rowId: ID.unique(),
      data: { title: 'Dated', $createdAt: '2000-01-01T00:00:00.000Z', $sequence: '999', $tableId: 'other' },
    });
    expect(clientDated.$createdAt.startsWith('2000')).toBe(false);
    expect([clientDated.$tableId, clientDated.$sequence === '999']).toEqual([tableId, false]);
    const keyDated = await admin.createRow({ ...base, rowId: ID.unique(), data: { title: 'Dated', $createdAt: '2000-01-01T00:00:00Z' } });
    expect(keyDated.$createdAt).toBe('2000-01-01T00:00:00.000+00:00');

    const second = await admin.createRow({ ...base, rowId: ID.unique(), data: { title: 'Second' } });
    expect(Number(second.$sequence)).toBe(Number(row.$sequence) + 3);
    expect(second.$permissions).toEqual([]);
    expect(second.tags).toEqual([]);
  });

  it('reads a row, with select returning the chosen columns and the system fields', async () => {
    const row = await guest.tablesDB.getRow({ ...base, rowId: 'first' });
    expect(row.title).toBe('Buy milk');
    const selected = await guest.tablesDB.getRow({ ...base, rowId: 'first', queries: [Query.select(['title', 'count'])] });
    expect(Object.keys(selected).sort()).toEqual([...SYSTEM_FIELDS, 'count', 'title'].sort());
    await expectError(guest.tablesDB.getRow({ ...base, rowId: 'ghost' }), 404, 'row_not_found', "Row with the requested ID 'ghost' could not be found.");
  });

  it('updates only the given columns, bumps $updatedAt, and leaves it alone for a no-op', async () => {
    const before = await alice.tablesDB.getRow({ ...base, rowId: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await alice.tablesDB.updateRow({ ...base, rowId: 'first', data: { body: 'two litres', done: true } });
    expect(updated).toMatchObject({ title: 'Buy milk', body: 'two litres', done: true, tags: ['home'] });
    expect(updated.$updatedAt > before.$updatedAt).toBe(true);
    expect(updated.$createdAt).toBe(before.$createdAt);

    const same = await alice.tablesDB.updateRow({ ...base, rowId: 'first', data: { body: 'two litres' } });
    expect(same.$updatedAt).toBe(updated.$updatedAt);

    await expectError(alice.tablesDB.updateRow({ ...base, rowId: 'first' }), 400, 'row_missing_payload');
    await expectError(alice.tablesDB.updateRow({ ...base, rowId: 'ghost', data: { body: 'x' } }), 404, 'row_not_found');
  });

  it('upserts: creates a missing row and replaces an existing one', async () => {
    const created = await alice.tablesDB.upsertRow({ ...base, rowId: 'upserted', data: { title: 'New', rate: 4.5, kind: 'idea' } });
    expect(created).toMatchObject({ $id: 'upserted', title: 'New', rate: 4.5, kind: 'idea', count: 0 });
    expect(created.$permissions).toContain(`update("user:${alice.userId}")`);
    const replaced = await alice.tablesDB.upsertRow({ ...base, rowId: 'upserted', data: { title: 'Replaced' } });
    expect(replaced).toMatchObject({ title: 'Replaced', rate: null, kind: null, count: 0 });
    expect(replaced.$permissions).toEqual(created.$permissions);
    expect(replaced.$sequence).toBe(created.$sequence);
  });

  it('deletes a row (204) so it can no longer be read', async () => {
    await admin.createRow({ ...base, rowId: 'doomed', data: { title: 'Doomed' } });
    await expect(alice.tablesDB.deleteRow({ ...base, rowId: 'doomed' })).resolves.toEqual({ message: '' });
    await expectError(alice.tablesDB.getRow({ ...base, rowId: 'doomed' }), 404, 'row_not_found');
    await expectError(alice.tablesDB.deleteRow({ ...base, rowId: 'doomed' }), 404, 'row_not_found');
  });

  it('rejects invalid structures with Appwrite’s messages', async () => {
    const create = (data: Record<string, unknown>) => admin.createRow({ ...base, rowId: ID.unique(), data });
    const invalid = async (data: Record<string, unknown>, message: string) =>
      expectError(create(data), 400, 'row_invalid_structure', `Invalid document structure: ${message}`);
    await invalid({ title: 'x', colour: 'red' }, 'Unknown attribute: "colour"');
    await invalid({ body: 'no title' }, 'Missing required attribute "title"');
    await invalid({ title: 12 }, 'Attribute "title" has invalid type. Value must be a valid string and no longer than 20 chars');
    await invalid({ title: 'x'.repeat(21) }, 'Attribute "title" has invalid type. Value must be a valid string and no longer than 20 chars');
    await invalid({ title: 'x', count: 101 }, 'Attribute "count" has invalid format. Value must be a valid range between 0 and 100');
    // A column whose bounds fit 32 bits is a 32-bit integer, as in Appwrite.
    await invalid(
      { title: 'x', count: 'many' },
      'Attribute "count" has invalid format. Value must be a valid signed 32-bit integer between -2,147,483,648 and 2,147,483,647',
    );
    await invalid(
      { title: 'x', views: 1.5 },
      'Attribute "views" has invalid format. Value must be a valid signed 64-bit integer between -9,223,372,036,854,775,808 and 9,223,372,036,854,775,807',
    );
    await invalid({ title: 'x', rate: 'high' }, 'Attribute "rate" has invalid format. Value must be a valid float');
    await invalid({ title: 'x', done: 'yes' }, 'Attribute "done" has invalid type. Value must be a valid boolean');
    await invalid(
      { title: 'x', due: 'soon' },
      'Attribute "due" has invalid type. Value must be valid date between 0000-01-01 00:00:00 and 9999-12-31 23:59:59.',
    );
    await invalid({ title: 'x', email: 'nope' }, 'Attribute "email" has invalid format. Value must be a valid email address');
    await invalid({ title: 'x', site: 'not a url' }, 'Attribute "site" has invalid format. Value must be a valid URL');
    await invalid({ title: 'x', kind: 'chore' }, 'Attribute "kind" has invalid format. Value must be one of (todo, idea)');
    await invalid({ title: 'x', tags: 'home' }, 'Attribute "tags" must be an array');
    await invalid(
      { title: 'x', tags: ['ok', 'far too long tag'] },
      'Attribute "tags[\'1\']" has invalid type. Value must be a valid string and no longer than 10 chars',
    );
    await expectError(create({}), 400, 'row_missing_data');
  });

  it('answers a duplicate id with row_already_exists and a unique index clash with row_unique_constraint_violation', async () => {
    await admin.createRow({ ...base, rowId: 'slugged', data: { title: 'One', slug: 'same' } });
    await expectError(admin.createRow({ ...base, rowId: 'slugged', data: { title: 'Again' } }), 409, 'row_already_exists');
    // Unique indexes compare text case-insensitively, like Appwrite's MariaDB collation.
    await expectError(admin.createRow({ ...base, rowId: ID.unique(), data: { title: 'Two', slug: 'SAME' } }), 409, 'row_unique_constraint_violation');
    await expectError(admin.updateRow({ ...base, rowId: 'first', data: { slug: 'same' } }), 409, 'row_unique_constraint_violation');
  });

  it('increments and decrements numeric columns with limits and Appwrite’s errors', async () => {
    await admin.createRow({ ...base, rowId: 'counter', data: { title: 'Counter', count: 5 } });
    const up = await alice.tablesDB.incrementRowColumn({ ...base, rowId: 'counter', column: 'count', value: 3 });
    expect(up).toMatchObject({ $id: 'counter', count: 8, title: 'Counter' });
    expect((await alice.tablesDB.decrementRowColumn({ ...base, rowId: 'counter', column: 'count' })).count).toBe(7);
    expect((await alice.tablesDB.incrementRowColumn({ ...base, rowId: 'counter', column: 'views' })).views).toBe(1);
    expect((await alice.tablesDB.incrementRowColumn({ ...base, rowId: 'counter', column: 'rate', value: 0.5 })).rate).toBe(0.5);

    await expectError(
      alice.tablesDB.incrementRowColumn({ ...base, rowId: 'counter', column: 'count', value: 5, max: 10 }),
      400,
      'column_limit_exceeded',
      'tablesDB "count" has reached the maximum value of 10',
    );
    await expectError(
      alice.tablesDB.decrementRowColumn({ ...base, rowId: 'counter', column: 'count', value: 8, min: 0 }),
      400,
      'column_limit_exceeded',
      'tablesDB "count" has reached the minimum value of 0',
    );
    await expectError(alice.tablesDB.incrementRowColumn({ ...base, rowId: 'counter', column: 'ghost' }), 404, 'column_not_found');
    await expectError(alice.tablesDB.incrementRowColumn({ ...base, rowId: 'ghost', column: 'count' }), 404, 'column_not_found');
    await expectError(alice.tablesDB.incrementRowColumn({ ...base, rowId: 'counter', column: 'title' }), 400, 'attribute_type_invalid');
    await expectError(alice.tablesDB.incrementRowColumn({ ...base, rowId: 'counter', column: 'count', value: 0 }), 400, 'general_argument_invalid');
    expect((await admin.getRow({ ...base, rowId: 'counter' })).count).toBe(7);
  });

  it('ends 1,000 concurrent increments at exactly +1,000', async () => {
    await admin.createRow({ ...base, rowId: 'busy', data: { title: 'Busy', views: 0 } });
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 100 }, () => alice.tablesDB.incrementRowColumn({ ...base, rowId: 'busy', column: 'views' })));
    }
    expect((await admin.getRow({ ...base, rowId: 'busy' })).views).toBe(1000);
  });

  it('publishes create, update (for increments) and delete events with the Row model', async () => {
    const live = openRealtime(backend, { session: alice.sessionToken() });
    const feed = await live.subscribe([Channel.tablesdb(databaseId).table(tableId).row().toString()]);
    const row = await alice.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'Live' } });
    const incremented = await alice.tablesDB.incrementRowColumn({ ...base, rowId: row.$id, column: 'views' });
    await alice.tablesDB.deleteRow({ ...base, rowId: row.$id });
    const created = await feed.waitFor((event) => event.events.includes(`databases.${databaseId}.tables.${tableId}.rows.${row.$id}.create`));
    expect(created.payload).toEqual(row);
    const updated = await feed.waitFor((event) => event.events.includes(`databases.${databaseId}.tables.${tableId}.rows.${row.$id}.update`));
    expect(updated.payload).toEqual(incremented);
    await feed.waitFor((event) => event.events.includes(`databases.${databaseId}.tables.${tableId}.rows.${row.$id}.delete`));
    await live.close();
  });
});

describe('permissions', () => {
  const key = () => admin;

  it('without rowSecurity, table permissions alone decide (read any, create/update users, delete staff)', async () => {
    const tableId = 'open';
    const base = { databaseId, tableId };
    await admin.createTable({
      ...base,
      name: 'Open',
      permissions: [Permission.read(Role.any()), Permission.create(Role.users()), Permission.update(Role.users()), Permission.delete(Role.label('staff'))],
    });
    await admin.createStringColumn({ ...base, key: 'title', size: 50, required: false });
    await schemaReady(admin, databaseId, tableId);

    const row = await alice.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'by alice' } });
    expect((await guest.tablesDB.listRows({ ...base })).total).toBe(1);
    expect((await guest.tablesDB.getRow({ ...base, rowId: row.$id })).title).toBe('by alice');
    await expectError(
      guest.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'by guest' } }),
      401,
      'user_unauthorized',
      'Missing "create" permission for role "users". Only "["any","guests"]" scopes are allowed and "["users"]" was given.',
    );
    // Bob holds `users`, which may update any row here: row permissions are ignored without rowSecurity.
    expect((await bob.tablesDB.updateRow({ ...base, rowId: row.$id, data: { title: 'by bob' } })).title).toBe('by bob');
    await expectError(alice.tablesDB.deleteRow({ ...base, rowId: row.$id }), 401, 'user_unauthorized', NOT_AUTHORIZED);
    await staff.tablesDB.deleteRow({ ...base, rowId: row.$id });
    await expectError(key().getRow({ ...base, rowId: row.$id }), 404, 'row_not_found');
  });

  it('without table read and without rowSecurity, lists are refused and rows look missing', async () => {
    const tableId = 'closed';
    const base = { databaseId, tableId };
    await admin.createTable({ ...base, name: 'Closed', permissions: [Permission.create(Role.users())] });
    await admin.createStringColumn({ ...base, key: 'title', size: 50, required: false });
    await schemaReady(admin, databaseId, tableId);
    const row = await alice.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'mine' } });
    await expectError(alice.tablesDB.listRows({ ...base }), 401, 'user_unauthorized', NOT_AUTHORIZED);
    await expectError(alice.tablesDB.getRow({ ...base, rowId: row.$id }), 404, 'row_not_found');
    await expectError(alice.tablesDB.updateRow({ ...base, rowId: row.$id, data: { title: 'x' } }), 401, 'user_unauthorized');
    expect((await key().listRows({ ...base })).total).toBe(1);
  });

  it('with rowSecurity, each row’s permissions decide for users, labels and guests; keys bypass all', async () => {
    const tableId = 'secure';
    const base = { databaseId, tableId };
    await admin.createTable({ ...base, name: 'Secure', rowSecurity: true, permissions: [Permission.create(Role.users())] });
    await admin.createStringColumn({ ...base, key: 'title', size: 50, required: false });
    await schemaReady(admin, databaseId, tableId);

    const own = await alice.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'alice only' } });
    const shared = await alice.tablesDB.createRow({
      ...base,
      rowId: ID.unique(),
      data: { title: 'public' },
      permissions: [Permission.read(Role.any()), Permission.write(Role.user(alice.userId))],
    });
    expect(shared.$permissions).toEqual(['read("any")', `update("user:${alice.userId}")`, `delete("user:${alice.userId}")`]);
    const forStaff = await admin.createRow({
      ...base,
      rowId: ID.unique(),
      data: { title: 'staff' },
      permissions: [Permission.read(Role.label('staff')), Permission.update(Role.label('staff'))],
    });

    const aliceList = await alice.tablesDB.listRows({ ...base });
    expect(aliceList.rows.map((row) => row.title).sort()).toEqual(['alice only', 'public']);
    expect(aliceList.total).toBe(2);
    const bobList = await bob.tablesDB.listRows({ ...base });
    expect(bobList.rows.map((row) => row.title)).toEqual(['public']);
    expect((await staff.tablesDB.listRows({ ...base })).rows.map((row) => row.title).sort()).toEqual(['public', 'staff']);
    expect((await guest.tablesDB.listRows({ ...base })).rows.map((row) => row.title)).toEqual(['public']);
    expect((await key().listRows({ ...base })).total).toBe(3);

    await expectError(bob.tablesDB.getRow({ ...base, rowId: own.$id }), 404, 'row_not_found');
    await expectError(bob.tablesDB.updateRow({ ...base, rowId: shared.$id, data: { title: 'hijacked' } }), 401, 'user_unauthorized');
    // An update that changes nothing needs only read permission, and leaves $updatedAt alone.
    expect(await bob.tablesDB.updateRow({ ...base, rowId: shared.$id, data: { title: 'public' } })).toEqual(shared);
    await expectError(bob.tablesDB.deleteRow({ ...base, rowId: own.$id }), 401, 'user_unauthorized');
    await expectError(guest.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'guest' } }), 401, 'user_unauthorized');
    expect((await staff.tablesDB.updateRow({ ...base, rowId: forStaff.$id, data: { title: 'staff v2' } })).title).toBe('staff v2');
    await expectError(alice.tablesDB.getRow({ ...base, rowId: forStaff.$id }), 404, 'row_not_found');
    expect((await key().updateRow({ ...base, rowId: own.$id, data: { title: 'by key' } })).title).toBe('by key');
    await alice.tablesDB.deleteRow({ ...base, rowId: own.$id });
  });

  it('hides disabled tables and databases from everyone but API keys', async () => {
    const tableId = 'toggled';
    const base = { databaseId, tableId };
    await admin.createTable({ ...base, name: 'Toggled', permissions: [Permission.read(Role.any())] });
    await admin.createStringColumn({ ...base, key: 'title', size: 50, required: false });
    await schemaReady(admin, databaseId, tableId);
    const row = await admin.createRow({ ...base, rowId: ID.unique(), data: { title: 'x' } });
    await admin.updateTable({ ...base, name: 'Toggled', enabled: false });
    await expectError(guest.tablesDB.getRow({ ...base, rowId: row.$id }), 404, 'table_not_found');
    expect((await admin.getRow({ ...base, rowId: row.$id })).title).toBe('x');
    await admin.updateTable({ ...base, name: 'Toggled', enabled: true });
    expect((await guest.tablesDB.getRow({ ...base, rowId: row.$id })).title).toBe('x');

    const hiddenDatabase = cleanup.database(`hidden${uniqueSuffix()}`);
    await admin.create({ databaseId: hiddenDatabase, name: 'Hidden', enabled: false });
    await admin.createTable({ databaseId: hiddenDatabase, tableId, name: 'T', permissions: [Permission.read(Role.any())] });
    await expectError(guest.tablesDB.listRows({ databaseId: hiddenDatabase, tableId }), 404, 'database_not_found');
    expect((await admin.listRows({ databaseId: hiddenDatabase, tableId })).total).toBe(0);
  });

  it('keeps bulk createRows to API keys', async () => {
    const tableId = 'bulk';
    const base = { databaseId, tableId };
    await admin.createTable({ ...base, name: 'Bulk', permissions: [Permission.create(Role.any()), Permission.read(Role.any())] });
    await admin.createStringColumn({ ...base, key: 'title', size: 50, required: true });
    await schemaReady(admin, databaseId, tableId);
    const anonymous = new AdminTablesDB(new NodeClient().setEndpoint(backend.endpoint).setProject(backend.projectId));
    await expectError(
      anonymous.createRows({ ...base, rows: [{ title: 'x' }] }),
      401,
      'general_unauthorized_scope',
      'The current user or API key does not have the required scopes to access the requested resource.',
    );
    const created = await admin.createRows({
      ...base,
      rows: [
        { $id: 'b1', title: 'one' },
        { title: 'two', $permissions: ['read("users")'] },
      ],
    });
    expect(created.total).toBe(2);
    expect(created.rows.map((row) => [row.title, row.$permissions])).toEqual([
      ['one', []],
      ['two', ['read("users")']],
    ]);
    expect(created.rows[0]?.$id).toBe('b1');
    // All or nothing: one invalid row rejects the whole batch.
    await expectError(admin.createRows({ ...base, rows: [{ title: 'three' }, { title: 4 }] }), 400, 'row_invalid_structure');
    expect((await admin.listRows({ ...base })).total).toBe(2);
  });

  it('lets a client grant only roles it holds', async () => {
    const tableId = 'grants';
    const base = { databaseId, tableId };
    await admin.createTable({ ...base, name: 'Grants', rowSecurity: true, permissions: [Permission.create(Role.users()), Permission.create(Role.guests())] });
    await admin.createStringColumn({ ...base, key: 'title', size: 50, required: false });
    await schemaReady(admin, databaseId, tableId);

    const denied = await failure(
      alice.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'x' }, permissions: [Permission.read(Role.user(bob.userId))] }),
    );
    expect([denied.code, denied.type]).toEqual([401, 'user_unauthorized']);
    expect(denied.message).toBe(`Permissions must be one of: (any, users, user:${alice.userId}, users/unverified, user:${alice.userId}/unverified)`);
    await expectError(
      alice.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'x' }, permissions: [Permission.read(Role.guests())] }),
      401,
      'user_unauthorized',
    );
    await expectError(
      guest.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'x' }, permissions: [Permission.read(Role.users())] }),
      401,
      'user_unauthorized',
    );

    const byGuest = await guest.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'guest row' }, permissions: [Permission.read(Role.any())] });
    expect(byGuest.$permissions).toEqual(['read("any")']);
    const row = await alice.tablesDB.createRow({ ...base, rowId: ID.unique(), data: { title: 'x' } });
    await expectError(alice.tablesDB.updateRow({ ...base, rowId: row.$id, permissions: [Permission.read(Role.user(bob.userId))] }), 401, 'user_unauthorized');
    const byKey = await admin.updateRow({ ...base, rowId: row.$id, permissions: [Permission.read(Role.user(bob.userId))] });
    expect(byKey.$permissions).toEqual([`read("user:${bob.userId}")`]);
  });
});
