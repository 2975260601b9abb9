import type { Caller } from '../../auth/identity.ts';
import { errors } from '../../http/errors.ts';
import { ALIAS, compileFilters } from '../queries/compile.ts';
import { parseQueries } from '../queries/parse.ts';
import { planList } from '../queries/validate.ts';
import type { StoredRow } from '../rows/row-model.ts';
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
  if (operation.action === 'bulkCreate') {
    engine.rows.createMany(table, caller, operation.rows);
    for (const row of operation.rows) written.add(rowKey(table, row.id));
    return;
  }
  if (operation.action === 'bulkDelete') {
    deleteMatching(engine, table, operation, written, options);
    return;
  }
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
 * `bulkDelete`: every row its filters match (order, limit and offset do not narrow a bulk delete
 * here). A matched row written after the operation was staged is a conflict, as on Appwrite, unless
 * this transaction wrote it.
 */
function deleteMatching(
  engine: TablesDb,
  table: TableSchema,
  operation: Extract<StagedOperation, { action: 'bulkDelete' }>,
  written: Set<string>,
  options: ApplyOptions,
): void {
  if (options.caller.kind !== 'key') throw errors.userUnauthorized();
  const filters = compileFilters(table, planList(table, parseQueries(operation.queries)).filters);
  const matched = engine.database.prepare(`SELECT ${ALIAS}.* FROM ${table.sqlTable} AS ${ALIAS} WHERE ${filters.sql}`).all(...filters.params) as StoredRow[];
  for (const row of matched) {
    const key = rowKey(table, row._id);
    if (options.checkConflicts && !written.has(key) && row._updatedAt > operation.stagedAt) throw transactionErrors.conflict();
    engine.rowStore.delete(table, row._seq);
    written.delete(key);
  }
}
