import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Account, AppwriteException, Client, ID, Permission, Query, Role, TablesDB, TablesDBIndexType, Users } from 'node-appwrite';
import { adminClient, itLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { cleanup } from '../support/cleanup.ts';
import { unlabelledAddress } from '../support/portal.ts';
import { schemaReady } from '../support/schema.ts';

/**
 * TablesDB transactions through node-appwrite 27 (`createTransaction`, `createOperations`,
 * `updateTransaction`, the `transactionId` of the row routes): staged writes apply all at once
 * at commit or not at all, as the committing caller; a transaction is its creator's alone.
 */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

let backend: TestBackend;
let admin: TablesDB;
let alice: TablesDB;
let bob: TablesDB;
let aliceId: string;
const databaseId = cleanup.database(`txn${uniqueSuffix()}`);
/** Everyone signed in reads, creates and updates notes; with row security, a row's own permissions add to that. */
const notes = { databaseId, tableId: 'notes' };
/** Rows only their owner may update or delete: users may create them, nothing more at table level. */
const owned = { databaseId, tableId: 'owned' };

/** A signed-up user's TablesDB client (node-appwrite with the session's secret) and id. */
async function member(label: string): Promise<{ tables: TablesDB; userId: string }> {
  const email = unlabelledAddress(label);
  const password = 'correct horse battery';
  const user = await new Users(adminClient(backend)).create({ userId: ID.unique(), email, password });
  const session = await new Account(adminClient(backend)).createEmailPasswordSession({ email, password });
  return { tables: new TablesDB(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setSession(session.secret)), userId: user.$id };
}

async function failure<T>(promise: Promise<T>): Promise<{ code: number; type: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppwriteException);
  const { code, type, message } = error as AppwriteException;
  return { code, type, message };
}

async function count(rowId: string): Promise<number> {
  return Number((await admin.getRow({ ...notes, rowId })).count);
}

async function exists(base: { databaseId: string; tableId: string }, rowId: string): Promise<boolean> {
  return admin.getRow({ ...base, rowId }).then(
    () => true,
    () => false,
  );
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = new TablesDB(adminClient(backend));
  await admin.create({ databaseId, name: 'Transactions' });
  await admin.createTable({
    ...notes,
    name: 'Notes',
    rowSecurity: true,
    permissions: [Permission.read(Role.users()), Permission.create(Role.users()), Permission.update(Role.users())],
  });
  await admin.createVarcharColumn({ ...notes, key: 'title', size: 50, required: true });
  await admin.createIntegerColumn({ ...notes, key: 'count', required: false, min: 0, xdefault: 0 });
  await admin.createVarcharColumn({ ...notes, key: 'slug', size: 50, required: false });
  await schemaReady(admin, databaseId, notes.tableId);
  await admin.createIndex({ ...notes, key: 'unique_slug', type: TablesDBIndexType.Unique, columns: ['slug'] });
  await admin.createTable({ ...owned, name: 'Owned', rowSecurity: true, permissions: [Permission.read(Role.users()), Permission.create(Role.users())] });
  await admin.createVarcharColumn({ ...owned, key: 'title', size: 50, required: true });
  await schemaReady(admin, databaseId, notes.tableId);
  await schemaReady(admin, databaseId, owned.tableId);
  const [first, second] = await Promise.all([member('alice'), member('bob')]);
  ({ tables: alice, userId: aliceId } = first);
  bob = second.tables;
});

afterAll(async () => {
  await backend.close();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a transaction', () => {
  it('is created pending and empty, expiring after its ttl', async () => {
    const before = Date.now();
    const transaction = await alice.createTransaction({ ttl: 120 });
    expect(Object.keys(transaction).sort()).toEqual(['$createdAt', '$id', '$updatedAt', 'expiresAt', 'operations', 'status']);
    expect(transaction).toMatchObject({ status: 'pending', operations: 0, $createdAt: expect.stringMatching(ISO), expiresAt: expect.stringMatching(ISO) });
    const expiresIn = Date.parse(transaction.expiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(119_000);
    expect(expiresIn).toBeLessThanOrEqual(125_000);
    expect(await alice.getTransaction({ transactionId: transaction.$id })).toEqual(transaction);
    expect(await failure(alice.createTransaction({ ttl: 30 }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });

  it('applies every staged write at commit, none before; reads inside it see them', async () => {
    await admin.createRow({ ...notes, rowId: 'counter-a', data: { title: 'Counter' }, permissions: [] });
    const { $id: transactionId } = await alice.createTransaction();
    const staged = await alice.createRow({ ...notes, rowId: 'comment-a', data: { title: 'First!' }, transactionId });
    expect(staged).toMatchObject({ $id: 'comment-a', $tableId: 'notes', $databaseId: databaseId, title: 'First!' });
    const counted = await alice.incrementRowColumn({ ...notes, rowId: 'counter-a', column: 'count', value: 1, transactionId });
    expect(counted).toMatchObject({ $id: 'counter-a', count: 1 });

    expect(await exists(notes, 'comment-a')).toBe(false);
    expect(await count('counter-a')).toBe(0);
    expect(await alice.getRow({ ...notes, rowId: 'comment-a', transactionId })).toMatchObject({ title: 'First!' });
    expect((await alice.listRows({ ...notes, queries: [Query.equal('$id', 'counter-a')], transactionId })).rows[0]).toMatchObject({ count: 1 });
    expect(await alice.getTransaction({ transactionId })).toMatchObject({ status: 'pending', operations: 2 });

    const committed = await alice.updateTransaction({ transactionId, commit: true });
    expect(committed).toMatchObject({ $id: transactionId, status: 'committed', operations: 2 });
    // Permissions were settled on staging: the creator's defaults.
    const owner = `user:${aliceId}`;
    expect(await admin.getRow({ ...notes, rowId: 'comment-a' })).toMatchObject({
      title: 'First!',
      $permissions: [`read("${owner}")`, `update("${owner}")`, `delete("${owner}")`],
    });
    expect(await count('counter-a')).toBe(1);
    expect(await failure(alice.updateTransaction({ transactionId, commit: true }))).toMatchObject({ code: 400, type: 'transaction_not_ready' });
  });

  it('stages many operations in one request (createOperations) and commits them together', async () => {
    await admin.createRow({ ...notes, rowId: 'counter-b', data: { title: 'Counter' }, permissions: [] });
    const { $id: transactionId } = await alice.createTransaction();
    const staged = await alice.createOperations({
      transactionId,
      operations: [
        { action: 'create', databaseId, tableId: 'notes', rowId: 'comment-b', data: { title: 'Hello', $permissions: [Permission.read(Role.users())] } },
        { action: 'update', databaseId, tableId: 'notes', rowId: 'comment-b', data: { title: 'Hello again' } },
        { action: 'increment', databaseId, tableId: 'notes', rowId: 'counter-b', data: { column: 'count', value: 2 } },
      ],
    });
    expect(staged).toMatchObject({ status: 'pending', operations: 3 });
    await alice.updateTransaction({ transactionId, commit: true });
    expect(await admin.getRow({ ...notes, rowId: 'comment-b' })).toMatchObject({ title: 'Hello again', $permissions: ['read("users")'] });
    expect(await count('counter-b')).toBe(2);
  });

  it('applies nothing when rolled back', async () => {
    await admin.createRow({ ...notes, rowId: 'counter-c', data: { title: 'Counter' }, permissions: [] });
    const { $id: transactionId } = await alice.createTransaction();
    await alice.createRow({ ...notes, rowId: 'comment-c', data: { title: 'Never mind' }, transactionId });
    await alice.incrementRowColumn({ ...notes, rowId: 'counter-c', column: 'count', transactionId });
    // Appwrite reports a rolled-back transaction as failed.
    expect(await alice.updateTransaction({ transactionId, rollback: true })).toMatchObject({ status: 'failed' });
    expect(await exists(notes, 'comment-c')).toBe(false);
    expect(await count('counter-c')).toBe(0);
    expect(await failure(alice.updateTransaction({ transactionId, commit: true }))).toMatchObject({ code: 400, type: 'transaction_not_ready' });
    expect(await failure(alice.updateTransaction({ transactionId }))).toMatchObject({
      code: 400,
      type: 'general_bad_request',
      message: 'Either commit or rollback must be true',
    });
  });

  it('applies nothing when one operation fails at commit, and says why', async () => {
    await admin.createRow({ ...notes, rowId: 'counter-d', data: { title: 'Counter', slug: 'taken' }, permissions: [] });
    const duplicate = await alice.createTransaction();
    await alice.createRow({ ...notes, rowId: 'comment-d1', data: { title: 'Fine' }, transactionId: duplicate.$id });
    await alice.incrementRowColumn({ ...notes, rowId: 'counter-d', column: 'count', transactionId: duplicate.$id });
    await alice.createRow({ ...notes, rowId: 'comment-d2', data: { title: 'Clash', slug: 'taken' }, transactionId: duplicate.$id });
    expect(await failure(alice.updateTransaction({ transactionId: duplicate.$id, commit: true }))).toMatchObject({ code: 409, type: 'transaction_conflict' });
    expect(await alice.getTransaction({ transactionId: duplicate.$id })).toMatchObject({ status: 'failed' });
    expect([await exists(notes, 'comment-d1'), await exists(notes, 'comment-d2'), await count('counter-d')]).toEqual([false, false, 0]);

    const invalid = await alice.createTransaction();
    await alice.incrementRowColumn({ ...notes, rowId: 'counter-d', column: 'count', transactionId: invalid.$id });
    await alice.createRow({ ...notes, rowId: 'comment-d3', data: { slug: 'no-title' }, transactionId: invalid.$id });
    expect(await failure(alice.updateTransaction({ transactionId: invalid.$id, commit: true }))).toMatchObject({
      code: 400,
      type: 'document_invalid_structure',
    });
    expect(await count('counter-d')).toBe(0);

    const gone = await alice.createTransaction();
    await alice.incrementRowColumn({ ...notes, rowId: 'counter-d', column: 'count', transactionId: gone.$id });
    await alice.incrementRowColumn({ ...notes, rowId: 'no-such-row', column: 'count', transactionId: gone.$id });
    expect(await failure(alice.updateTransaction({ transactionId: gone.$id, commit: true }))).toMatchObject({ code: 404, type: 'document_not_found' });
    expect(await count('counter-d')).toBe(0);
  });

  it('conflicts with a row changed after its write was staged, but not with counters moved meanwhile', async () => {
    await admin.createRow({ ...notes, rowId: 'shared', data: { title: 'Original' }, permissions: [] });
    const stale = await alice.createTransaction();
    await alice.updateRow({ ...notes, rowId: 'shared', data: { title: 'Mine' }, transactionId: stale.$id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await admin.updateRow({ ...notes, rowId: 'shared', data: { title: 'Theirs' } });
    expect(await failure(alice.updateTransaction({ transactionId: stale.$id, commit: true }))).toMatchObject({ code: 409, type: 'transaction_conflict' });
    expect((await admin.getRow({ ...notes, rowId: 'shared' })).title).toBe('Theirs');

    const counting = await alice.createTransaction();
    await alice.incrementRowColumn({ ...notes, rowId: 'shared', column: 'count', transactionId: counting.$id });
    await admin.incrementRowColumn({ ...notes, rowId: 'shared', column: 'count' });
    await alice.updateTransaction({ transactionId: counting.$id, commit: true });
    expect(await count('shared')).toBe(2);
  });

  it('commits an update operation with empty data as a guard: it writes nothing, and conflicts once its row changed after staging', async () => {
    await admin.createRow({ ...notes, rowId: 'guarded', data: { title: 'Original' }, permissions: [] });
    const guard = { databaseId, tableId: notes.tableId, action: 'update', rowId: 'guarded', data: {} };
    const unchanged = await admin.createTransaction();
    await admin.createOperations({ transactionId: unchanged.$id, operations: [guard] });
    const before = await admin.getRow({ ...notes, rowId: 'guarded' });
    expect(await admin.updateTransaction({ transactionId: unchanged.$id, commit: true })).toMatchObject({ status: 'committed' });
    expect(await admin.getRow({ ...notes, rowId: 'guarded' })).toEqual(before);

    const raced = await admin.createTransaction();
    await admin.createOperations({ transactionId: raced.$id, operations: [guard] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await admin.updateRow({ ...notes, rowId: 'guarded', data: { title: 'Changed meanwhile' } });
    expect(await failure(admin.updateTransaction({ transactionId: raced.$id, commit: true }))).toMatchObject({ code: 409, type: 'transaction_conflict' });
    // A direct update that names nothing stays refused, as Appwrite's route refuses it.
    expect(await failure(admin.updateRow({ ...notes, rowId: 'guarded', data: {} }))).toMatchObject({ code: 400, type: 'row_missing_payload' });
  });

  itLocal("refuses every use once expired (local: the server shares the test's clock)", async () => {
    const { $id: transactionId } = await alice.createTransaction({ ttl: 60 });
    await alice.createRow({ ...notes, rowId: 'comment-e', data: { title: 'Too late' }, transactionId });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await failure(alice.createRow({ ...notes, rowId: 'comment-e2', data: { title: 'Too late' }, transactionId }))).toMatchObject({
      code: 410,
      type: 'transaction_expired',
    });
    expect(await failure(alice.updateTransaction({ transactionId, commit: true }))).toMatchObject({ code: 410, type: 'transaction_expired' });
    vi.useRealTimers();
    expect(await exists(notes, 'comment-e')).toBe(false);
  });

  it("is its creator's alone: another user can neither see, stage into, commit nor delete it", async () => {
    const { $id: transactionId } = await alice.createTransaction();
    await alice.createRow({ ...notes, rowId: 'comment-f', data: { title: 'Alice only' }, transactionId });
    const notFound = { code: 404, type: 'transaction_not_found', message: `Transaction with the requested ID '${transactionId}' could not be found.` };
    expect(await failure(bob.getTransaction({ transactionId }))).toEqual(notFound);
    expect(await failure(bob.createRow({ ...notes, rowId: 'comment-f2', data: { title: 'Bob sneaks in' }, transactionId }))).toEqual(notFound);
    expect(
      await failure(
        bob.createOperations({ transactionId, operations: [{ action: 'create', databaseId, tableId: 'notes', rowId: 'comment-f3', data: { title: 'Bob' } }] }),
      ),
    ).toEqual(notFound);
    expect(await failure(bob.incrementRowColumn({ ...notes, rowId: 'comment-f', column: 'count', transactionId }))).toMatchObject({
      code: 400,
      type: 'general_bad_request',
    });
    expect(await failure(bob.updateTransaction({ transactionId, commit: true }))).toEqual(notFound);
    expect(await failure(bob.deleteTransaction({ transactionId }))).toEqual(notFound);
    expect((await bob.listTransactions()).transactions.map((transaction) => transaction.$id)).not.toContain(transactionId);
    expect((await alice.listTransactions({ queries: [Query.equal('status', 'pending')] })).transactions.map((transaction) => transaction.$id)).toContain(
      transactionId,
    );

    // A key's transaction belongs to no user at all.
    const keyed = await admin.createTransaction();
    expect(await failure(alice.getTransaction({ transactionId: keyed.$id }))).toMatchObject({ code: 404, type: 'transaction_not_found' });

    expect(await alice.getTransaction({ transactionId })).toMatchObject({ status: 'pending', operations: 1 });
    await alice.deleteTransaction({ transactionId });
    expect(await failure(alice.getTransaction({ transactionId }))).toMatchObject({ code: 404, type: 'transaction_not_found' });
    expect(await exists(notes, 'comment-f')).toBe(false);
  });

  it('checks permissions as the caller: on staging where Appwrite does, and again at commit', async () => {
    const { $id: transactionId } = await bob.createTransaction();
    // No create permission on the table, and a permission for a role Bob does not hold: refused at once.
    await admin.createTable({ databaseId, tableId: 'locked', name: 'Locked', permissions: [Permission.read(Role.users())] });
    await admin.createVarcharColumn({ databaseId, tableId: 'locked', key: 'title', size: 50, required: true });
    await schemaReady(admin, databaseId, 'locked');
    expect(await failure(bob.createRow({ databaseId, tableId: 'locked', rowId: 'nope', data: { title: 'No' }, transactionId }))).toMatchObject({
      code: 401,
      type: 'user_unauthorized',
    });
    expect(
      await failure(bob.createRow({ ...notes, rowId: 'grant', data: { title: 'No' }, permissions: [Permission.read(Role.label('staff'))], transactionId })),
    ).toMatchObject({ code: 401, type: 'user_unauthorized' });

    // Alice's row, which only she may update: createOperations checks at staging...
    const aliceRow = await alice.createRow({ ...owned, rowId: ID.unique(), data: { title: "Alice's" } });
    expect(
      await failure(
        bob.createOperations({
          transactionId,
          operations: [{ action: 'update', databaseId, tableId: 'owned', rowId: aliceRow.$id, data: { title: "Bob's now" } }],
        }),
      ),
    ).toMatchObject({ code: 401, type: 'user_unauthorized' });
    // ...the row route stages it, as Appwrite's does, and the commit refuses it with nothing applied.
    await bob.createRow({ ...notes, rowId: 'comment-g', data: { title: 'Bob was here' }, transactionId });
    await bob.updateRow({ ...owned, rowId: aliceRow.$id, data: { title: "Bob's now" }, transactionId });
    expect(await failure(bob.updateTransaction({ transactionId, commit: true }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect((await admin.getRow({ ...owned, rowId: aliceRow.$id })).title).toBe("Alice's");
    expect(await exists(notes, 'comment-g')).toBe(false);
    expect(
      await failure(bob.updateRow({ ...owned, rowId: 'no-such-row', data: { title: 'x' }, transactionId: (await bob.createTransaction()).$id })),
    ).toMatchObject({ code: 404, type: 'row_not_found' });
  });

  it('lets only API keys stage bulk operations, and caps a transaction at 100 operations', async () => {
    const { $id: transactionId } = await admin.createTransaction();
    const rows = Array.from({ length: 3 }, (_, n) => ({ $id: `bulk-${n}`, title: `Bulk ${n}`, slug: `bulk-${n}` }));
    await admin.createOperations({ transactionId, operations: [{ action: 'bulkCreate', databaseId, tableId: 'notes', data: rows }] });
    await admin.updateTransaction({ transactionId, commit: true });
    expect((await admin.listRows({ ...notes, queries: [Query.startsWith('slug', 'bulk-')] })).total).toBe(3);

    const removal = await admin.createTransaction();
    await admin.createOperations({
      transactionId: removal.$id,
      operations: [{ action: 'bulkDelete', databaseId, tableId: 'notes', data: { queries: [Query.startsWith('slug', 'bulk-')] } }],
    });
    await admin.updateTransaction({ transactionId: removal.$id, commit: true });
    expect((await admin.listRows({ ...notes, queries: [Query.startsWith('slug', 'bulk-')] })).total).toBe(0);

    const mine = await alice.createTransaction();
    expect(
      await failure(
        alice.createOperations({ transactionId: mine.$id, operations: [{ action: 'bulkDelete', databaseId, tableId: 'notes', data: { queries: [] } }] }),
      ),
    ).toMatchObject({ code: 401, type: 'user_unauthorized' });

    const full = await admin.createTransaction();
    const hundred = Array.from({ length: 100 }, (_, n) => ({
      action: 'create',
      databaseId,
      tableId: 'notes',
      rowId: `many-${n}`,
      data: { title: `Many ${n}` },
    }));
    expect(await admin.createOperations({ transactionId: full.$id, operations: hundred })).toMatchObject({ operations: 100 });
    expect(await failure(admin.createRow({ ...notes, rowId: 'one-more', data: { title: 'One more' }, transactionId: full.$id }))).toMatchObject({
      code: 400,
      type: 'transaction_limit_exceeded',
    });
  });
});
