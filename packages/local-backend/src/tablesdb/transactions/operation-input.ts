import type { Caller } from '../../auth/identity.ts';
import { errors } from '../../http/errors.ts';
import { isCustomId, uniqueId } from '../../http/params.ts';
import { assertGrantable, normalizePermissions, type Action } from '../../permissions/permissions.ts';
import { parseQueries } from '../queries/parse.ts';
import { planList } from '../queries/validate.ts';
import { rowAllows, tableAllows } from '../rows/access.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { nowDatetime } from '../schema/datetime.ts';
import type { TablesDb } from '../tables-db.ts';
import { BULK_ACTIONS, type BulkRow, type OperationAction, type OperationPayload, type StagedOperation } from './staged-operation.ts';
import { transactionErrors } from './transaction-errors.ts';
import type { TransactionRecord } from './transaction-store.ts';

type Json = Record<string, unknown>;

const ACTIONS: readonly OperationAction[] = [
  'create',
  'update',
  'upsert',
  'delete',
  'increment',
  'decrement',
  'bulkCreate',
  'bulkUpdate',
  'bulkUpsert',
  'bulkDelete',
];

function invalid(detail: string): never {
  throw errors.argumentInvalid(`Invalid \`operations\` param: Value must a valid array and ${detail}`);
}

/** One entry of `operations`, checked like Appwrite's Operation validator (keys, action, rowId, data). */
function readShape(entry: unknown): Json & { databaseId: string; tableId: string; action: OperationAction } {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) invalid('Value must be an array');
  const operation = entry as Json;
  for (const key of ['databaseId', 'action', 'tableId']) {
    if (!(key in operation)) invalid(`Missing required key: ${key}`);
    if (typeof operation[key] !== 'string' || (operation[key] as string).trim() === '') invalid(`Key '${key}' must be a non\u2011empty string`);
  }
  const action = operation.action as string;
  if (!(ACTIONS as readonly string[]).includes(action))
    invalid(`Key 'action' must be one of: create, update, upsert, delete, increment, decrement, bulkCreate, bulkUpdate, bulkUpsert, bulkDelete`);
  const single = !BULK_ACTIONS.has(action as OperationAction);
  if (single && !('rowId' in operation)) invalid(`Key 'rowId' is required for action '${action}'`);
  if ('rowId' in operation && (typeof operation.rowId !== 'string' || operation.rowId.trim() === '')) invalid("Key 'rowId' must be a non-empty string");
  if (action !== 'delete' && !('data' in operation)) invalid('Missing required key: data');
  if ('data' in operation && (typeof operation.data !== 'object' || operation.data === null)) invalid("Key 'data' must be an array");
  return operation as Json & { databaseId: string; tableId: string; action: OperationAction };
}

/**
 * `createOperations`: checks every operation as Appwrite does before staging any of them (the
 * transaction, each table, each row as the transaction sees it, and the caller's permissions
 * for a non-key caller), then stages them all in one go. A row created earlier in the same batch
 * counts as existing.
 */
export function stageOperations(engine: TablesDb, caller: Caller, transactionId: string, raw: unknown): TransactionRecord {
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) invalid('Value must be an array');
  const entries = ((raw ?? []) as unknown[]).map(readShape);
  if (entries.length === 0) throw errors.badRequest('Operations array cannot be empty');
  const record = engine.transactions.openForStaging(transactionId, caller, entries.length, 'operations');
  const privileged = caller.kind === 'key';
  const createdInBatch = new Set<string>();
  const staged = entries.map((entry): StagedOperation => {
    if (BULK_ACTIONS.has(entry.action) && !privileged) throw errors.userUnauthorized();
    const table = tableOf(engine, entry.databaseId, entry.tableId, privileged);
    const payload = payloadOf(entry);
    // A bad filter fails now rather than at the commit.
    if (payload.action === 'bulkDelete' || payload.action === 'bulkUpdate') planList(table, parseQueries(payload.queries));
    if ('rowId' in payload) {
      const key = `${table.seq}/${payload.rowId}`;
      const current = payload.action === 'create' ? undefined : currentPermissions(engine, record, table, payload.rowId);
      if (current === undefined && !createdInBatch.has(key) && payload.action !== 'create' && payload.action !== 'upsert') {
        throw transactionErrors.documentNotFound(payload.rowId);
      }
      if (!privileged) {
        assertPermitted(table, caller, actionOf(payload.action, current !== undefined), current);
        const given = 'permissions' in payload ? payload.permissions : undefined;
        if (given) assertGrantable(given, caller);
      }
      if (payload.action === 'create') createdInBatch.add(key);
    }
    return { databaseId: table.database.id, tableId: table.id, stagedAt: nowDatetime(), ...payload };
  });
  return engine.transactions.stage(record, staged);
}

function tableOf(engine: TablesDb, databaseId: string, tableId: string, privileged: boolean): TableSchema {
  const database = engine.catalog.getDatabase(databaseId);
  if (!database || (!database.enabled && !privileged)) throw errors.databaseNotFound(databaseId);
  const table = engine.catalog.getTable(databaseId, tableId);
  if (!table || (!table.enabled && !privileged)) throw transactionErrors.collectionNotFound(tableId);
  return table;
}

/** The permissions of the row as the transaction sees it, or undefined when there is no such row. */
function currentPermissions(engine: TablesDb, record: TransactionRecord, table: TableSchema, rowId: string): string[] | undefined {
  return engine.transactions.readThrough(record, () => {
    const row = engine.rowStore.findById(table, rowId);
    return row && (JSON.parse(row._permissions) as string[]);
  });
}

function actionOf(action: OperationAction, exists: boolean): Action {
  if (action === 'create' || (action === 'upsert' && !exists)) return 'create';
  return action === 'delete' ? 'delete' : 'update';
}

/** The table's permission, or with row security the row's own for updates and deletes (Appwrite's staging check). */
function assertPermitted(table: TableSchema, caller: Caller, action: Action, rowPermissions: readonly string[] | undefined): void {
  const allowed = action === 'create' || rowPermissions === undefined ? tableAllows(table, action, caller) : rowAllows(table, rowPermissions, action, caller);
  if (!allowed) throw errors.userUnauthorized();
}

function permissionsIn(data: Json): string[] | undefined {
  const value = data.$permissions;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw errors.badRequest('Permissions must be an array of strings.');
  return normalizePermissions(value as string[], 'resource');
}

function numberIn(data: Json, key: string): number | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed)) invalid(`Key '${key}' must be a numeric value`);
  return parsed;
}

function payloadOf(entry: Json & { action: OperationAction }): OperationPayload {
  const data = (entry.data ?? {}) as Json;
  const rowId = entry.rowId as string;
  switch (entry.action) {
    case 'create':
    case 'update':
    case 'upsert':
      if (Array.isArray(data)) invalid("Key 'data' must be an object");
      return { action: entry.action, rowId, data, permissions: permissionsIn(data) };
    case 'delete':
      return { action: 'delete', rowId };
    case 'increment':
    case 'decrement': {
      const column = data.column ?? data.attribute;
      if (typeof column !== 'string') invalid(`Key 'column' is required in data for ${entry.action}`);
      const bound = numberIn(data, entry.action === 'increment' ? 'max' : 'min');
      return { action: entry.action, rowId, column, value: numberIn(data, 'value') ?? 1, bound };
    }
    case 'bulkCreate':
    case 'bulkUpsert':
      if (!Array.isArray(data)) invalid(`Key 'data' must be an array of rows for ${entry.action}`);
      return { action: entry.action, rows: (data as unknown[]).map((row) => bulkRow(row, entry.action)) };
    case 'bulkUpdate': {
      const changes = data.data;
      if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) invalid("Key 'data' is required in data for bulkUpdate");
      const queries = data.queries;
      if (!Array.isArray(queries)) invalid("Key 'queries' is required in data for bulkUpdate");
      return { action: 'bulkUpdate', data: changes as Json, queries };
    }
    case 'bulkDelete':
      if (!Array.isArray(data.queries)) invalid("Key 'queries' is required in data for bulkDelete");
      return { action: 'bulkDelete', queries: data.queries as unknown[] };
  }
}

function bulkRow(entry: unknown, action: string): BulkRow {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) invalid(`Key 'data' must be an array of rows for ${action}`);
  const data = entry as Json;
  const id = data.$id ?? 'unique()';
  if (typeof id !== 'string' || !isCustomId(id)) {
    throw errors.badRequest(
      "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
    );
  }
  return { id: id === 'unique()' ? uniqueId() : id, data, permissions: permissionsIn(data) };
}
