import type { Caller } from '../../auth/identity.ts';
import { errors } from '../../http/errors.ts';
import { assertGrantable, defaultResourcePermissions } from '../../permissions/permissions.ts';
import { assertCanCreate } from '../rows/access.ts';
import { rowModel } from '../rows/row-model.ts';
import { assertUpdatePayload, type RowInput } from '../rows/row-service.ts';
import { writableData } from '../rows/structure.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { nowDatetime } from '../schema/datetime.ts';
import type { TablesDb } from '../tables-db.ts';
import type { BulkRow, OperationPayload } from './staged-operation.ts';
import type { StagingRefusal } from './transactions.ts';

type Model = Record<string, unknown>;

/**
 * The row routes when the request names a `transactionId`: the operation is checked as Appwrite
 * checks it on staging (create permission, grantable permissions, the row existing as the
 * transaction sees it) and stored; nothing is written until the commit, which checks the rest as
 * the committing caller. The answer is Appwrite's stand-in for the row: the system fields it knows
 * and the data sent (an increment answers the amount, not the new value).
 */
export class RowStaging {
  constructor(private readonly engine: TablesDb) {}

  create(table: TableSchema, caller: Caller, transactionId: string, rowId: string, input: RowInput): Model {
    const data = input.data ?? {};
    if (Object.keys(data).length === 0) throw errors.missingData();
    const permissions = input.permissions ?? defaultResourcePermissions(caller);
    assertGrantable(permissions, caller);
    assertCanCreate(table, caller);
    this.stage(table, caller, transactionId, { action: 'create', rowId, data, permissions }, 'row');
    return standIn(table, rowId, permissions, writableData(data, caller.kind === 'key'));
  }

  /** `createRows` (API keys only, checked by the route): one bulk operation. */
  createMany(table: TableSchema, caller: Caller, transactionId: string, rows: BulkRow[]): { total: number; rows: Model[] } {
    this.stage(table, caller, transactionId, { action: 'bulkCreate', rows }, 'row');
    return { total: rows.length, rows: [] };
  }

  /** `upsertRows` inside a transaction: one bulk operation, answered with no rows yet. */
  upsertMany(table: TableSchema, caller: Caller, transactionId: string, rows: BulkRow[]): { total: number; rows: Model[] } {
    this.stage(table, caller, transactionId, { action: 'bulkUpsert', rows }, 'counter');
    return { total: 0, rows: [] };
  }

  /** `updateRows` inside a transaction (its queries checked by the route). */
  updateMany(table: TableSchema, caller: Caller, transactionId: string, data: Record<string, unknown>, queries: unknown): { total: number; rows: Model[] } {
    const changes = writableData(data, true);
    if (data.$permissions !== undefined) changes.$permissions = data.$permissions;
    this.stage(table, caller, transactionId, { action: 'bulkUpdate', data: changes, queries: Array.isArray(queries) ? queries : [] }, 'counter');
    return { total: 0, rows: [] };
  }

  /** `deleteRows` inside a transaction. */
  deleteMany(table: TableSchema, caller: Caller, transactionId: string, queries: unknown): { total: number; rows: Model[] } {
    this.stage(table, caller, transactionId, { action: 'bulkDelete', queries: Array.isArray(queries) ? queries : [] }, 'counter');
    return { total: 0, rows: [] };
  }

  update(table: TableSchema, caller: Caller, transactionId: string, rowId: string, input: RowInput): Model {
    assertUpdatePayload(input);
    const data = input.data ?? {};
    const current = this.currentRow(table, caller, transactionId, rowId);
    if (!current) throw errors.rowNotFound(rowId);
    if (input.permissions !== undefined) assertGrantable(input.permissions, caller);
    this.stage(table, caller, transactionId, { action: 'update', rowId, data, permissions: input.permissions }, 'row');
    const changes = writableData(data, caller.kind === 'key');
    return { ...current, ...(input.permissions ? { $permissions: input.permissions } : {}), ...changes };
  }

  upsert(table: TableSchema, caller: Caller, transactionId: string, rowId: string, input: RowInput): Model {
    const data = input.data ?? {};
    if (Object.keys(data).length === 0 && input.permissions === undefined) throw errors.missingPayload();
    const current = this.currentRow(table, caller, transactionId, rowId);
    // Settled now, as Appwrite does: the row's own when it exists, else the stager's defaults.
    const permissions = input.permissions ?? (current ? (current.$permissions as string[]) : defaultResourcePermissions(caller));
    assertGrantable(permissions, caller);
    this.stage(table, caller, transactionId, { action: 'upsert', rowId, data, permissions }, 'row');
    return standIn(table, rowId, permissions, writableData(data, caller.kind === 'key'));
  }

  delete(table: TableSchema, caller: Caller, transactionId: string, rowId: string): void {
    if (!this.currentRow(table, caller, transactionId, rowId)) throw errors.rowNotFound(rowId);
    this.stage(table, caller, transactionId, { action: 'delete', rowId }, 'row');
  }

  adjust(
    table: TableSchema,
    caller: Caller,
    transactionId: string,
    rowId: string,
    column: string,
    direction: 'increment' | 'decrement',
    value: number,
    bound: number | undefined,
  ): Model {
    this.stage(table, caller, transactionId, { action: direction, rowId, column, value, bound }, 'counter');
    return { $id: rowId, $tableId: table.id, $databaseId: table.database.id, [column]: value };
  }

  /** The row as the transaction sees it (its staged writes applied), or undefined. */
  private currentRow(table: TableSchema, caller: Caller, transactionId: string, rowId: string): Model | undefined {
    const record = this.engine.transactions.get(transactionId, caller);
    return this.engine.transactions.readThrough(record, () => {
      const row = this.engine.rowStore.findById(table, rowId);
      return row && rowModel(table, row);
    });
  }

  private stage(table: TableSchema, caller: Caller, transactionId: string, payload: OperationPayload, refusal: StagingRefusal): void {
    const { transactions } = this.engine;
    const record = transactions.openForStaging(transactionId, caller, 1, refusal);
    transactions.stage(record, [{ databaseId: table.database.id, tableId: table.id, stagedAt: nowDatetime(), ...payload }]);
  }
}

/** Appwrite's stand-in Row for a staged write: what it knows now, empty system dates and sequence. */
function standIn(table: TableSchema, rowId: string, permissions: readonly string[], data: Model): Model {
  return {
    $id: rowId,
    $sequence: '',
    $tableId: table.id,
    $databaseId: table.database.id,
    $createdAt: '',
    $updatedAt: '',
    $permissions: [...permissions],
    ...data,
  };
}
