/**
 * Proves a running backend end to end with the official SDKs: provisions a table with node-appwrite and
 * an API key, creates two users, and shows that a web-SDK client signed in as the first user can create
 * and read its own rows while the second cannot.
 *
 *   node --import tsx scripts/smoke.ts <endpoint> <api key> [project id]
 */
import { Client as AdminClient, Account as AdminAccount, ID as AdminID, TablesDB as AdminTablesDB, Users, Permission, Role } from 'node-appwrite';
import { AppwriteException, Client, ID, TablesDB } from 'appwrite';

const [endpoint = 'http://127.0.0.1:4000/v1', apiKey, projectId = 'opportunity-kit'] = process.argv.slice(2);
if (!apiKey) {
  console.error('usage: node --import tsx scripts/smoke.ts <endpoint> <api key> [project id]');
  process.exit(2);
}

const admin = new AdminClient().setEndpoint(endpoint).setProject(projectId).setKey(apiKey);
const adminTables = new AdminTablesDB(admin);
const run = Date.now().toString(36);
const databaseId = `smoke${run}`;

await adminTables.create({ databaseId, name: 'Smoke test' });
await adminTables.createTable({
  databaseId,
  tableId: 'notes',
  name: 'Notes',
  rowSecurity: true,
  permissions: [Permission.create(Role.users())],
});
await adminTables.createTextColumn({ databaseId, tableId: 'notes', key: 'text', required: true });
console.log(`provisioned ${databaseId}.notes (row security on, signed-in users may create)`);

/** Signs a user in the server-side way (SSR): an API-key client creates the session and hands its secret to a web client. */
async function webClientFor(email: string): Promise<TablesDB> {
  const password = 'smoke-test-password';
  await new Users(admin).create({ userId: AdminID.unique(), email, password, name: email.split('@')[0] });
  const session = await new AdminAccount(admin).createEmailPasswordSession({ email, password });
  return new TablesDB(new Client().setEndpoint(endpoint).setProject(projectId).setSession(session.secret));
}

const alice = await webClientFor(`alice.${run}@example.com`);
const bob = await webClientFor(`bob.${run}@example.com`);

const row = await alice.createRow({ databaseId, tableId: 'notes', rowId: ID.unique(), data: { text: 'only for Alice' } });
const aliceList = await alice.listRows({ databaseId, tableId: 'notes' });
console.log(`alice created ${row.$id} and lists ${aliceList.total} row(s): ${aliceList.rows.map((r) => r.text).join(', ')}`);

const bobList = await bob.listRows({ databaseId, tableId: 'notes' });
const bobGet = await bob.getRow({ databaseId, tableId: 'notes', rowId: row.$id }).catch((error: unknown) => error);
const bobRefused = bobGet instanceof AppwriteException && bobGet.code === 404;
console.log(`bob lists ${bobList.total} row(s) and reading alice's row answers ${bobRefused ? '404 row_not_found' : 'something unexpected'}`);

await adminTables.delete({ databaseId });
if (aliceList.total !== 1 || bobList.total !== 0 || !bobRefused) {
  console.error('smoke test FAILED');
  process.exit(1);
}
console.log('smoke test passed');
