import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Databases, ID, Operator, Permission, Query, Role, TablesDB } from 'node-appwrite';
import { adminClient, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { cleanup } from '../support/cleanup.ts';

/**
 * The legacy Databases API (`/v1/databases…`), which Appwrite 1.9 keeps beside TablesDB and the
 * node SDK still exposes as `Databases`: the same engine, in its own wording (collections,
 * attributes, documents, `$collectionId`, `documentSecurity`, `collection_not_found`, …).
 */

let backend: TestBackend;
let databases: Databases;
let tables: TablesDB;
const databaseId = cleanup.database(`legacy${uniqueSuffix()}`);
const collectionId = 'movies';

beforeAll(async () => {
  backend = await startTestBackend();
  databases = new Databases(adminClient(backend));
  tables = new TablesDB(adminClient(backend));
  await databases.create({ databaseId, name: 'Legacy' });
  await databases.createCollection({
    databaseId,
    collectionId,
    name: 'Movies',
    permissions: [Permission.read(Role.any())],
    documentSecurity: true,
  });
  await databases.createStringAttribute({ databaseId, collectionId, key: 'title', size: 64, required: true });
  await databases.createIntegerAttribute({ databaseId, collectionId, key: 'year', required: false, min: 1900, max: 2100 });
  await databases.createStringAttribute({ databaseId, collectionId, key: 'tags', size: 16, required: false, array: true });
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

describe('databases, collections, attributes and indexes', () => {
  it('creates a legacy database that TablesDB reaches too', async () => {
    const database = await databases.get({ databaseId });
    expect(database.type).toBe('legacy');
    expect((await tables.get({ databaseId })).type).toBe('legacy');
    expect((await tables.create({ databaseId: `t${uniqueSuffix()}`, name: 'TablesDB' })).type).toBe('tablesdb');
  });

  it('answers the Collection, Attribute and Index models', async () => {
    const index = await databases.createIndex({ databaseId, collectionId, key: 'by_year', type: 'key' as never, attributes: ['year'] });
    expect(index.attributes).toEqual(['year']);
    expect(index).not.toHaveProperty('columns');
    const collection = await databases.getCollection({ databaseId, collectionId });
    expect(collection.documentSecurity).toBe(true);
    expect(collection).not.toHaveProperty('rowSecurity');
    expect(collection.attributes.map((attribute) => (attribute as { key: string }).key)).toEqual(['title', 'year', 'tags']);
    expect(collection.indexes.map((item) => item.attributes)).toEqual([['year']]);
    const listed = await databases.listAttributes({ databaseId, collectionId });
    expect(listed.total).toBe(3);
    expect(listed.attributes).toHaveLength(3);
    const collections = await databases.listCollections({ databaseId });
    expect(collections.collections.map((item) => item.$id)).toEqual([collectionId]);
  });

  it('words its errors as collections, attributes and indexes', async () => {
    const missing = await failure(databases.getCollection({ databaseId, collectionId: 'nope' }));
    expect([missing.code, missing.type, missing.message]).toEqual([404, 'collection_not_found', "Collection with the requested ID 'nope' could not be found."]);
    const attribute = await failure(databases.getAttribute({ databaseId, collectionId, key: 'nope' }));
    expect([attribute.code, attribute.type]).toEqual([404, 'attribute_not_found']);
    const duplicate = await failure(databases.createStringAttribute({ databaseId, collectionId, key: 'title', size: 8, required: false }));
    expect([duplicate.code, duplicate.type]).toEqual([409, 'attribute_already_exists']);
    const index = await failure(databases.getIndex({ databaseId, collectionId, key: 'nope' }));
    expect([index.code, index.type]).toEqual([404, 'index_not_found']);
  });
});

describe('documents', () => {
  it('answers the Document model with $collectionId', async () => {
    const document = await databases.createDocument({ databaseId, collectionId, documentId: 'alien', data: { title: 'Alien', year: 1979 } });
    expect(document.$collectionId).toBe(collectionId);
    expect(document).not.toHaveProperty('$tableId');
    const list = await databases.listDocuments({ databaseId, collectionId, queries: [Query.equal('$id', ['alien'])] });
    expect(list.total).toBe(1);
    expect(list.documents[0]?.$collectionId).toBe(collectionId);
    // The same row, read through TablesDB, says $tableId.
    expect((await tables.getRow({ databaseId, tableId: collectionId, rowId: 'alien' })).$tableId).toBe(collectionId);
  });

  it('words document errors as Appwrite does', async () => {
    const missing = await failure(databases.getDocument({ databaseId, collectionId, documentId: 'nope' }));
    expect([missing.code, missing.type, missing.message]).toEqual([404, 'document_not_found', "Document with the requested ID 'nope' could not be found."]);
    const invalid = await failure(databases.createDocument({ databaseId, collectionId, documentId: ID.unique(), data: { title: 'x', color: 'red' } }));
    expect([invalid.code, invalid.type]).toEqual([400, 'document_invalid_structure']);
    const tooLong = await failure(databases.getDocument({ databaseId, collectionId, documentId: 'x'.repeat(71) }));
    expect([tooLong.code, tooLong.type]).toEqual([400, 'general_argument_invalid']);
    expect(tooLong.message).toContain('`documentId`');
  });

  it('applies operators and bulk writes', async () => {
    await databases.createDocument({ databaseId, collectionId, documentId: 'heat', data: { title: 'Heat', year: 1995, tags: ['crime'] } });
    const updated = await databases.updateDocument({
      databaseId,
      collectionId,
      documentId: 'heat',
      data: { year: Operator.increment(1), tags: Operator.arrayAppend(['la']) },
    });
    expect([updated.year, updated.tags]).toEqual([1996, ['crime', 'la']]);
    const bulk = await databases.updateDocuments({ databaseId, collectionId, data: { year: 2000 }, queries: [Query.equal('$id', ['alien', 'heat'])] });
    expect(bulk.total).toBe(2);
    expect(bulk.documents.map((document) => document.year)).toEqual([2000, 2000]);
    const upserted = await databases.upsertDocuments({ databaseId, collectionId, documents: [{ $id: 'ran', title: 'Ran', year: 1985 }] });
    expect(upserted.documents[0]?.$collectionId).toBe(collectionId);
    const deleted = await databases.deleteDocuments({ databaseId, collectionId, queries: [Query.equal('year', [2000])] });
    expect(deleted.total).toBe(2);
    expect((await databases.listDocuments({ databaseId, collectionId })).documents.map((document) => document.$id)).toEqual(['ran']);
  });

  it('stages documents in a transaction under /v1/databases/transactions', async () => {
    const transaction = await databases.createTransaction();
    await databases.createOperations({
      transactionId: transaction.$id,
      operations: [{ action: 'create', databaseId, collectionId, documentId: 'tx1', data: { title: 'Staged' } }],
    });
    const missing = await failure(databases.getDocument({ databaseId, collectionId, documentId: 'tx1' }));
    expect(missing.type).toBe('document_not_found');
    await databases.updateTransaction({ transactionId: transaction.$id, commit: true });
    expect((await databases.getDocument({ databaseId, collectionId, documentId: 'tx1' })).title).toBe('Staged');
  });
});
