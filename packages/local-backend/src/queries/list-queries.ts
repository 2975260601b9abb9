import { errors } from '../http/errors.ts';

/**
 * The `queries[]` param of the list endpoints outside TablesDB (users, executions, buckets, files),
 * parsed and checked against the attributes a resource allows, the way Appwrite's per-resource
 * query validators do. A bad query fails the param: `general_argument_invalid`,
 * ``Invalid `queries` param: Invalid query: …``. TablesDB rows have their own, fuller engine in
 * `tablesdb/queries/`; this one knows no `and`/`or`, `select` or full-text `search`.
 */

export type ListValueType = 'string' | 'number' | 'boolean' | 'datetime';

/** What a resource says about one queryable attribute; resources extend it with their own mapping (a column, a field). */
export interface ListAttribute {
  type: ListValueType;
  array?: boolean;
}

export const LIST_FILTER_METHODS = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanEqual',
  'greaterThan',
  'greaterThanEqual',
  'between',
  'startsWith',
  'endsWith',
  'contains',
  'isNull',
  'isNotNull',
] as const;
export type ListFilterMethod = (typeof LIST_FILTER_METHODS)[number];

export interface ListFilter<A extends ListAttribute> {
  method: ListFilterMethod;
  attribute: string;
  field: A;
  /** Checked against `field.type`; datetimes are still ISO strings here. */
  values: unknown[];
}

export interface ListOrder<A extends ListAttribute> {
  attribute: string;
  field: A;
  descending: boolean;
}

export interface ListCursor {
  id: string;
  direction: 'after' | 'before';
}

export interface ListQueries<A extends ListAttribute> {
  filters: Array<ListFilter<A>>;
  orders: Array<ListOrder<A>>;
  limit: number;
  offset: number;
  cursor: ListCursor | undefined;
}

/** Appwrite's default page size for list endpoints. */
export const DEFAULT_LIMIT = 25;
const MAX_QUERIES = 100;
const MAX_QUERY_LENGTH = 4096;
const INT64_RANGE = '9,223,372,036,854,775,807';

/** Methods an array attribute accepts; every other filter on it is refused, as in Appwrite. */
const ARRAY_METHODS = new Set<string>(['contains', 'isNull', 'isNotNull']);
/** Older SDKs send these as methods of their own; they are comparisons on the system timestamps. */
const DATE_ALIASES: Record<string, { method: ListFilterMethod; attribute: string }> = {
  createdBefore: { method: 'lessThan', attribute: '$createdAt' },
  createdAfter: { method: 'greaterThan', attribute: '$createdAt' },
  updatedBefore: { method: 'lessThan', attribute: '$updatedAt' },
  updatedAfter: { method: 'greaterThan', attribute: '$updatedAt' },
};

interface RawQuery {
  method: string;
  attribute?: unknown;
  values: unknown[];
}

/** Fails the `queries` param with Appwrite's wording; resources use it for their own restrictions too. */
export function invalidQuery(detail: string): never {
  throw errors.argumentInvalid(`Invalid \`queries\` param: Invalid query: ${detail}`);
}

const ucfirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function parseOne(raw: unknown): RawQuery {
  if (typeof raw !== 'string' || raw.length > MAX_QUERY_LENGTH) invalidQuery(`Query must be a string of at most ${MAX_QUERY_LENGTH} chars`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    invalidQuery('Syntax error');
  }
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as RawQuery).method !== 'string') invalidQuery('Syntax error');
  const query = parsed as { method: string; attribute?: unknown; values?: unknown };
  if (query.values !== undefined && !Array.isArray(query.values)) invalidQuery(`Values of ${query.method} must be an array`);
  const alias = Object.hasOwn(DATE_ALIASES, query.method) ? DATE_ALIASES[query.method] : undefined;
  if (alias) return { method: alias.method, attribute: alias.attribute, values: query.values ?? [] };
  return { method: query.method, attribute: query.attribute, values: query.values ?? [] };
}

function fieldOf<A extends ListAttribute>(query: RawQuery, attributes: Readonly<Record<string, A>>): A {
  const attribute = typeof query.attribute === 'string' ? query.attribute : '';
  const field = Object.hasOwn(attributes, attribute) ? attributes[attribute] : undefined;
  if (!field) invalidQuery(`Attribute not found in schema: ${attribute}`);
  return field;
}

/** utopia's Range validator: integers (numeric strings too) from `min` up to int64. */
function rangeValue(query: RawQuery, min: number): number {
  const value = query.values[0];
  const numeric = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(numeric)) invalidQuery(`Invalid ${query.method}: Value must be a valid number`);
  if (!Number.isInteger(numeric) || numeric < min) invalidQuery(`Invalid ${query.method}: Value must be a valid range between ${min} and ${INT64_RANGE}`);
  return numeric;
}

function valueFits(type: ListValueType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
  }
}

function checkValueCount(method: ListFilterMethod, count: number): void {
  if (method === 'equal' || method === 'contains') {
    if (count === 0) invalidQuery(`${ucfirst(method)} queries require at least one value.`);
  } else if (method === 'between') {
    if (count !== 2) invalidQuery('Between queries require exactly two values.');
  } else if (method !== 'isNull' && method !== 'isNotNull' && count !== 1) {
    invalidQuery(`${ucfirst(method)} queries require exactly one value.`);
  }
}

function checkFilter<A extends ListAttribute>(method: ListFilterMethod, attribute: string, field: A, values: unknown[]): void {
  if (field.array && !ARRAY_METHODS.has(method)) invalidQuery(`Cannot query ${method} on attribute "${attribute}" because it is an array.`);
  if (method === 'contains' && !field.array && field.type !== 'string') {
    invalidQuery(`Cannot query contains on attribute "${attribute}" because it is not an array or string.`);
  }
  if ((method === 'startsWith' || method === 'endsWith') && field.type !== 'string') invalidQuery(`Query value is invalid for attribute "${attribute}"`);
  checkValueCount(method, values.length);
  if (values.some((value) => !valueFits(field.type, value))) invalidQuery(`Query value is invalid for attribute "${attribute}"`);
}

/**
 * Parses the SDK's query strings of a list request against the attributes the resource allows:
 * filters, `orderAsc`/`orderDesc`, `limit` (default 25), `offset`, `cursorAfter`/`cursorBefore`.
 * As in Appwrite, the first `limit`, `offset` and cursor count and later ones are ignored.
 */
export function parseListQueries<A extends ListAttribute>(rawQueries: readonly unknown[], attributes: Readonly<Record<string, A>>): ListQueries<A> {
  if (rawQueries.length > MAX_QUERIES) invalidQuery(`A maximum of ${MAX_QUERIES} queries is allowed`);
  const parsed: ListQueries<A> = { filters: [], orders: [], limit: DEFAULT_LIMIT, offset: 0, cursor: undefined };
  let limitSeen = false;
  let offsetSeen = false;
  for (const raw of rawQueries) {
    const query = parseOne(raw);
    const { method } = query;
    if (method === 'limit') {
      const limit = rangeValue(query, 1);
      if (!limitSeen) parsed.limit = limit;
      limitSeen = true;
    } else if (method === 'offset') {
      const offset = rangeValue(query, 0);
      if (!offsetSeen) parsed.offset = offset;
      offsetSeen = true;
    } else if (method === 'cursorAfter' || method === 'cursorBefore') {
      const id = query.values[0];
      if (typeof id !== 'string' || id === '') invalidQuery('Cursor must be a valid id');
      parsed.cursor ??= { id, direction: method === 'cursorAfter' ? 'after' : 'before' };
    } else if (method === 'orderAsc' || method === 'orderDesc') {
      const field = fieldOf(query, attributes);
      const attribute = query.attribute as string;
      if (field.array) invalidQuery(`Cannot order by an array attribute: ${attribute}`);
      parsed.orders.push({ attribute, field, descending: method === 'orderDesc' });
    } else if ((LIST_FILTER_METHODS as readonly string[]).includes(method)) {
      const field = fieldOf(query, attributes);
      const attribute = query.attribute as string;
      checkFilter(method as ListFilterMethod, attribute, field, query.values);
      parsed.filters.push({ method: method as ListFilterMethod, attribute, field, values: query.values });
    } else {
      invalidQuery(`Invalid query method: ${method}`);
    }
  }
  return parsed;
}
