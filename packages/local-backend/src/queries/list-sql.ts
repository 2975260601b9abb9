import type Database from 'better-sqlite3';
import type { ListAttribute, ListFilter, ListOrder, ListQueries, ListValueType } from './list-queries.ts';

/**
 * Parsed list queries (list-queries.ts) as SQL over one SQLite table whose attributes are plain
 * columns and which has a `seq` (insertion order) column: the buckets, files and executions tables.
 * Each resource keeps its table, its columns and its own extra conditions (parent id, read access).
 */

/** A queryable attribute stored in one column: datetimes as epoch milliseconds, booleans as 0/1. */
export interface ColumnAttribute extends ListAttribute {
  column: string;
}

/**
 * The attributes a resource list allows, each in the column named after it in snake_case
 * (`mimeType` → `mime_type`), plus `$id`, `$createdAt` and `$updatedAt`, which Appwrite adds to
 * every resource's list (columns `id`, `created_at`, `updated_at`).
 */
export function columnAttributes(types: Readonly<Record<string, ListValueType>>): Readonly<Record<string, ColumnAttribute>> {
  const all: Record<string, ListValueType> = { $id: 'string', $createdAt: 'datetime', $updatedAt: 'datetime', ...types };
  return Object.fromEntries(Object.entries(all).map(([attribute, type]) => [attribute, { column: snakeCase(attribute), type }]));
}

function snakeCase(attribute: string): string {
  return attribute.replace(/^\$/, '').replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export interface SqlCondition {
  sql: string;
  params: unknown[];
}

interface OrderBy {
  column: string;
  desc: boolean;
}

/** Appwrite caps counted totals (APP_LIMIT_COUNT). */
const TOTAL_CAP = 5000;

const OPERATORS: Record<string, string> = {
  lessThan: '<',
  lessThanEqual: '<=',
  greaterThan: '>',
  greaterThanEqual: '>=',
};

function sqlValue(field: ColumnAttribute, value: unknown): unknown {
  if (field.type === 'datetime') return Date.parse(value as string);
  if (field.type === 'boolean') return value ? 1 : 0;
  return value;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** One filter as a condition; the parser has already checked value counts and types. */
function filterCondition({ method, field, values }: ListFilter<ColumnAttribute>): SqlCondition {
  const column = field.column;
  const params = values.map((value) => sqlValue(field, value));
  switch (method) {
    case 'equal':
      return { sql: `${column} IN (${params.map(() => '?').join(', ')})`, params };
    case 'notEqual':
      return { sql: `${column} != ?`, params };
    case 'between':
      return { sql: `${column} BETWEEN ? AND ?`, params };
    case 'startsWith':
    case 'endsWith': {
      const text = escapeLike(values[0] as string);
      return { sql: `${column} LIKE ? ESCAPE '\\'`, params: [method === 'startsWith' ? `${text}%` : `%${text}`] };
    }
    case 'contains':
      // An array attribute (stored as a JSON array) contains a value when one of its items equals it.
      if (field.array) {
        return { sql: `EXISTS (SELECT 1 FROM json_each(${column}) WHERE value IN (${params.map(() => '?').join(', ')}))`, params };
      }
      return {
        sql: `(${values.map(() => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
        params: values.map((value) => `%${escapeLike(String(value))}%`),
      };
    case 'isNull':
    case 'isNotNull':
      return { sql: `${column} IS ${method === 'isNull' ? '' : 'NOT '}NULL`, params: [] };
    default:
      return { sql: `${column} ${OPERATORS[method]} ?`, params };
  }
}

/**
 * ORDER BY with Appwrite's `$sequence` tiebreak: ascending, or following the first order when that
 * order is on a creation/update time (rows written in the same millisecond then follow that order's direction).
 */
function effectiveOrders(orders: ReadonlyArray<ListOrder<ColumnAttribute>>): OrderBy[] {
  const requested = orders.map((order) => ({ column: order.field.column, desc: order.descending }));
  const first = requested[0];
  const tiebreakDesc = first !== undefined && (first.column === 'created_at' || first.column === 'updated_at') && first.desc;
  return [...requested, { column: 'seq', desc: tiebreakDesc }];
}

/**
 * The condition selecting rows strictly after (or before) the cursor row under the given orders:
 * a lexicographic comparison over the order columns, ending with `seq`.
 */
function cursorCondition(orders: readonly OrderBy[], cursorRow: Readonly<Record<string, unknown>>, direction: 'after' | 'before'): SqlCondition {
  const alternatives: string[] = [];
  const params: unknown[] = [];
  for (let i = 0; i < orders.length; i++) {
    const parts: string[] = [];
    for (let j = 0; j < i; j++) {
      const previous = orders[j] as OrderBy;
      parts.push(`${previous.column} = ?`);
      params.push(cursorRow[previous.column]);
    }
    const order = orders[i] as OrderBy;
    const forward = order.desc ? '<' : '>';
    const backward = order.desc ? '>' : '<';
    parts.push(`${order.column} ${direction === 'after' ? forward : backward} ?`);
    params.push(cursorRow[order.column]);
    alternatives.push(`(${parts.join(' AND ')})`);
  }
  return { sql: `(${alternatives.join(' OR ')})`, params };
}

function orderClause(orders: readonly OrderBy[], reverse = false): string {
  return orders.map((order) => `${order.column} ${order.desc !== reverse ? 'DESC' : 'ASC'}`).join(', ');
}

/**
 * The `search` param of list endpoints: Appwrite runs a full-text search over "id name"; here each
 * word of the term is matched as a case-insensitive substring and the words are OR-ed.
 */
export function searchCondition(search: string, columns: readonly string[]): SqlCondition | undefined {
  const words = search
    .replace(/[@+\-*()<>~"]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return undefined;
  const haystack = columns.join(` || ' ' || `);
  return {
    sql: `(${words.map(() => `(${haystack}) LIKE ? ESCAPE '\\'`).join(' OR ')})`,
    params: words.map((word) => `%${escapeLike(word)}%`),
  };
}

function whereClause(conditions: readonly SqlCondition[]): string {
  return conditions.length ? `WHERE ${conditions.map((condition) => condition.sql).join(' AND ')}` : '';
}

export interface PageRequest {
  table: string;
  /** The resource's own conditions (parent id, read access, search); the query filters are added to them. */
  conditions: readonly SqlCondition[];
  queries: ListQueries<ColumnAttribute>;
  includeTotal: boolean;
  /**
   * The stored row of the cursor id, or undefined when it does not exist for this caller: resolved with
   * the caller's read access, so an unreadable id answers exactly like an unknown one.
   */
  cursorRow: (id: string) => Record<string, unknown> | undefined;
  cursorNotFound: (id: string) => Error;
}

/** One page of rows and the (capped) total of the filtered list; `total` is 0 when not asked for. */
export function selectPage<Row>(db: Database.Database, page: PageRequest): { total: number; rows: Row[] } {
  const conditions = [...page.conditions, ...page.queries.filters.map(filterCondition)];
  const params = conditions.flatMap((condition) => condition.params);
  const total = page.includeTotal
    ? (db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${page.table} ${whereClause(conditions)} LIMIT ${TOTAL_CAP})`).get(...params) as { n: number }).n
    : 0;

  const orders = effectiveOrders(page.queries.orders);
  const { cursor } = page.queries;
  const pageConditions = [...conditions];
  if (cursor) {
    const cursorRow = page.cursorRow(cursor.id);
    if (!cursorRow) throw page.cursorNotFound(cursor.id);
    pageConditions.push(cursorCondition(orders, cursorRow, cursor.direction));
  }
  // cursorBefore reads backwards from the cursor, then restores the requested order.
  const reverse = cursor?.direction === 'before';
  const rows = db
    .prepare(`SELECT * FROM ${page.table} ${whereClause(pageConditions)} ORDER BY ${orderClause(orders, reverse)} LIMIT ? OFFSET ?`)
    .all(...pageConditions.flatMap((condition) => condition.params), page.queries.limit, page.queries.offset) as Row[];
  if (reverse) rows.reverse();
  return { total, rows };
}
