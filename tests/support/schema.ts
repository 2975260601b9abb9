import type { TablesDB } from 'node-appwrite';

/**
 * Waits until every column and index of a table is `available`. A real Appwrite builds them in the
 * background (a create answers `processing`, and rows or indexes that use a column still processing
 * are refused); the local backend builds them at once, so there this returns after one look.
 */
export async function schemaReady(tables: TablesDB, databaseId: string, tableId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ columns }, { indexes }] = await Promise.all([tables.listColumns({ databaseId, tableId }), tables.listIndexes({ databaseId, tableId })]);
    const statuses = [...columns, ...indexes].map((item) => ({ key: item.key, status: item.status, error: 'error' in item ? item.error : '' }));
    const broken = statuses.find((item) => item.status === 'failed' || item.status === 'stuck');
    if (broken) throw new Error(`${databaseId}/${tableId}: ${broken.key} is ${broken.status} (${broken.error})`);
    const pending = statuses.filter((item) => item.status !== 'available');
    if (pending.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${databaseId}/${tableId}: ${pending.map((item) => `${item.key} ${item.status}`).join(', ')} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
