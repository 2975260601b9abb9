import type { Caller } from '../../auth/identity.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppwriteError, errors } from '../../http/errors.ts';
import { assertGrantable, defaultResourcePermissions } from '../../permissions/permissions.ts';
import type { Store } from '../../store/store.ts';
import type { Query } from '../queries/parse.ts';
import { planList, planSelect } from '../queries/validate.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { isNumericKind } from '../schema/columns.ts';
import { normalizeDatetime, nowDatetime } from '../schema/datetime.ts';
import { decodeValue, encodeValue, type SqlValue } from '../schema/values.ts';
import { assertCanCreate, rowAllows, tableAllows } from './access.ts';
import { publishRowEvent, type RowAction } from './row-events.ts';
import { resolveOperators } from './operators.ts';
import { rowModel, type StoredRow } from './row-model.ts';
import type { RowStore } from './row-store.ts';
import { checkStructure, withDefaults, writableData } from './structure.ts';

export interface RowInput {
  data: Record<string, unknown> | undefined;
  /** Already validated and `write`-expanded; undefined when the request has none. */
  permissions: string[] | undefined;
}

/** A precondition of a write: the row may not have changed after `unchangedSince` (a stored datetime). */
export interface WriteConditions {
  unchangedSince?: string;
}

export interface RowList {
  total: number;
  rows: Array<Record<string, unknown>>;
}

type Model = Record<string, unknown>;

/**
 * The row operations (list, get, create, update, upsert, delete, increment, decrement) with Appwrite's order of checks: payload, existence,
 * grantable permissions, access, structure, write; then the event. Every write runs in one
 * SQLite transaction, so a check and the write it guards cannot interleave with another request.
 * `atomically` runs several of them as one transaction (TablesDB transactions).
 */
export class RowService {
  /** Events of writes inside `atomically`, held back until its transaction commits. */
  private held: Array<() => void> | undefined;

  constructor(
    private readonly rows: RowStore,
    private readonly store: Store,
    private readonly bus: EventBus,
  ) {}

  /**
   * Runs `work` (row writes of this service) in one SQLite transaction that takes the write lock
   * up front; each write's own transaction nests in it. Their events are published once it has
   * committed, and dropped if it fails: nothing is announced that did not happen.
   */
  atomically<T>(work: () => T): T {
    if (this.held) return work();
    const held: Array<() => void> = [];
    this.held = held;
    let result: T;
    try {
      result = this.store.immediateTransaction(work);
    } finally {
      this.held = undefined;
    }
    for (const announce of held) announce();
    return result;
  }

  /**
   * Runs `work` in a transaction that is always rolled back, with its events dropped: for reading
   * rows as writes staged elsewhere would leave them (reads inside a TablesDB transaction).
   */
  rehearse<T>(work: () => T): T {
    const outcome: { value?: T } = {};
    const rollback = new Error('rehearsal');
    const held = this.held;
    this.held = [];
    try {
      this.store.transaction(() => {
        outcome.value = work();
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) throw error;
    } finally {
      this.held = held;
    }
    return outcome.value as T;
  }

  private announce(table: TableSchema, action: RowAction, model: Model): void {
    if (this.held) this.held.push(() => publishRowEvent(this.bus, table, action, model));
    else publishRowEvent(this.bus, table, action, model);
  }

  list(table: TableSchema, caller: Caller, queries: readonly Query[], includeTotal: boolean): RowList {
    const plan = planList(table, queries);
    let readRoles: readonly string[] | undefined;
    if (!tableAllows(table, 'read', caller)) {
      if (!table.rowSecurity) throw errors.userUnauthorized();
      readRoles = caller.roles;
    }
    const page = this.rows.list(table, plan, readRoles, includeTotal);
    return { total: page.total, rows: page.rows.map((row) => rowModel(table, row, plan.select)) };
  }

  get(table: TableSchema, caller: Caller, rowId: string, queries: readonly Query[]): Model {
    const select = planSelect(table, queries);
    const row = this.rows.findById(table, rowId);
    // An unreadable row is reported as missing, never as forbidden.
    if (!row || !rowAllows(table, permissionsOf(row), 'read', caller)) throw errors.rowNotFound(rowId);
    return rowModel(table, row, select);
  }

  create(table: TableSchema, caller: Caller, rowId: string, input: RowInput): Model {
    if (!input.data || Object.keys(input.data).length === 0) throw errors.missingData();
    const model = this.store.transaction(() => this.insert(table, caller, rowId, input.data ?? {}, input.permissions, true));
    this.announce(table, 'create', model);
    return model;
  }

  /** Bulk create (API keys only): `$id` and `$permissions` travel inside each row. */
  createMany(
    table: TableSchema,
    caller: Caller,
    items: ReadonlyArray<{ id: string; data: Record<string, unknown>; permissions: string[] | undefined }>,
  ): Model[] {
    const models = this.store.transaction(() => items.map((item) => this.insert(table, caller, item.id, item.data, item.permissions, true)));
    for (const model of models) this.announce(table, 'create', model);
    return models;
  }

  private insert(
    table: TableSchema,
    caller: Caller,
    rowId: string,
    data: Record<string, unknown>,
    given: string[] | undefined,
    detailedDenial: boolean,
  ): Model {
    const permissions = given ?? defaultResourcePermissions(caller);
    assertGrantable(permissions, caller);
    if (detailedDenial) assertCanCreate(table, caller);
    else if (!tableAllows(table, 'create', caller)) throw errors.userUnauthorized();
    const privileged = caller.kind === 'key';
    const document = withDefaults(table, resolveOperators(table, {}, writableData(data, privileged)));
    const dates = systemDates(data, privileged);
    checkStructure(table, { ...document, ...dates });
    const now = nowDatetime();
    const stored = this.rows.insert(table, {
      id: rowId,
      createdAt: dates.$createdAt ?? now,
      updatedAt: dates.$updatedAt ?? now,
      permissions,
      values: encodeColumns(table, document, Object.keys(document)),
    });
    return rowModel(table, stored);
  }

  /**
   * PATCH a row. An update that names nothing (no data, no permissions) is refused by the route, as
   * Appwrite's is; inside a committing transaction it is a no-op that still checks for a conflict,
   * as Appwrite's commit applies it (a guard that a row did not change: `decideTogether`).
   */
  update(table: TableSchema, caller: Caller, rowId: string, input: RowInput, conditions: WriteConditions = {}): Model {
    const data = input.data ?? {};
    const model = this.store.transaction(() => {
      const old = this.rows.findById(table, rowId);
      if (!old) throw errors.rowNotFound(rowId);
      assertUnchanged(old, conditions);
      if (input.permissions !== undefined) assertGrantable(input.permissions, caller);
      const permissions = input.permissions ?? permissionsOf(old);
      const privileged = caller.kind === 'key';
      const changes = resolveOperators(table, decodeRow(table, old), writableData(data, privileged));
      const dates = systemDates(data, privileged);
      const permissionsChanged = JSON.stringify(permissions) !== old._permissions;
      const changed = permissionsChanged || datesChanged(dates, old) || Object.keys(changes).some((key) => differs(table, old, key, changes[key]));
      // A change needs update permission; a no-op only needs to be able to see the row.
      if (!rowAllows(table, permissionsOf(old), changed ? 'update' : 'read', caller)) throw errors.userUnauthorized();
      const document: Record<string, unknown> = { ...decodeRow(table, old), ...changes };
      const defaulted = table.columns
        .filter((column) => column.default !== null && (document[column.key] === null || document[column.key] === undefined))
        .map((column) => column.key);
      withDefaults(table, document);
      checkStructure(table, { ...document, ...dates });
      if (!changed && defaulted.length === 0) return rowModel(table, old);
      const stored = this.rows.update(
        table,
        old._seq,
        {
          id: rowId,
          createdAt: dates.$createdAt ?? old._createdAt,
          updatedAt: dates.$updatedAt ?? (changed ? nowDatetime() : old._updatedAt),
          permissions,
          values: encodeColumns(table, document, [...Object.keys(changes), ...defaulted]),
        },
        permissionsChanged,
      );
      return rowModel(table, stored);
    });
    this.announce(table, 'update', model);
    return model;
  }

  /** PUT: creates the row, or replaces its columns (omitted ones become null or their default). */
  upsert(table: TableSchema, caller: Caller, rowId: string, input: RowInput, conditions: WriteConditions = {}): Model {
    const data = input.data ?? {};
    if (Object.keys(data).length === 0 && input.permissions === undefined) throw errors.missingPayload();
    const model = this.store.transaction(() => {
      const old = this.rows.findById(table, rowId);
      if (!old) return this.insert(table, caller, rowId, data, input.permissions, false);
      assertUnchanged(old, conditions);
      // Appwrite checks the kept permissions too when none are given.
      const permissions = input.permissions ?? permissionsOf(old);
      assertGrantable(permissions, caller);
      const privileged = caller.kind === 'key';
      const document = resolveOperators(table, decodeRow(table, old), writableData(data, privileged));
      for (const column of table.columns) document[column.key] ??= null;
      const dates = systemDates(data, privileged);
      const permissionsChanged = JSON.stringify([...permissions].sort()) !== JSON.stringify([...permissionsOf(old)].sort());
      const changed = permissionsChanged || datesChanged(dates, old) || Object.keys(document).some((key) => differs(table, old, key, document[key]));
      if (!changed) return rowModel(table, old);
      if (!rowAllows(table, permissionsOf(old), 'update', caller)) throw errors.userUnauthorized();
      withDefaults(table, document);
      checkStructure(table, { ...document, ...dates });
      const stored = this.rows.update(
        table,
        old._seq,
        {
          id: rowId,
          createdAt: dates.$createdAt ?? old._createdAt,
          updatedAt: dates.$updatedAt ?? nowDatetime(),
          permissions,
          values: encodeColumns(table, document, Object.keys(document)),
        },
        true,
      );
      return rowModel(table, stored);
    });
    this.announce(table, 'upsert', model);
    return model;
  }

  delete(table: TableSchema, caller: Caller, rowId: string, conditions: WriteConditions = {}): void {
    const model = this.store.transaction(() => {
      const old = this.rows.findById(table, rowId);
      if (!old) throw errors.rowNotFound(rowId);
      assertUnchanged(old, conditions);
      if (!rowAllows(table, permissionsOf(old), 'delete', caller)) throw errors.userUnauthorized();
      this.rows.delete(table, old._seq);
      return rowModel(table, old);
    });
    this.announce(table, 'delete', model);
  }

  /**
   * increment/decrement: the limit check and the addition run in one transaction, so concurrent
   * requests serialise and none is lost. Like Appwrite, a missing row reports a missing column.
   */
  adjust(
    table: TableSchema,
    caller: Caller,
    rowId: string,
    key: string,
    direction: 'increment' | 'decrement',
    value: number,
    bound: number | undefined,
  ): Model {
    if (!(value > 0)) throw errors.argumentInvalid('Value must be numeric and greater than 0');
    const column = table.columnsByKey.get(key);
    if (!column) throw errors.columnNotFound();
    if (!isNumericKind(column.kind) || column.array) throw errors.columnTypeInvalid(`tablesDB "${key}" is not a number`);
    const model = this.store.transaction(() => {
      const old = this.rows.findById(table, rowId);
      if (!old) throw errors.columnNotFound();
      if (!rowAllows(table, permissionsOf(old), 'update', caller)) throw errors.userUnauthorized();
      const current = Number(old[key] ?? 0);
      if (bound !== undefined) {
        if (direction === 'increment' && current + value > bound)
          throw errors.columnLimitExceeded(`tablesDB "${key}" has reached the maximum value of ${bound}`);
        if (direction === 'decrement' && current - value < bound)
          throw errors.columnLimitExceeded(`tablesDB "${key}" has reached the minimum value of ${bound}`);
      }
      const delta = direction === 'increment' ? value : -value;
      return rowModel(table, this.rows.increment(table, old._seq, key, column.kind === 'integer' ? Math.round(delta) : delta, nowDatetime()));
    });
    this.announce(table, 'update', model);
    return model;
  }
}

/** Refuses an update that names neither data nor permissions (Appwrite's routes do; a transaction's commit does not). */
export function assertUpdatePayload(input: RowInput): void {
  if (Object.keys(input.data ?? {}).length === 0 && input.permissions === undefined) throw errors.missingPayload();
}

/** Appwrite's request-timestamp check: a row written after the caller last saw it is a conflict. */
function assertUnchanged(row: StoredRow, conditions: WriteConditions): void {
  if (conditions.unchangedSince !== undefined && row._updatedAt > conditions.unchangedSince) {
    throw new AppwriteError(409, 'row_update_conflict', 'Remote row is newer than local.');
  }
}

function permissionsOf(row: StoredRow): string[] {
  return JSON.parse(row._permissions) as string[];
}

function decodeRow(table: TableSchema, row: StoredRow): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const column of table.columns) document[column.key] = column.array && row[column.key] === null ? null : decodeValue(column, row[column.key]);
  return document;
}

/** Whether writing `value` to `key` changes the stored row (unknown keys always count as changes). */
function differs(table: TableSchema, old: StoredRow, key: string, value: unknown): boolean {
  // System dates set by an API key are compared by the caller, in their normalised form.
  if (key === '$createdAt' || key === '$updatedAt') return false;
  const column = table.columnsByKey.get(key);
  if (!column) return true;
  try {
    return encodeValue(column, value) !== (old[key] ?? null);
  } catch {
    return true;
  }
}

function datesChanged(dates: { $createdAt?: string; $updatedAt?: string }, old: StoredRow): boolean {
  return (dates.$createdAt !== undefined && dates.$createdAt !== old._createdAt) || (dates.$updatedAt !== undefined && dates.$updatedAt !== old._updatedAt);
}

function encodeColumns(table: TableSchema, document: Record<string, unknown>, keys: readonly string[]): Map<string, SqlValue> {
  const values = new Map<string, SqlValue>();
  for (const key of keys) {
    const column = table.columnsByKey.get(key);
    if (column && !values.has(key)) values.set(key, encodeValue(column, document[key]));
  }
  return values;
}

/** `$createdAt`/`$updatedAt` an API key set in `data`, normalised (invalid ones fail structure checks). */
function systemDates(data: Record<string, unknown>, privileged: boolean): { $createdAt?: string; $updatedAt?: string } {
  if (!privileged) return {};
  const dates: { $createdAt?: string; $updatedAt?: string } = {};
  for (const key of ['$createdAt', '$updatedAt'] as const) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    const normalized = normalizeDatetime(value);
    if (!normalized)
      throw errors.invalidStructure(`Attribute "${key}" has invalid type. Value must be valid date between 0000-01-01 00:00:00 and 9999-12-31 23:59:59.`);
    dates[key] = normalized;
  }
  return dates;
}
