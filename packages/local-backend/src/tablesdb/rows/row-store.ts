import type { Database, Statement } from 'better-sqlite3';
import { errors } from '../../http/errors.ts';
import { rolesOf, type Action } from '../../permissions/permissions.ts';
import { ALIAS, compileFilters, cursorCondition, orderBySql, withTiebreak, type SqlFragment } from '../queries/compile.ts';
import { readableCursorRow } from '../queries/cursor.ts';
import type { ListPlan } from '../queries/validate.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { quoteIdent } from '../schema/physical.ts';
import type { SqlValue } from '../schema/values.ts';
import type { StoredRow } from './row-model.ts';

/** Appwrite counts at most this many matches for `total` (APP_LIMIT_COUNT). */
export const TOTAL_CAP = 5000;
/** Below this many readable rows a list starts from the caller's permission entries instead of the table. */
const DRIVING_PERMISSIONS_LIMIT = 1000;
const STATEMENT_CACHE_LIMIT = 2000;
const PERMISSION_ACTIONS: Action[] = ['read', 'update', 'delete'];

export interface RowWrite {
  id: string;
  createdAt: string;
  updatedAt: string;
  permissions: string[];
  values: ReadonlyMap<string, SqlValue>;
}

export interface RowPage {
  rows: StoredRow[];
  total: number;
}

/**
 * SQL over the row tables: every read and write of rows, with prepared statements cached by their
 * text. Row permissions are kept twice: as JSON in the row (for the model) and in the side table
 * (rowSeq, action, role) that list filters and permission probes use.
 */
export class RowStore {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Forgets prepared statements (after DDL, their tables or columns may be gone). */
  reset(): void {
    this.statements.clear();
  }

  findById(table: TableSchema, id: string): StoredRow | undefined {
    return this.statement(`SELECT * FROM ${table.sqlTable} WHERE _id = ?`).get(id) as StoredRow | undefined;
  }

  findBySeq(table: TableSchema, seq: number): StoredRow | undefined {
    return this.statement(`SELECT * FROM ${table.sqlTable} WHERE _seq = ?`).get(seq) as StoredRow | undefined;
  }

  private writePermissions(table: TableSchema, seq: number, permissions: readonly string[]): void {
    this.statement(`DELETE FROM ${table.sqlPerms} WHERE rowSeq = ?`).run(seq);
    const insert = this.statement(`INSERT OR IGNORE INTO ${table.sqlPerms} (rowSeq, action, role) VALUES (?, ?, ?)`);
    for (const action of PERMISSION_ACTIONS) for (const role of rolesOf(permissions, action)) insert.run(seq, action, role);
  }

  /** Inserts a row; duplicate ids and unique index violations become Appwrite's 409s. */
  insert(table: TableSchema, row: RowWrite): StoredRow {
    const keys = [...row.values.keys()];
    const columns = ['_id', '_createdAt', '_updatedAt', '_permissions', ...keys.map(quoteIdent)];
    const sql = `INSERT INTO ${table.sqlTable} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING *`;
    const inserted = this.guard(row.id, () =>
      this.statement(sql).get(row.id, row.createdAt, row.updatedAt, JSON.stringify(row.permissions), ...keys.map((key) => row.values.get(key))),
    ) as StoredRow;
    this.writePermissions(table, inserted._seq, row.permissions);
    return inserted;
  }

  /** Writes the given columns (and permissions when they changed) of an existing row. */
  update(table: TableSchema, seq: number, row: RowWrite, permissionsChanged: boolean): StoredRow {
    const keys = [...row.values.keys()];
    const assignments = ['_createdAt = ?', '_updatedAt = ?', '_permissions = ?', ...keys.map((key) => `${quoteIdent(key)} = ?`)];
    const sql = `UPDATE ${table.sqlTable} SET ${assignments.join(', ')} WHERE _seq = ? RETURNING *`;
    const updated = this.guard(row.id, () =>
      this.statement(sql).get(row.createdAt, row.updatedAt, JSON.stringify(row.permissions), ...keys.map((key) => row.values.get(key)), seq),
    ) as StoredRow;
    if (permissionsChanged) this.writePermissions(table, seq, row.permissions);
    return updated;
  }

  /** Whether some stored value of a text column is longer than `size` characters (array items count singly). */
  hasLongerThan(table: TableSchema, key: string, size: number): boolean {
    const column = quoteIdent(key);
    const sql = table.columnsByKey.get(key)?.array
      ? `SELECT 1 FROM ${table.sqlTable}, json_each(${table.sqlTable}.${column}) WHERE length(json_each.value) > ? LIMIT 1`
      : `SELECT 1 FROM ${table.sqlTable} WHERE length(${column}) > ? LIMIT 1`;
    return this.statement(sql).get(size) !== undefined;
  }

  delete(table: TableSchema, seq: number): void {
    this.statement(`DELETE FROM ${table.sqlTable} WHERE _seq = ?`).run(seq);
    this.statement(`DELETE FROM ${table.sqlPerms} WHERE rowSeq = ?`).run(seq);
  }

  /** Adds `delta` to a numeric column in one statement (an unset value counts as 0). */
  increment(table: TableSchema, seq: number, key: string, delta: number, updatedAt: string): StoredRow {
    const column = quoteIdent(key);
    const sql = `UPDATE ${table.sqlTable} SET ${column} = COALESCE(${column}, 0) + ?, _updatedAt = ? WHERE _seq = ? RETURNING *`;
    return this.statement(sql).get(delta, updatedAt, seq) as StoredRow;
  }

  private guard<T>(id: string, work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof Error && (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        if (/\._id$/.test(error.message)) throw errors.rowAlreadyExists(id);
        throw errors.uniqueViolation();
      }
      throw error;
    }
  }

  /**
   * One page of rows and the capped total. `readRoles` (rowSecurity without table read) limits the
   * rows to those whose `read` (or `action`, for bulk writes) names one of the roles: when few rows
   * qualify the query starts from the permission index, otherwise it walks the table (in index
   * order) probing each candidate.
   */
  list(table: TableSchema, plan: ListPlan, readRoles: readonly string[] | undefined, includeTotal: boolean, action: Action = 'read'): RowPage {
    const filters = compileFilters(table, plan.filters);
    let from = `${table.sqlTable} AS ${ALIAS}`;
    let fromParams: unknown[] = [];
    const where: SqlFragment[] = [filters];
    if (readRoles) {
      const roleList = readRoles.map(() => '?').join(', ');
      const probe = this.statement(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${table.sqlPerms} WHERE role IN (${roleList}) AND action = '${action}' LIMIT ${DRIVING_PERMISSIONS_LIMIT})`,
      ).get(...readRoles) as { n: number };
      if (probe.n < DRIVING_PERMISSIONS_LIMIT) {
        // CROSS JOIN keeps SQLite from reordering: the few permitted rows drive, then get sorted.
        from = `(SELECT DISTINCT rowSeq FROM ${table.sqlPerms} WHERE role IN (${roleList}) AND action = '${action}') AS p CROSS JOIN ${table.sqlTable} AS ${ALIAS}`;
        fromParams = [...readRoles];
        where.unshift({ sql: `${ALIAS}._seq = p.rowSeq`, params: [] });
      } else {
        where.push({
          sql: `EXISTS (SELECT 1 FROM ${table.sqlPerms} AS q WHERE q.rowSeq = ${ALIAS}._seq AND q.action = '${action}' AND q.role IN (${roleList}))`,
          params: [...readRoles],
        });
      }
    }
    const whereSql = where.map((part) => part.sql).join(' AND ');
    const whereParams = [...fromParams, ...where.flatMap((part) => part.params)];

    const orders = withTiebreak(plan.orders);
    const flip = plan.cursor?.direction === 'before';
    let pageWhere = whereSql;
    let pageParams = whereParams;
    if (plan.cursor) {
      const cursorRow = readableCursorRow(this.findById(table, plan.cursor.id), readRoles);
      if (!cursorRow) throw errors.cursorNotFound(plan.cursor.id);
      const condition = cursorCondition(orders, cursorRow, flip);
      pageWhere = `${whereSql} AND ${condition.sql}`;
      pageParams = [...whereParams, ...condition.params];
    }
    const sql = `SELECT ${ALIAS}.* FROM ${from} WHERE ${pageWhere} ORDER BY ${orderBySql(orders, flip)} LIMIT ? OFFSET ?`;
    const rows = this.statement(sql).all(...pageParams, plan.limit, plan.offset) as StoredRow[];
    if (flip) rows.reverse();

    let total = 0;
    if (includeTotal) {
      const count = this.statement(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${whereSql} LIMIT ${TOTAL_CAP})`).get(...whereParams) as {
        n: number;
      };
      total = count.n;
    }
    return { rows, total };
  }
}
