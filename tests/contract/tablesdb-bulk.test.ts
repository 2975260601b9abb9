import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, ID, Operator, Query, RelationshipType, TablesDB, TablesDBIndexType } from 'node-appwrite';
import { adminClient, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { cleanup } from '../support/cleanup.ts';

/**
 * TablesDB's bulk row routes (`updateRows`, `upsertRows`, `deleteRows`, also inside transactions),
 * operators as row values, relationship columns (schema only), the capabilities the local backend
 * declares it lacks (spatial columns), and Appwrite's validation order for ids, columns and indexes.
 */

let backend: TestBackend;
let tables: TablesDB;
const databaseId = cleanup.database(`bulk${uniqueSuffix()}`);

beforeAll(async () => {
  backend = await startTestBackend();
  tables = new TablesDB(adminClient(backend));
  await tables.create({ databaseId, name: 'Bulk' });
});
afterAll(async () => {
  await backend.close();
});

async function failure<T>(promise: Promise<T>): Promise<AppwriteException> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppwriteException);
  return error as AppwriteException;
}

async function table(tableId: string): Promise<string> {
  await tables.createTable({ databaseId, tableId, name: tableId });
  await tables.createStringColumn({ databaseId, tableId, key: 'name', size: 32, required: false });
  await tables.createIntegerColumn({ databaseId, tableId, key: 'score', required: false });
  await tables.createStringColumn({ databaseId, tableId, key: 'tags', size: 16, required: false, array: true });
  await tables.createRows({
    databaseId,
    tableId,
    rows: [
      { $id: 'a', name: 'Ann', score: 1 },
      { $id: 'b', name: 'Ben', score: 2 },
      { $id: 'c', name: 'Cy', score: 3 },
    ],
  });
  return tableId;
}

const ids = (rows: ReadonlyArray<{ $id: string }>): string[] => rows.map((row) => row.$id);

describe('bulk row routes', () => {
  it('updates every row the queries match, narrowed by limit and order', async () => {
    const tableId = await table('update');
    const all = await tables.updateRows({ databaseId, tableId, data: { name: 'Same' }, queries: [Query.greaterThan('score', 1)] });
    expect([all.total, ids(all.rows)]).toEqual([2, ['b', 'c']]);
    const first = await tables.updateRows({ databaseId, tableId, data: { score: 10 }, queries: [Query.orderDesc('score'), Query.limit(1)] });
    expect(ids(first.rows)).toEqual(['c']);
    const after = await tables.listRows({ databaseId, tableId, queries: [Query.orderAsc('$id')] });
    expect(after.rows.map((row) => [row.name, row.score])).toEqual([
      ['Ann', 1],
      ['Same', 2],
      ['Same', 10],
    ]);
    const empty = await failure(tables.updateRows({ databaseId, tableId, data: {} }));
    expect([empty.code, empty.type]).toEqual([400, 'row_missing_payload']);
  });

  it('upserts and deletes rows in bulk', async () => {
    const tableId = await table('upsert');
    const upserted = await tables.upsertRows({
      databaseId,
      tableId,
      rows: [
        { $id: 'a', name: 'Anna', score: 5 },
        { $id: 'd', name: 'Dee' },
      ],
    });
    expect([upserted.total, ids(upserted.rows)]).toEqual([2, ['a', 'd']]);
    const deleted = await tables.deleteRows({ databaseId, tableId, queries: [Query.isNull('score')] });
    expect(ids(deleted.rows)).toEqual(['d']);
    const rest = await tables.listRows({ databaseId, tableId });
    expect(ids(rest.rows).sort()).toEqual(['a', 'b', 'c']);
  });

  it('stages bulk writes in a transaction and applies them at the commit', async () => {
    const tableId = await table('staged');
    const { $id: transactionId } = await tables.createTransaction();
    const staged = await tables.updateRows({ databaseId, tableId, data: { name: 'Later' }, queries: [Query.equal('$id', ['a'])], transactionId });
    expect([staged.total, staged.rows]).toEqual([0, []]);
    await tables.createOperations({
      transactionId,
      operations: [
        { action: 'bulkUpsert', databaseId, tableId, data: [{ $id: 'e', name: 'Eve', score: 9 }] },
        { action: 'bulkUpdate', databaseId, tableId, data: { queries: [Query.equal('score', [9])], data: { name: 'Eva' } } },
        { action: 'bulkDelete', databaseId, tableId, data: { queries: [Query.equal('$id', ['b'])] } },
      ],
    });
    expect((await tables.getRow({ databaseId, tableId, rowId: 'a' })).name).toBe('Ann');
    await tables.updateTransaction({ transactionId, commit: true });
    const rows = await tables.listRows({ databaseId, tableId, queries: [Query.orderAsc('$id')] });
    expect(rows.rows.map((row) => [row.$id, row.name])).toEqual([
      ['a', 'Later'],
      ['c', 'Cy'],
      ['e', 'Eva'],
    ]);
  });
});

describe('operators', () => {
  it('computes operator values from the stored row', async () => {
    const tableId = await table('operators');
    const row = await tables.updateRow({
      databaseId,
      tableId,
      rowId: 'a',
      data: { score: Operator.increment(5, 4), name: Operator.stringConcat('!'), tags: Operator.arrayAppend(['x', 'y']) },
    });
    // increment's second value caps the result.
    expect([row.score, row.name, row.tags]).toEqual([4, 'Ann!', ['x', 'y']]);
    const bulk = await tables.updateRows({ databaseId, tableId, data: { score: Operator.multiply(2) }, queries: [Query.notEqual('$id', 'a')] });
    expect(bulk.rows.map((item) => item.score)).toEqual([4, 6]);
    const removed = await tables.updateRow({ databaseId, tableId, rowId: 'a', data: { tags: Operator.arrayRemove('x') } });
    expect(removed.tags).toEqual(['y']);
  });
});

describe('schema', () => {
  it('keeps relationship columns on both tables and drops them together', async () => {
    await tables.createTable({ databaseId, tableId: 'authors', name: 'Authors' });
    await tables.createTable({ databaseId, tableId: 'books', name: 'Books' });
    const column = await tables.createRelationshipColumn({
      databaseId,
      tableId: 'authors',
      relatedTableId: 'books',
      type: RelationshipType.OneToMany,
      twoWay: true,
      key: 'books',
      twoWayKey: 'author',
    });
    expect([column.type, column.relatedTable, column.relationType, column.side]).toEqual(['relationship', 'books', 'oneToMany', 'parent']);
    const twin = await tables.getColumn({ databaseId, tableId: 'books', key: 'author' });
    expect(twin).toMatchObject({ type: 'relationship', relatedTable: 'authors', twoWayKey: 'books', side: 'child' });
    const author = await tables.createRow({ databaseId, tableId: 'authors', rowId: 'tolkien', data: { books: ['hobbit'] } });
    expect(author.books).toEqual(['hobbit']);
    await tables.deleteColumn({ databaseId, tableId: 'authors', key: 'books' });
    const gone = await failure(tables.getColumn({ databaseId, tableId: 'books', key: 'author' }));
    expect(gone.type).toBe('column_not_found');
  });

  it('refuses spatial columns as an adapter without them does', async () => {
    await tables.createTable({ databaseId, tableId: 'places', name: 'Places' });
    const error = await failure(tables.createPointColumn({ databaseId, tableId: 'places', key: 'where', required: false }));
    expect([error.code, error.type, error.message]).toEqual([400, 'general_feature_unsupported', 'Spatial columns are not supported by this database.']);
  });

  it('checks ids, columns and indexes in Appwrite order', async () => {
    const tableId = await table('checks');
    const longId = await failure(tables.getRow({ databaseId, tableId, rowId: 'r'.repeat(71) }));
    expect([longId.code, longId.type]).toEqual([400, 'general_argument_invalid']);
    expect(longId.message).toContain('`rowId`');
    const encrypted = await failure(tables.createVarcharColumn({ databaseId, tableId, key: 'secret', size: 149, required: false, encrypt: true }));
    expect([encrypted.code, encrypted.type]).toEqual([400, 'general_bad_request']);
    await tables.createIndex({ databaseId, tableId, key: 'by_score', type: TablesDBIndexType.Key, columns: ['score'] });
    // A full-text index over an integer is invalid before its key is found taken.
    const fulltext = await failure(tables.createIndex({ databaseId, tableId, key: 'by_score', type: TablesDBIndexType.Fulltext, columns: ['score'] }));
    expect([fulltext.code, fulltext.type]).toEqual([400, 'column_index_invalid']);
    await tables.createIndex({ databaseId, tableId, key: 'by_name', type: TablesDBIndexType.Key, columns: ['name'] });
    const resize = await failure(tables.updateStringColumn({ databaseId, tableId, key: 'name', required: false, xdefault: '', size: 2000 }));
    expect([resize.code, resize.type]).toEqual([400, 'column_index_invalid']);
    expect(resize.message).toContain('Index length is longer than the maximum: 768');
    const bigint = await tables.createBigIntColumn({ databaseId, tableId, key: 'views', required: false, min: 0 });
    expect([bigint.type, Number(bigint.min)]).toEqual(['bigint', 0]);
  });

  it('caches a list for its ttl, per schema', async () => {
    const tableId = await table('cached');
    const queries = [Query.orderAsc('$id')];
    const first = await tables.listRows({ databaseId, tableId, queries, ttl: 60 });
    await tables.createRow({ databaseId, tableId, rowId: ID.unique(), data: { name: 'New' } });
    // A row write does not invalidate it (Appwrite documents the staleness); a schema change does.
    expect((await tables.listRows({ databaseId, tableId, queries, ttl: 60 })).total).toBe(first.total);
    await tables.createBooleanColumn({ databaseId, tableId, key: 'flag', required: false });
    expect((await tables.listRows({ databaseId, tableId, queries, ttl: 60 })).total).toBe(first.total + 1);
  });
});
