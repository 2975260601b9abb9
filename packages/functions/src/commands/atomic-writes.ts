import { DATABASE_ID, type TableId } from '@opportunity-kit/sdk/domain';
import { AppwriteException } from 'node-appwrite';
import type { ServerApi } from '../platform/server-client.ts';

/** One row write of a group that must happen together (a row and the counter that counts it). */
export type RowWrite =
  | { action: 'create'; tableId: TableId; rowId: string; data: object; permissions: string[] }
  /** Changes the given columns; `permissions`, when given, replace the row's. */
  | { action: 'update'; tableId: TableId; rowId: string; data: object; permissions?: string[] }
  /** Creates the row, or replaces the given columns and the permissions of the one there. */
  | { action: 'upsert'; tableId: TableId; rowId: string; data: object; permissions: string[] }
  | { action: 'delete'; tableId: TableId; rowId: string }
  | { action: 'increment'; tableId: TableId; rowId: string; column: string }
  | { action: 'decrement'; tableId: TableId; rowId: string; column: string; min?: number }
  /** Every row whose filters (query strings) match; API keys only, which commands run with. */
  | { action: 'bulkDelete'; tableId: TableId; queries: string[] };

/** How long a group may take from staging to commit; Appwrite's minimum, since a command commits at once. */
const TTL_SECONDS = 60;

/**
 * Applies the writes all at once or not at all, as one TablesDB transaction: staged in one
 * request, committed in the next. A crash or a failure between two writes can then never leave a
 * post's `commentCount` or `likeCount` different from its comment or like rows. When the commit is
 * refused (a row another request deleted meanwhile: 404; a duplicate, or a row changed since it was
 * staged: 409), nothing was written and Appwrite's error is thrown for the command to answer.
 */
export async function writeTogether(api: ServerApi, writes: readonly RowWrite[]): Promise<void> {
  const { $id: transactionId } = await api.tables.createTransaction({ ttl: TTL_SECONDS });
  try {
    await api.tables.createOperations({ transactionId, operations: writes.map(operationOf) });
    await api.tables.updateTransaction({ transactionId, commit: true });
  } catch (thrown) {
    // A refused commit has ended the transaction already; a refused staging leaves it to roll back.
    await api.tables.updateTransaction({ transactionId, rollback: true }).catch(() => undefined);
    throw thrown;
  }
}

/** True when Appwrite refused the commit because a bounded counter would pass its bound. */
export function isCounterAtBound(thrown: unknown): boolean {
  return thrown instanceof AppwriteException && thrown.code === 400 && thrown.type === 'attribute_limit_exceeded';
}

function operationOf(write: RowWrite): object {
  const target = { databaseId: DATABASE_ID, tableId: write.tableId };
  switch (write.action) {
    case 'create':
      return { ...target, action: 'create', rowId: write.rowId, data: { ...write.data, $permissions: write.permissions } };
    case 'update':
      return { ...target, action: 'update', rowId: write.rowId, data: { ...write.data, ...(write.permissions ? { $permissions: write.permissions } : {}) } };
    case 'upsert':
      return { ...target, action: 'upsert', rowId: write.rowId, data: { ...write.data, $permissions: write.permissions } };
    case 'delete':
      return { ...target, action: 'delete', rowId: write.rowId };
    case 'increment':
      return { ...target, action: 'increment', rowId: write.rowId, data: { column: write.column, value: 1 } };
    case 'decrement':
      return {
        ...target,
        action: 'decrement',
        rowId: write.rowId,
        data: { column: write.column, value: 1, ...(write.min === undefined ? {} : { min: write.min }) },
      };
    case 'bulkDelete':
      return { ...target, action: 'bulkDelete', data: { queries: write.queries } };
  }
}
