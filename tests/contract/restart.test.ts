import { afterAll, beforeAll, expect, it } from 'vitest';
import { ID, Permission, Role, TablesDB as AdminTablesDB, Users } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, type TestBackend } from '../support/backend.ts';
import { signedInBrowser } from '../support/browser.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ persistent: true });
});
afterAll(() => backend.close());

// Local only: restarting the server on its data folder is the local backend's own concern.
describeLocal('data survives a restart', () => {
  it('keeps users, labels, sessions, tables and rows', async () => {
    const admin = adminClient(backend);
    const tables = new AdminTablesDB(admin);
    await tables.create({ databaseId: 'keep', name: 'Keep' });
    await tables.createTable({ databaseId: 'keep', tableId: 'notes', name: 'Notes', rowSecurity: true, permissions: [Permission.create(Role.users())] });
    await tables.createVarcharColumn({ databaseId: 'keep', tableId: 'notes', key: 'text', size: 100, required: true });
    const alice = await signedInBrowser(backend, { email: 'alice.restart@example.com' });
    const row = await alice.tablesDB.createRow({ databaseId: 'keep', tableId: 'notes', rowId: ID.unique(), data: { text: 'still here' } });
    await new Users(admin).updateLabels({ userId: alice.userId, labels: ['teacher'] });

    await backend.restart();

    const account = await alice.account.get();
    expect(account).toMatchObject({ $id: alice.userId, email: 'alice.restart@example.com', labels: ['teacher'] });
    expect(await alice.tablesDB.getRow({ databaseId: 'keep', tableId: 'notes', rowId: row.$id })).toMatchObject({
      text: 'still here',
      $sequence: row.$sequence,
    });
    const table = await new AdminTablesDB(adminClient(backend)).getTable({ databaseId: 'keep', tableId: 'notes' });
    expect(table.columns).toMatchObject([{ key: 'text', size: 100 }]);
    expect(backend.apiKey).toBe(backend.local?.apiKey);
  });
});
