import { errors } from '../../http/errors.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { isStringKind, KEY_RULE, type ColumnKind } from '../schema/columns.ts';
import { normalizeDatetime } from '../schema/datetime.ts';
import { isInteger } from '../schema/numbers.ts';
import type { FilterQuery, LogicalQuery, Query } from './parse.ts';

/**
 * Checks parsed queries against a table schema with the messages of utopia-php's Documents
 * validator, and groups them into what a list needs: filters, selection, orders, page, cursor.
 */

export interface OrderTerm {
  attribute: string;
  direction: 'ASC' | 'DESC' | 'RANDOM';
}

export type FilterNode = FilterQuery | LogicalQuery;

export interface ListPlan {
  filters: FilterNode[];
  /** User column keys to return; undefined means every column. */
  select: string[] | undefined;
  orders: OrderTerm[];
  limit: number;
  offset: number;
  cursor: { direction: 'after' | 'before'; id: string } | undefined;
}

/** What a filter sees of an attribute: the column kind (system attributes map to one) and array-ness. */
interface AttributeInfo {
  kind: ColumnKind | 'sequence';
  array: boolean;
}

export const DEFAULT_LIMIT = 25;
const MAX_VALUES = 500;
const INT64_RANGE = '9,223,372,036,854,775,807';
const SYSTEM_ATTRIBUTES: Readonly<Record<string, AttributeInfo>> = {
  $id: { kind: 'string', array: false },
  $sequence: { kind: 'sequence', array: false },
  $createdAt: { kind: 'datetime', array: false },
  $updatedAt: { kind: 'datetime', array: false },
};
const SELECTABLE_SYSTEM = new Set(['$id', '$sequence', '$createdAt', '$updatedAt', '$permissions', '$tableId', '$databaseId', '$collection']);
const CONTAINS_FAMILY = new Set(['contains', 'containsAny', 'containsAll', 'notContains']);
const ARRAY_METHODS = new Set([...CONTAINS_FAMILY, 'isNull', 'isNotNull']);

function invalid(detail: string): never {
  throw errors.queryInvalid(`Invalid query: ${detail}`);
}

function attributeInfo(table: TableSchema, attribute: string): AttributeInfo | undefined {
  const system = SYSTEM_ATTRIBUTES[attribute];
  if (system) return system;
  const column = table.columnsByKey.get(attribute);
  return column && { kind: column.kind, array: column.array };
}

function valueFits(kind: AttributeInfo['kind'], value: unknown): boolean {
  switch (kind) {
    case 'sequence':
      return isInteger(value) || (typeof value === 'string' && /^\d+$/.test(value));
    case 'integer':
      return isInteger(value);
    case 'float':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'datetime':
      return normalizeDatetime(value) !== undefined;
    default:
      return typeof value === 'string';
  }
}

function ucfirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function checkValueCount(query: FilterQuery): void {
  const count = query.values.length;
  const method = query.method;
  if (['equal', ...CONTAINS_FAMILY].includes(method)) {
    if (count === 0) invalid(`${ucfirst(method)} queries require at least one value.`);
  } else if (method === 'between' || method === 'notBetween') {
    if (count !== 2) invalid(`${ucfirst(method)} queries require exactly two values.`);
  } else if (method !== 'isNull' && method !== 'isNotNull' && count !== 1) {
    invalid(`${ucfirst(method)} queries require exactly one value.`);
  }
}

function checkFilter(table: TableSchema, query: FilterQuery): void {
  checkValueCount(query);
  const info = attributeInfo(table, query.attribute);
  if (!info) invalid(`Attribute not found in schema: ${query.attribute}`);
  if (query.values.length > MAX_VALUES) invalid(`Query on attribute has greater than ${MAX_VALUES} values: ${query.attribute}`);
  const stringLike = info.kind !== 'sequence' && isStringKind(info.kind);
  for (const value of query.values) {
    if (!valueFits(info.kind, value)) invalid(`Query value is invalid for attribute "${query.attribute}"`);
  }
  if (!info.array && CONTAINS_FAMILY.has(query.method) && !stringLike) {
    invalid(
      `Cannot query ${query.method === 'notContains' ? 'notContains' : 'contains'} on attribute "${query.attribute}" because it is not an array, string, or object.`,
    );
  }
  if (info.array && !ARRAY_METHODS.has(query.method)) invalid(`Cannot query ${query.method} on attribute "${query.attribute}" because it is an array.`);
  if (query.method === 'search' || query.method === 'notSearch') {
    const indexed = table.indexes.some((index) => index.type === 'fulltext' && index.columns.length === 1 && index.columns[0] === query.attribute);
    if (!indexed) throw errors.queryInvalid(`Searching by attribute "${query.attribute}" requires a fulltext index.`);
  }
}

function checkNode(table: TableSchema, query: Query): FilterNode {
  if (query.kind === 'filter') {
    checkFilter(table, query);
    return query;
  }
  if (query.kind === 'logical') {
    if (query.queries.length < 2) invalid(`${ucfirst(query.method)} queries require at least two queries`);
    for (const nested of query.queries) {
      if (nested.kind !== 'filter' && nested.kind !== 'logical') invalid(`${ucfirst(query.method)} queries can only contain filter queries`);
      checkNode(table, nested);
    }
    return query;
  }
  invalid(`Invalid query method: ${query.method}`);
}

function checkSelect(table: TableSchema, values: unknown[]): string[] | undefined {
  if (values.length === 0) invalid('No attributes selected');
  for (const value of values) if (typeof value !== 'string') invalid(`Attribute selection must be a string, got ${typeof value}`);
  const names = values as string[];
  if (new Set(names).size !== names.length) invalid('Duplicate attributes selected');
  for (const name of names) {
    if (!SELECTABLE_SYSTEM.has(name) && name !== '*' && !table.columnsByKey.has(name)) invalid(`Attribute not found in schema: ${name}`);
  }
  return names.includes('*') ? undefined : names.filter((name) => table.columnsByKey.has(name));
}

function readNumber(values: unknown[], label: 'limit' | 'offset', min: number): number {
  const value = values[0];
  const numeric = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  // utopia's offset validator reports a non-numeric value as an invalid *limit*; kept verbatim.
  if (!Number.isFinite(numeric)) invalid('Invalid limit: Value must be a valid number');
  if (!Number.isInteger(numeric) || numeric < min) invalid(`Invalid ${label}: Value must be a valid range between ${min} and ${INT64_RANGE}`);
  return numeric;
}

/** Bulk writes without a `limit` query reach every matching row (SQLite's LIMIT -1). */
export const NO_LIMIT = -1;

/** The plan of a list request (or, with `NO_LIMIT`, of a bulk write); throws Appwrite's `general_query_invalid` errors. */
export function planList(table: TableSchema, queries: readonly Query[], defaultLimit = DEFAULT_LIMIT): ListPlan {
  const plan: ListPlan = { filters: [], select: undefined, orders: [], limit: defaultLimit, offset: 0, cursor: undefined };
  let limitSeen = false;
  let offsetSeen = false;
  for (const query of queries) {
    switch (query.kind) {
      case 'filter':
      case 'logical':
        plan.filters.push(checkNode(table, query));
        break;
      case 'select':
        plan.select = checkSelect(table, query.values);
        break;
      case 'order': {
        if (query.method === 'orderRandom') {
          plan.orders.push({ attribute: '', direction: 'RANDOM' });
          break;
        }
        const info = attributeInfo(table, query.attribute);
        if (!info) invalid(`Attribute not found in schema: ${query.attribute}`);
        plan.orders.push({ attribute: query.attribute, direction: query.method === 'orderAsc' ? 'ASC' : 'DESC' });
        break;
      }
      case 'limit':
        if (query.method === 'limit') {
          const limit = readNumber(query.values, 'limit', 1);
          if (!limitSeen) plan.limit = limit;
          limitSeen = true;
        } else {
          const offset = readNumber(query.values, 'offset', 0);
          if (!offsetSeen) plan.offset = offset;
          offsetSeen = true;
        }
        break;
      case 'cursor': {
        const id = query.values[0];
        if (typeof id !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/.test(id)) invalid(`Invalid cursor: ${KEY_RULE}`);
        plan.cursor ??= { direction: query.method === 'cursorAfter' ? 'after' : 'before', id };
        break;
      }
    }
  }
  return plan;
}

/** `getRow` accepts only `select` queries (utopia's Document queries validator). */
export function planSelect(table: TableSchema, queries: readonly Query[]): string[] | undefined {
  let select: string[] | undefined;
  for (const query of queries) {
    if (query.kind !== 'select') invalid(`Invalid query method: ${query.method}`);
    select = checkSelect(table, query.values);
  }
  return select;
}
