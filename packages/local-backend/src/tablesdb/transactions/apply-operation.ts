import type { Caller } from '../../auth/identity.ts';
import { errors } from '../../http/errors.ts';
import { parseQueries } from '../queries/parse.ts';
import type { WriteConditions } from '../rows/row-service.ts';
import type { TableSchema } from '../schema/catalog.ts';
import type { TablesDb } from '../tables-db.ts';
import type { StagedOperation } from './staged-operation.ts';
import { transactionErrors } from './transaction-errors.ts';

/**
 * How a commit writes its operations: as the committing caller (whose permissions are checked
 * again), with conflict checks, or leniently for a rehearsal (reads inside a transaction).
 */
export interface ApplyOptions {
  caller: Caller;
  /** Refuse to overwrite a row changed after its operation was staged (Appwrite's request timestamp). */
  checkConflicts: boolean;
}

/**
 * Writes one staged operation through the row service, inside the commit's SQLite transaction.
 * `written` holds the rows earlier operations of the same commit wrote: those are the
 * transaction's own changes, so they never count as conflicts (Appwrite's "dependent" rows).
 */
export function applyOperation(engine: TablesDb, operation: StagedOperation, written: Set<string>, options: ApplyOptions): void {
  const table = engine.catalog.getTable(operation.databaseId, operation.tableId);
  if (!table) throw errors.tableNotFound(operation.tableId);
  const { caller } = options;
  if (operation.action === 'bulkCreate' || operation.action === 'bulkUpsert') {
    if (operation.action === 'bulkCreate') engine.rows.createMany(table, caller, operation.rows);
    else engine.bulk.upsert(table, caller, operation.rows);
    for (const row of operation.rows) written.add(rowKey(table, row.id));
    return;
  }
  if (operation.action === 'bulkDelete' || operation.action === 'bulkUpdate') {
    writeMatching(engine, table, operation, written, options);
    return;
  }
  if (!('rowId' in operation)) return;
  const key = rowKey(table, operation.rowId);
  const conditions: WriteConditions = options.checkConflicts && !written.has(key) ? { unchangedSince: operation.stagedAt } : {};
  const mustExist = operation.action !== 'create' && operation.action !== 'upsert';
  if (mustExist && !engine.rowStore.findById(table, operation.rowId)) throw transactionErrors.documentNotFound(operation.rowId);
  switch (operation.action) {
    case 'create':
      engine.rows.create(table, caller, operation.rowId, { data: operation.data, permissions: operation.permissions ?? [] });
      break;
    case 'update':
      engine.rows.update(table, caller, operation.rowId, { data: operation.data, permissions: operation.permissions }, conditions);
      break;
    case 'upsert':
      engine.rows.upsert(table, caller, operation.rowId, { data: operation.data, permissions: operation.permissions }, conditions);
      break;
    case 'delete':
      engine.rows.delete(table, caller, operation.rowId, conditions);
      break;
    case 'increment':
    case 'decrement':
      engine.rows.adjust(table, caller, operation.rowId, operation.column, operation.action, operation.value, operation.bound);
      break;
  }
  written.add(key);
}

function rowKey(table: TableSchema, rowId: string): string {
  return `${table.seq}/${rowId}`;
}

/**
 * `bulkUpdate` and `bulkDelete`: the rows their queries match when the commit reaches them (rows
 * the same transaction created or changed before included), narrowed by order, limit, offset and
 * cursor as on Appwrite. A matched row written after the operation was staged is a conflict, as
 * on Appwrite, unless this transaction wrote it.
 */
function writeMatching(
  engine: TablesDb,
  table: TableSchema,
  operation: Extract<StagedOperation, { action: 'bulkDelete' | 'bulkUpdate' }>,
  written: Set<string>,
  options: ApplyOptions,
): void {
  const { caller } = options;
  const action = operation.action === 'bulkDelete' ? 'delete' : 'update';
  for (const row of engine.bulk.targets(table, caller, parseQueries(operation.queries), action)) {
    const key = rowKey(table, row._id);
    if (options.checkConflicts && !written.has(key) && row._updatedAt > operation.stagedAt) throw transactionErrors.conflict();
    if (operation.action === 'bulkDelete') {
      engine.rows.delete(table, caller, row._id);
      written.delete(key);
    } else {
      const permissions = operation.data.$permissions;
      engine.rows.update(table, caller, row._id, {
        data: operation.data,
        permissions: Array.isArray(permissions) ? (permissions as string[]) : undefined,
      });
      written.add(key);
    }
  }
}
