import { errors } from '../../http/errors.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { normalizeDatetime } from '../schema/datetime.ts';
import { columnIdent, ftsTableName, quoteIdent, SYSTEM_COLUMNS } from '../schema/physical.ts';
import { ftsExpression } from './fulltext.ts';
import type { FilterQuery } from './parse.ts';
import type { FilterNode, OrderTerm } from './validate.ts';

/**
 * Compiles validated queries to SQL over the row table (alias `r`), so that filters, ordering and
 * cursors run in SQLite on its indexes. Comparison semantics follow the column collation: string
 * columns are `NOCASE` (see physical.ts), so `equal`, ranges and ordering on text ignore ASCII
 * case like Appwrite's MariaDB; `LIKE` (startsWith/endsWith/contains) is ASCII case-insensitive
 * too. Elements of array columns compare exactly (MariaDB's JSON comparison is binary as well).
 */

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

export const ALIAS = 'r';

function column(attribute: string): string {
  return `${ALIAS}.${columnIdent(attribute)}`;
}

/** A query value in the form stored in the row table. */
function bindValue(table: TableSchema, attribute: string, value: unknown): unknown {
  if (attribute === '$sequence') return Number(value);
  if (attribute === '$createdAt' || attribute === '$updatedAt') return normalizeDatetime(value);
  const kind = table.columnsByKey.get(attribute)?.kind;
  if (kind === 'boolean') return value === true ? 1 : value === false ? 0 : value;
  if (kind === 'datetime' && typeof value === 'string') return normalizeDatetime(value) ?? value;
  return value;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function placeholders(count: number): string {
  return new Array<string>(count).fill('?').join(', ');
}

function like(expression: string, negate: boolean, pattern: string): SqlFragment {
  return { sql: `${expression} ${negate ? 'NOT LIKE' : 'LIKE'} ? ESCAPE '\\'`, params: [pattern] };
}

function joined(parts: SqlFragment[], operator: 'AND' | 'OR'): SqlFragment {
  if (parts.length === 1) return parts[0] as SqlFragment;
  return { sql: `(${parts.map((part) => part.sql).join(` ${operator} `)})`, params: parts.flatMap((part) => part.params) };
}

function arrayHas(expression: string, values: unknown[]): SqlFragment {
  return { sql: `EXISTS (SELECT 1 FROM json_each(${expression}) WHERE value IN (${placeholders(values.length)}))`, params: values };
}

function search(table: TableSchema, query: FilterQuery, negate: boolean): SqlFragment {
  const index = table.indexes.find((candidate) => candidate.type === 'fulltext' && candidate.columns.length === 1 && candidate.columns[0] === query.attribute);
  const fts = quoteIdent(ftsTableName(table.seq, index?.seq ?? 0));
  const expression = ftsExpression(String(query.values[0] ?? ''));
  if (expression === undefined) return { sql: negate ? '1' : '0', params: [] };
  return { sql: `${ALIAS}._seq ${negate ? 'NOT IN' : 'IN'} (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`, params: [expression] };
}

function compileFilter(table: TableSchema, query: FilterQuery): SqlFragment {
  const expression = column(query.attribute);
  const isArray = table.columnsByKey.get(query.attribute)?.array ?? false;
  const values = query.values.map((value) => bindValue(table, query.attribute, value));
  const first = values[0];
  switch (query.method) {
    case 'equal':
      return values.length === 1 ? { sql: `${expression} = ?`, params: values } : { sql: `${expression} IN (${placeholders(values.length)})`, params: values };
    case 'notEqual':
      return { sql: `${expression} != ?`, params: [first] };
    case 'lessThan':
      return { sql: `${expression} < ?`, params: [first] };
    case 'lessThanEqual':
      return { sql: `${expression} <= ?`, params: [first] };
    case 'greaterThan':
      return { sql: `${expression} > ?`, params: [first] };
    case 'greaterThanEqual':
      return { sql: `${expression} >= ?`, params: [first] };
    case 'between':
      return { sql: `${expression} BETWEEN ? AND ?`, params: values };
    case 'notBetween':
      return { sql: `${expression} NOT BETWEEN ? AND ?`, params: values };
    case 'isNull':
      return { sql: `${expression} IS NULL`, params: [] };
    case 'isNotNull':
      return { sql: `${expression} IS NOT NULL`, params: [] };
    case 'startsWith':
    case 'notStartsWith':
      return like(expression, query.method === 'notStartsWith', `${escapeLike(String(first))}%`);
    case 'endsWith':
    case 'notEndsWith':
      return like(expression, query.method === 'notEndsWith', `%${escapeLike(String(first))}`);
    case 'contains':
    case 'containsAny':
      return isArray
        ? arrayHas(expression, values)
        : joined(
            values.map((value) => like(expression, false, `%${escapeLike(String(value))}%`)),
            'OR',
          );
    case 'containsAll':
      return isArray
        ? joined(
            values.map((value) => arrayHas(expression, [value])),
            'AND',
          )
        : joined(
            values.map((value) => like(expression, false, `%${escapeLike(String(value))}%`)),
            'AND',
          );
    case 'notContains': {
      if (!isArray)
        return joined(
          values.map((value) => like(expression, true, `%${escapeLike(String(value))}%`)),
          'AND',
        );
      const has = arrayHas(expression, values);
      // Like MariaDB's NOT JSON_OVERLAPS, an unset (NULL) array matches neither contains nor notContains.
      return { sql: `(${expression} IS NOT NULL AND NOT ${has.sql})`, params: has.params };
    }
    case 'search':
      return search(table, query, false);
    case 'notSearch':
      return search(table, query, true);
  }
}

function compileNode(table: TableSchema, node: FilterNode): SqlFragment {
  if (node.kind === 'filter') return compileFilter(table, node);
  const parts = node.queries.map((nested) => compileNode(table, nested as FilterNode));
  return joined(parts, node.method === 'and' ? 'AND' : 'OR');
}

/** The WHERE conditions of `filters` (top-level filters are AND-ed); `1` when there are none. */
export function compileFilters(table: TableSchema, filters: readonly FilterNode[]): SqlFragment {
  if (filters.length === 0) return { sql: '1', params: [] };
  const parts = filters.map((filter) => compileNode(table, filter));
  return { sql: parts.map((part) => part.sql).join(' AND '), params: parts.flatMap((part) => part.params) };
}

/** Appends utopia's `$sequence` tiebreak: in the leading direction after `$createdAt`/`$updatedAt`, else ascending. */
export function withTiebreak(orders: readonly OrderTerm[]): OrderTerm[] {
  if (orders.some((order) => order.attribute === '$id' || order.attribute === '$sequence')) return [...orders];
  const leading = orders[0];
  const direction = leading && (leading.attribute === '$createdAt' || leading.attribute === '$updatedAt') ? leading.direction : 'ASC';
  return [...orders, { attribute: '$sequence', direction }];
}

function flipped(direction: OrderTerm['direction'], flip: boolean): OrderTerm['direction'] {
  if (!flip || direction === 'RANDOM') return direction;
  return direction === 'ASC' ? 'DESC' : 'ASC';
}

/** ORDER BY for the orders; `flip` reverses every direction (cursorBefore reads backwards, then reverses). */
export function orderBySql(orders: readonly OrderTerm[], flip: boolean): string {
  return orders.map((order) => (order.direction === 'RANDOM' ? 'RANDOM()' : `${column(order.attribute)} ${flipped(order.direction, flip)}`)).join(', ');
}

/** The stored value of an order attribute in a raw row-table row. */
function storedValue(row: Record<string, unknown>, attribute: string): unknown {
  return row[SYSTEM_COLUMNS[attribute] ?? attribute];
}

/**
 * Rows strictly after the cursor row under the orders (utopia's keyset condition: for each order
 * term, equal on all earlier terms and beyond on this one). Null order values cannot be paged.
 */
export function cursorCondition(orders: readonly OrderTerm[], cursorRow: Record<string, unknown>, flip: boolean): SqlFragment {
  const terms = orders.filter((order) => order.direction !== 'RANDOM');
  for (const term of terms) {
    if (storedValue(cursorRow, term.attribute) === null) throw errors.orderNull(term.attribute);
  }
  const branches: SqlFragment[] = terms.map((term, i) => {
    const params: unknown[] = [];
    const parts: string[] = [];
    for (const previous of terms.slice(0, i)) {
      parts.push(`${column(previous.attribute)} = ?`);
      params.push(storedValue(cursorRow, previous.attribute));
    }
    parts.push(`${column(term.attribute)} ${flipped(term.direction, flip) === 'DESC' ? '<' : '>'} ?`);
    params.push(storedValue(cursorRow, term.attribute));
    return { sql: `(${parts.join(' AND ')})`, params };
  });
  const keyset = joined(branches, 'OR');
  const lead = terms[0];
  if (!lead || terms.length === 1) return keyset;
  // A bound on the leading term alone lets SQLite range-scan an index instead of testing every row.
  const bound = `${column(lead.attribute)} ${flipped(lead.direction, flip) === 'DESC' ? '<=' : '>='} ?`;
  return { sql: `${bound} AND ${keyset.sql}`, params: [storedValue(cursorRow, lead.attribute), ...keyset.params] };
}
