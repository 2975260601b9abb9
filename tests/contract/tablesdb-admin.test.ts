import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Client, Databases, DatabasesIndexType, Permission, Query, Role, TablesDB, TablesDBIndexType, OrderBy } from 'node-appwrite';
import { adminClient, itLocal, realAppwrite, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { signedInBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { APPWRITE_DATE as ISO, COLUMN, expectModel, INDEX, TABLE } from '../support/models.ts';
import { schemaReady } from '../support/schema.ts';

/** A new column or index: built at once locally, `processing` at first on a real Appwrite (protocol 6.1). */
const CREATED_STATUS = realAppwrite ? expect.stringMatching(/^(available|processing)$/) : 'available';

let backend: TestBackend;
let db: TablesDB;
beforeAll(async () => {
  backend = await startTestBackend();
  db = new TablesDB(adminClient(backend));
});
afterAll(() => backend.close());

async function failure(promise: Promise<unknown>): Promise<AppwriteException> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppwriteException);
  return error as AppwriteException;
}

describe('databases', () => {
  it('creates, reads, lists, updates and deletes a database with the Database model', async () => {
    const databaseId = cleanup.database(`db${uniqueSuffix()}`);
    const created = await db.create({ databaseId, name: 'Portal' });
    expect(created).toMatchObject({ $id: databaseId, name: 'Portal', enabled: true, type: 'tablesdb' });
    expect(created.$createdAt).toMatch(ISO);
    expect(created.$updatedAt).toMatch(ISO);

    expect(await db.get({ databaseId })).toMatchObject({ $id: databaseId, name: 'Portal' });
    const list = await db.list({ queries: [Query.equal('name', 'Portal')] });
    expect(list.databases.map((database) => database.$id)).toContain(databaseId);
    expect(list.total).toBeGreaterThanOrEqual(1);

    const updated = await db.update({ databaseId, name: 'Renamed', enabled: false });
    expect(updated).toMatchObject({ name: 'Renamed', enabled: false });

    await expect(db.delete({ databaseId })).resolves.toEqual({ message: '' });
    const missing = await failure(db.get({ databaseId }));
    expect([missing.code, missing.type]).toEqual([404, 'database_not_found']);
    expect(missing.message).toBe(`Database with the requested ID '${databaseId}' could not be found.`);
  });

  it('rejects a duplicate database id with 409 database_already_exists', async () => {
    const databaseId = cleanup.database(`db${uniqueSuffix()}`);
    await db.create({ databaseId, name: 'One' });
    const error = await failure(db.create({ databaseId, name: 'Two' }));
    expect([error.code, error.type]).toEqual([409, 'database_already_exists']);
  });

  it('answers callers without an API key with 401 general_unauthorized_scope', async () => {
    const guest = new TablesDB(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
    const error = await failure(guest.listTables({ databaseId: 'any' }));
    expect([error.code, error.type]).toEqual([401, 'general_unauthorized_scope']);
    expect(error.message).toBe('User (role: guests) missing scopes (["tables.read"])');

    const browser = await signedInBrowser(backend, { email: `admin-${uniqueSuffix()}@example.com` });
    const user = new TablesDB(
      new Client()
        .setEndpoint(backend.endpoint)
        .setProject(backend.projectId)
        .setSession(browser.sessionToken() ?? ''),
    );
    const denied = await failure(user.create({ databaseId: cleanup.database(`db${uniqueSuffix()}`), name: 'Nope' }));
    expect([denied.code, denied.type]).toEqual([401, 'general_unauthorized_scope']);
    expect(denied.message).toBe(`${browser.email} (role: users) missing scopes (["databases.write"])`);
  });
});

describe('tables', () => {
  const databaseId = cleanup.database(`tables${uniqueSuffix()}`);
  beforeAll(async () => {
    await db.create({ databaseId, name: 'Tables' });
  });

  it('creates a table with the Table model and expands write permissions', async () => {
    const table = await db.createTable({
      databaseId,
      tableId: 'todos',
      name: 'Todos',
      rowSecurity: true,
      permissions: [Permission.read(Role.any()), Permission.write(Role.users())],
    });
    expectModel(table, TABLE);
    expect(table).toMatchObject({ $id: 'todos', databaseId, name: 'Todos', enabled: true, rowSecurity: true, columns: [], indexes: [] });
    expect(table.$permissions).toEqual(['read("any")', 'create("users")', 'update("users")', 'delete("users")']);
    expect(table.bytesMax).toBe(65535);
    expect(table.$createdAt).toMatch(ISO);
  });

  it('creates a table with inline columns and indexes, lists, updates and deletes it', async () => {
    const created = await db.createTable({
      databaseId,
      tableId: 'inline',
      name: 'Inline',
      columns: [
        { key: 'title', type: 'string', size: 64, required: true },
        { key: 'rank', type: 'integer', required: false },
      ],
      indexes: [{ key: 'by_rank', type: 'key', columns: ['rank'] }],
    });
    expect(created.columns.map((column) => column.key)).toEqual(['title', 'rank']);
    expect(created.indexes.map((index) => index.key)).toEqual(['by_rank']);
    expect(created.rowSecurity).toBe(false);
    expect(created.$permissions).toEqual([]);

    const list = await db.listTables({ databaseId, queries: [Query.limit(1), Query.orderDesc('$createdAt')] });
    expect(list.total).toBe(2);
    expect(list.tables.map((table) => table.$id)).toEqual(['inline']);

    const updated = await db.updateTable({
      databaseId,
      tableId: 'inline',
      name: 'Renamed',
      rowSecurity: true,
      permissions: [Permission.read(Role.users())],
      enabled: false,
    });
    expect(updated).toMatchObject({ name: 'Renamed', rowSecurity: true, enabled: false, $permissions: ['read("users")'] });
    expect((await db.getTable({ databaseId, tableId: 'inline' })).name).toBe('Renamed');

    await db.deleteTable({ databaseId, tableId: 'inline' });
    const error = await failure(db.getTable({ databaseId, tableId: 'inline' }));
    expect([error.code, error.type, error.message]).toEqual([404, 'table_not_found', "Table with the requested ID 'inline' could not be found."]);
  });

  it('creates nothing when an inline column is invalid', async () => {
    const error = await failure(
      db.createTable({ databaseId, tableId: 'broken', name: 'Broken', columns: [{ key: 'n', type: 'integer', required: true, default: 1 }] }),
    );
    expect([error.code, error.type]).toEqual([400, 'column_default_unsupported']);
    expect((await failure(db.getTable({ databaseId, tableId: 'broken' }))).type).toBe('table_not_found');
    expect((await db.createTable({ databaseId, tableId: 'broken', name: 'Fixed' })).columns).toEqual([]);
  });

  it('rejects a duplicate table id with 409 table_already_exists', async () => {
    await db.createTable({ databaseId, tableId: 'twice', name: 'Twice' });
    const error = await failure(db.createTable({ databaseId, tableId: 'twice', name: 'Twice' }));
    expect([error.code, error.type]).toEqual([409, 'table_already_exists']);
  });

  it('answers a missing database with 404 database_not_found', async () => {
    const error = await failure(db.createTable({ databaseId: 'nope', tableId: 'x', name: 'X' }));
    expect([error.code, error.type]).toEqual([404, 'database_not_found']);
  });
});

describe('columns', () => {
  const databaseId = cleanup.database(`columns${uniqueSuffix()}`);
  const tableId = 'all';
  beforeAll(async () => {
    await db.create({ databaseId, name: 'Columns' });
    await db.createTable({ databaseId, tableId, name: 'All types' });
  });

  it('creates every column type with 202 and its model', async () => {
    const base = { databaseId, tableId };
    const string = await db.createStringColumn({ ...base, key: 'legacy', size: 50, required: false, xdefault: 'x' });
    expectModel(string, { ...COLUMN, default: 'any', encrypt: 'boolean', size: 'number' });
    expect(string).toMatchObject({
      key: 'legacy',
      type: 'string',
      status: CREATED_STATUS,
      error: '',
      size: 50,
      default: 'x',
      encrypt: false,
      required: false,
      array: false,
    });

    expect(await db.createVarcharColumn({ ...base, key: 'name', size: 120, required: true })).toMatchObject({ type: 'varchar', size: 120, default: null });
    const text = await db.createTextColumn({ ...base, key: 'body', required: false });
    expectModel(text, { ...COLUMN, default: 'any', encrypt: 'boolean' });
    expect(text.type).toBe('text');
    expect((await db.createMediumtextColumn({ ...base, key: 'medium', required: false })).type).toBe('mediumtext');
    expect((await db.createLongtextColumn({ ...base, key: 'long', required: false })).type).toBe('longtext');

    const integer = await db.createIntegerColumn({ ...base, key: 'count', required: false, min: 0, max: 10, xdefault: 3 });
    expect(integer).toMatchObject({ type: 'integer', min: 0, max: 10, default: 3 });
    const unbounded = await db.createIntegerColumn({ ...base, key: 'big', required: false });
    // 64-bit bounds arrive exact; the SDK's json-bigint parser returns them as bigints.
    expect([unbounded.min, unbounded.max]).toEqual([-9223372036854775808n, 9223372036854775807n]);

    const float = await db.createFloatColumn({ ...base, key: 'rate', required: false, min: 0.5, max: 99.5 });
    expect(float).toMatchObject({ type: 'double', min: 0.5, max: 99.5, default: null });
    expect(await db.createBooleanColumn({ ...base, key: 'done', required: false, xdefault: false })).toMatchObject({ type: 'boolean', default: false });
    expect(await db.createDatetimeColumn({ ...base, key: 'due', required: false, xdefault: '2026-01-15T10:30:00+01:00' }))
      // Appwrite stores a datetime column's format empty and reports what it stores.
      .toMatchObject({ type: 'datetime', format: '', default: '2026-01-15T09:30:00.000+00:00' });
    expect(await db.createEmailColumn({ ...base, key: 'email', required: false })).toMatchObject({ type: 'string', format: 'email' });
    expect(await db.createUrlColumn({ ...base, key: 'site', required: false })).toMatchObject({ type: 'string', format: 'url' });
    expect(await db.createEnumColumn({ ...base, key: 'kind', elements: ['Job', 'Gig'], required: false, xdefault: 'Job' })).toMatchObject({
      type: 'string',
      format: 'enum',
      elements: ['Job', 'Gig'],
      default: 'Job',
    });
    expect(await db.createStringColumn({ ...base, key: 'tags', size: 20, required: false, array: true })).toMatchObject({ array: true });

    const list = await db.listColumns({ databaseId, tableId });
    expect(list.total).toBe(14);
    expect(list.columns.map((column) => column.key)).toEqual([
      'legacy',
      'name',
      'body',
      'medium',
      'long',
      'count',
      'big',
      'rate',
      'done',
      'due',
      'email',
      'site',
      'kind',
      'tags',
    ]);
    expect(await db.getColumn({ databaseId, tableId, key: 'kind' })).toMatchObject({ key: 'kind', elements: ['Job', 'Gig'] });
    const table = await db.getTable({ databaseId, tableId });
    expect(table.columns).toHaveLength(14);
    expect(table.bytesUsed).toBeGreaterThan(1067);
  });

  it('enforces Appwrite’s column rules', async () => {
    const base = { databaseId, tableId };
    const duplicate = await failure(db.createStringColumn({ ...base, key: 'legacy', size: 10, required: false }));
    expect([duplicate.code, duplicate.type]).toEqual([409, 'column_already_exists']);

    const requiredDefault = await failure(db.createIntegerColumn({ ...base, key: 'x1', required: true, xdefault: 1 }));
    expect([requiredDefault.code, requiredDefault.type, requiredDefault.message]).toEqual([
      400,
      'column_default_unsupported',
      'Cannot set default value for required column',
    ]);

    const arrayDefault = await failure(db.createStringColumn({ ...base, key: 'x2', size: 5, required: false, array: true, xdefault: 'a' }));
    expect(arrayDefault.type).toBe('column_default_unsupported');

    const range = await failure(db.createIntegerColumn({ ...base, key: 'x3', required: false, min: 5, max: 1 }));
    expect([range.code, range.type, range.message]).toEqual([400, 'column_value_invalid', 'Minimum value must be lesser than maximum value']);

    const outOfRange = await failure(db.createIntegerColumn({ ...base, key: 'x4', required: false, min: 1, max: 10, xdefault: 11 }));
    expect(outOfRange.message).toBe('Value must be a valid range between 1 and 10');

    const enumDefault = await failure(db.createEnumColumn({ ...base, key: 'x5', elements: ['a'], required: false, xdefault: 'b' }));
    expect([enumDefault.type, enumDefault.message]).toEqual(['column_value_invalid', 'Default value not found in elements']);

    const badEmail = await failure(db.createEmailColumn({ ...base, key: 'x6', required: false, xdefault: 'nope' }));
    expect([badEmail.code, badEmail.type]).toEqual([400, 'general_argument_invalid']);

    const missing = await failure(db.getColumn({ ...base, key: 'ghost' }));
    expect([missing.code, missing.type]).toEqual([404, 'column_not_found']);
  });

  it('updates a column (default, size, rename) and deletes one', async () => {
    await schemaReady(db, databaseId, tableId);
    const updated = await db.updateStringColumn({ databaseId, tableId, key: 'legacy', required: false, xdefault: 'y', size: 60 });
    expect(updated).toMatchObject({ key: 'legacy', default: 'y', size: 60 });
    const renamed = await db.updateIntegerColumn({ databaseId, tableId, key: 'count', required: false, xdefault: 5, min: 0, max: 100, newKey: 'total' });
    expect(renamed).toMatchObject({ key: 'total', min: 0, max: 100, default: 5 });
    expect((await db.listColumns({ databaseId, tableId })).columns.map((column) => column.key)).toContain('total');

    await expect(db.deleteColumn({ databaseId, tableId, key: 'medium' })).resolves.toEqual({ message: '' });
    const gone = await failure(db.getColumn({ databaseId, tableId, key: 'medium' }));
    expect(gone.type).toBe('column_not_found');
  });
});

describe('indexes', () => {
  const databaseId = cleanup.database(`indexes${uniqueSuffix()}`);
  const tableId = 'jobs';
  beforeAll(async () => {
    await db.create({ databaseId, name: 'Indexes' });
    await db.createTable({ databaseId, tableId, name: 'Jobs' });
    await db.createStringColumn({ databaseId, tableId, key: 'title', size: 100, required: false });
    await db.createIntegerColumn({ databaseId, tableId, key: 'rate', required: false });
    await db.createStringColumn({ databaseId, tableId, key: 'tags', size: 10, required: false, array: true });
    await schemaReady(db, databaseId, tableId);
  });

  it('creates key, unique and fulltext indexes with 202 and the ColumnIndex model', async () => {
    const key = await db.createIndex({
      databaseId,
      tableId,
      key: 'by_rate',
      type: TablesDBIndexType.Key,
      columns: ['rate', '$createdAt'],
      orders: [OrderBy.Desc, OrderBy.Asc],
      lengths: [],
    });
    expectModel(key, INDEX);
    expect(key).toMatchObject({ key: 'by_rate', type: 'key', status: CREATED_STATUS, error: '', columns: ['rate', '$createdAt'], orders: ['DESC', 'ASC'] });
    expect(await db.createIndex({ databaseId, tableId, key: 'unique_title', type: TablesDBIndexType.Unique, columns: ['title'], lengths: [64] })).toMatchObject(
      { type: 'unique', lengths: [64] },
    );
    expect(await db.createIndex({ databaseId, tableId, key: 'ft_title', type: TablesDBIndexType.Fulltext, columns: ['title'] })).toMatchObject({
      type: 'fulltext',
      columns: ['title'],
    });

    const list = await db.listIndexes({ databaseId, tableId });
    expect(list.total).toBe(3);
    expect(list.indexes.map((index) => index.key)).toEqual(['by_rate', 'unique_title', 'ft_title']);
    expect(await db.getIndex({ databaseId, tableId, key: 'ft_title' })).toMatchObject({ key: 'ft_title', type: 'fulltext' });
    expect((await db.getTable({ databaseId, tableId })).indexes).toHaveLength(3);

    await schemaReady(db, databaseId, tableId);
    await expect(db.deleteIndex({ databaseId, tableId, key: 'by_rate' })).resolves.toEqual({ message: '' });
    const gone = await failure(db.getIndex({ databaseId, tableId, key: 'by_rate' }));
    expect([gone.code, gone.type]).toEqual([404, 'column_index_not_found']);
  });

  it('rejects invalid indexes the way Appwrite does', async () => {
    const duplicate = await failure(db.createIndex({ databaseId, tableId, key: 'unique_title', type: TablesDBIndexType.Key, columns: ['rate'] }));
    expect([duplicate.code, duplicate.type]).toEqual([409, 'column_index_already_exists']);

    const unknown = await failure(db.createIndex({ databaseId, tableId, key: 'x1', type: TablesDBIndexType.Key, columns: ['ghost'] }));
    expect([unknown.code, unknown.type]).toEqual([400, 'column_unknown']);

    const fulltextOnNumber = await failure(db.createIndex({ databaseId, tableId, key: 'x2', type: TablesDBIndexType.Fulltext, columns: ['rate'] }));
    expect([fulltextOnNumber.code, fulltextOnNumber.type, fulltextOnNumber.message]).toEqual([
      400,
      'column_index_invalid',
      'Attribute "rate" cannot be part of a fulltext index, must be of type string',
    ]);

    const onArray = await failure(db.createIndex({ databaseId, tableId, key: 'x3', type: TablesDBIndexType.Key, columns: ['tags'] }));
    expect([onArray.code, onArray.type]).toEqual([400, 'index_invalid']);
  });
});

/** Appwrite's schema limits (utopia-php/database's MariaDB adapter, issue 12): refused here as there. */
describe('schema limits', () => {
  const databaseId = cleanup.database(`limits${uniqueSuffix()}`);
  beforeAll(async () => {
    await db.create({ databaseId, name: 'Limits' });
  });

  it('refuses a column that would make a row 65,535 bytes or wider with 400 column_limit_exceeded', async () => {
    const tableId = 'wide';
    await db.createTable({ databaseId, tableId, name: 'Wide' });
    // 1,067 bytes of internal columns, then 4 bytes a character (+2): three of these take 61,073 bytes.
    for (const key of ['a', 'b', 'c']) await db.createStringColumn({ databaseId, tableId, key, size: 5000, required: false });
    const error = await failure(db.createStringColumn({ databaseId, tableId, key: 'd', size: 5000, required: false }));
    expect([error.code, error.type, error.message]).toEqual([
      400,
      'column_limit_exceeded',
      "The maximum number or size of columns for table 'wide' has been reached.",
    ]);
    // A string over 16,381 characters is stored as TEXT and takes 20 bytes of the row: it still fits.
    expect(await db.createStringColumn({ databaseId, tableId, key: 'body', size: 16382, required: false })).toMatchObject({ key: 'body', size: 16382 });
    expect(await db.createTextColumn({ databaseId, tableId, key: 'notes', required: false })).toMatchObject({ key: 'notes', type: 'text' });
    const table = await db.getTable({ databaseId, tableId });
    expect(table.columns.map((column) => column.key)).toEqual(['a', 'b', 'c', 'body', 'notes']);
    expect([table.bytesUsed, table.bytesMax]).toEqual([61113, 65535]);

    await schemaReady(db, databaseId, tableId);
    const resized = await failure(db.updateStringColumn({ databaseId, tableId, key: 'c', required: false, xdefault: 'x', size: 6200 }));
    expect([resized.code, resized.type]).toEqual([400, 'column_limit_exceeded']);
  });

  it('refuses an inline column set wider than a row with 400 table_limit_exceeded, creating nothing', async () => {
    const columns = ['a', 'b', 'c', 'd'].map((key) => ({ key, type: 'string', size: 5000, required: false }));
    const error = await failure(db.createTable({ databaseId, tableId: 'inline_wide', name: 'Inline', columns }));
    expect([error.code, error.type, error.message]).toEqual([
      400,
      'table_limit_exceeded',
      "The maximum number of tables for database 'inline_wide' has been reached.",
    ]);
    expect((await failure(db.getTable({ databaseId, tableId: 'inline_wide' }))).type).toBe('table_not_found');
  });

  // Local only: 1,011 columns take minutes of background work on a real Appwrite.
  itLocal(
    'refuses the 1,011th column of a table with 400 column_limit_exceeded',
    async () => {
      const tableId = 'many';
      await db.createTable({ databaseId, tableId, name: 'Many' });
      for (let i = 0; i < 1010; i++) await db.createBooleanColumn({ databaseId, tableId, key: `c${i}`, required: false });
      const error = await failure(db.createBooleanColumn({ databaseId, tableId, key: 'one_too_many', required: false }));
      expect([error.code, error.type, error.message]).toEqual([
        400,
        'column_limit_exceeded',
        "The maximum number or size of columns for table 'many' has been reached.",
      ]);
    },
    120_000,
  );

  it('refuses the 59th index of a table with 400 column_index_limit_exceeded', async () => {
    const tableId = 'indexed';
    await db.createTable({ databaseId, tableId, name: 'Indexed' });
    for (let i = 0; i < 59; i++) await db.createIntegerColumn({ databaseId, tableId, key: `n${i}`, required: false });
    await schemaReady(db, databaseId, tableId);
    for (let i = 0; i < 58; i++) await db.createIndex({ databaseId, tableId, key: `by_n${i}`, type: TablesDBIndexType.Key, columns: [`n${i}`] });
    const error = await failure(db.createIndex({ databaseId, tableId, key: 'by_n58', type: TablesDBIndexType.Key, columns: ['n58'] }));
    expect([error.code, error.type, error.message]).toEqual([
      400,
      'column_index_limit_exceeded',
      "The maximum number of indexes for table 'indexed' has been reached.",
    ]);
  }, 120_000);

  it('refuses an index longer than 768 characters, a length over the column size, and a reserved key', async () => {
    const tableId = 'lengths';
    await db.createTable({ databaseId, tableId, name: 'Lengths' });
    await db.createStringColumn({ databaseId, tableId, key: 'summary', size: 1000, required: false });
    await db.createStringColumn({ databaseId, tableId, key: 'code', size: 20, required: false });
    await schemaReady(db, databaseId, tableId);

    const tooLong = await failure(db.createIndex({ databaseId, tableId, key: 'by_summary', type: TablesDBIndexType.Key, columns: ['summary'] }));
    expect([tooLong.code, tooLong.type, tooLong.message]).toEqual([400, 'column_index_invalid', 'Index length is longer than the maximum: 768']);
    expect(await db.createIndex({ databaseId, tableId, key: 'by_summary', type: TablesDBIndexType.Key, columns: ['summary'], lengths: [700] })).toMatchObject({
      key: 'by_summary',
      lengths: [700],
    });
    // A full-text index has no length limit.
    expect(await db.createIndex({ databaseId, tableId, key: 'ft_summary', type: TablesDBIndexType.Fulltext, columns: ['summary'] })).toMatchObject({
      type: 'fulltext',
    });

    const overSize = await failure(db.createIndex({ databaseId, tableId, key: 'by_code', type: TablesDBIndexType.Key, columns: ['code'], lengths: [30] }));
    expect([overSize.type, overSize.message]).toEqual(['column_index_invalid', 'Index length 30 is larger than the size for code: 20"']);
    const reserved = await failure(db.createIndex({ databaseId, tableId, key: 'primary', type: TablesDBIndexType.Key, columns: ['code'] }));
    expect([reserved.type, reserved.message]).toEqual(['column_index_invalid', 'Index key name is reserved']);
  });
});

/**
 * The legacy Databases API (collections, attributes), which the Appwrite CLI still uses to create
 * columns and indexes on `appwrite push tables`: the same schema, its own words and error types.
 */
describe('legacy Databases attributes and indexes', () => {
  const databaseId = cleanup.database(`legacy${uniqueSuffix()}`);
  const collectionId = 'notes';
  let databases: Databases;
  beforeAll(async () => {
    databases = new Databases(adminClient(backend));
    await db.create({ databaseId, name: 'Legacy' });
    await db.createTable({ databaseId, tableId: collectionId, name: 'Notes' });
  });

  it('creates attributes and indexes that TablesDB reads as columns and indexes', async () => {
    const attribute = await databases.createStringAttribute({ databaseId, collectionId, key: 'title', size: 100, required: true });
    expect(attribute).toMatchObject({ key: 'title', type: 'string', size: 100, required: true, status: CREATED_STATUS });
    await databases.createIntegerAttribute({ databaseId, collectionId, key: 'rank', required: false, min: 0, max: 10 });
    await databases.createDatetimeAttribute({ databaseId, collectionId, key: 'due', required: false });
    await schemaReady(db, databaseId, collectionId);
    const index = await databases.createIndex({
      databaseId,
      collectionId,
      key: 'by_rank',
      type: DatabasesIndexType.Key,
      attributes: ['rank'],
      orders: [OrderBy.Desc],
    });
    expect(index).toMatchObject({ key: 'by_rank', type: 'key', attributes: ['rank'], orders: ['DESC'] });
    expect(index).not.toHaveProperty('columns');

    const { total, attributes } = await databases.listAttributes({ databaseId, collectionId });
    expect(total).toBe(3);
    expect(attributes.map((item) => (item as { key: string }).key)).toEqual(['title', 'rank', 'due']);
    expect((await databases.listIndexes({ databaseId, collectionId })).indexes.map((item) => item.key)).toEqual(['by_rank']);
    const table = await db.getTable({ databaseId, tableId: collectionId });
    expect(table.columns.map((column) => column.key)).toEqual(['title', 'rank', 'due']);
    expect(table.indexes.map((item) => [item.key, item.columns])).toEqual([['by_rank', ['rank']]]);

    await schemaReady(db, databaseId, collectionId);
    await databases.deleteIndex({ databaseId, collectionId, key: 'by_rank' });
    await databases.deleteAttribute({ databaseId, collectionId, key: 'due' });
    expect((await db.getTable({ databaseId, tableId: collectionId })).columns.map((column) => column.key)).toEqual(['title', 'rank']);
  });

  it('answers with the legacy error types and wording', async () => {
    const duplicate = await failure(databases.createStringAttribute({ databaseId, collectionId, key: 'title', size: 10, required: false }));
    expect([duplicate.code, duplicate.type, duplicate.message]).toEqual([
      409,
      'attribute_already_exists',
      "Attribute with the requested key 'title' already exists. Attribute keys must be unique, try again with a different key.",
    ]);
    const missing = await failure(databases.listAttributes({ databaseId, collectionId: 'ghost' }));
    expect([missing.code, missing.type, missing.message]).toEqual([
      404,
      'collection_not_found',
      "Collection with the requested ID 'ghost' could not be found.",
    ]);
    for (const key of ['a', 'b', 'c']) await databases.createStringAttribute({ databaseId, collectionId, key, size: 5000, required: false });
    const wide = await failure(databases.createStringAttribute({ databaseId, collectionId, key: 'd', size: 5000, required: false }));
    expect([wide.code, wide.type, wide.message]).toEqual([
      400,
      'attribute_limit_exceeded',
      `The maximum number or size of attributes for collection '${collectionId}' has been reached.`,
    ]);
    const noIndex = await failure(databases.getIndex({ databaseId, collectionId, key: 'ghost' }));
    expect([noIndex.code, noIndex.type]).toEqual([404, 'index_not_found']);
  });
});
