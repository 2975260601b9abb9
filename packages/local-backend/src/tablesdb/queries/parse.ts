import { errors } from '../../http/errors.ts';

/**
 * Query strings as the SDKs send them (JSON `{ method, attribute?, values? }`, one per `queries[]` entry;
 * https://appwrite.io/docs/products/databases/queries), parsed into a small AST. Parsing follows
 * utopia-php's `Query::parse` and its messages; checks against the table schema live in
 * `validate.ts`.
 */

export const FILTER_METHODS = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanEqual',
  'greaterThan',
  'greaterThanEqual',
  'between',
  'notBetween',
  'isNull',
  'isNotNull',
  'startsWith',
  'endsWith',
  'notStartsWith',
  'notEndsWith',
  'contains',
  'containsAny',
  'containsAll',
  'notContains',
  'search',
  'notSearch',
] as const;
export type FilterMethod = (typeof FILTER_METHODS)[number];

/** Methods utopia-php knows but this server does not evaluate (spatial, vector, regex, …). */
const UNSUPPORTED_METHODS = new Set([
  'regex',
  'exists',
  'notExists',
  'elemMatch',
  'distanceEqual',
  'distanceNotEqual',
  'distanceGreaterThan',
  'distanceLessThan',
  'vectorDot',
  'vectorCosine',
  'vectorEuclidean',
  'intersects',
  'notIntersects',
  'crosses',
  'notCrosses',
  'overlaps',
  'notOverlaps',
  'touches',
  'notTouches',
]);

export interface FilterQuery {
  kind: 'filter';
  method: FilterMethod;
  attribute: string;
  values: unknown[];
}

export interface LogicalQuery {
  kind: 'logical';
  method: 'and' | 'or';
  queries: Query[];
}

export type Query =
  | FilterQuery
  | LogicalQuery
  | { kind: 'select'; method: 'select'; values: unknown[] }
  | { kind: 'order'; method: 'orderAsc' | 'orderDesc' | 'orderRandom'; attribute: string }
  | { kind: 'limit'; method: 'limit' | 'offset'; values: unknown[] }
  | { kind: 'cursor'; method: 'cursorAfter' | 'cursorBefore'; values: unknown[] };

function invalid(message: string): never {
  throw errors.queryInvalid(message);
}

function typeName(value: unknown): string {
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'double';
  return typeof value;
}

/** Parses one decoded query object (nested `and`/`or` carry objects, top-level ones arrive as JSON text). */
export function parseQueryObject(input: unknown): Query {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) invalid(`Invalid query. Must be an array, got ${typeName(input)}`);
  const raw = input as Record<string, unknown>;
  const method = raw.method ?? '';
  const attribute = raw.attribute ?? '';
  const values = raw.values ?? [];
  if (typeof method !== 'string') invalid(`Invalid query method. Must be a string, got ${typeName(method)}`);
  if (typeof attribute !== 'string') invalid(`Invalid query attribute. Must be a string, got ${typeName(attribute)}`);
  if (!Array.isArray(values)) invalid(`Invalid query values. Must be an array, got ${typeName(values)}`);
  if ((FILTER_METHODS as readonly string[]).includes(method)) return { kind: 'filter', method: method as FilterMethod, attribute, values };
  switch (method) {
    case 'and':
    case 'or':
      return { kind: 'logical', method, queries: values.map((value) => parseQueryObject(typeof value === 'string' ? decode(value) : value)) };
    case 'select':
      return { kind: 'select', method, values };
    case 'orderAsc':
    case 'orderDesc':
    case 'orderRandom':
      return { kind: 'order', method, attribute };
    case 'limit':
    case 'offset':
      return { kind: 'limit', method, values };
    case 'cursorAfter':
    case 'cursorBefore':
      return { kind: 'cursor', method, values };
  }
  if (UNSUPPORTED_METHODS.has(method)) invalid(`Invalid query: Query method "${method}" is not supported by the local backend.`);
  invalid(`Invalid query method: ${method}`);
}

function decode(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    invalid('Invalid query: Syntax error');
  }
}

const MAX_QUERIES = 100;
const MAX_QUERY_LENGTH = 4096;

/** Reads the `queries` param (Appwrite's limits: ≤100 strings of ≤4096 chars) and parses each. */
export function parseQueries(input: unknown): Query[] {
  if (input === undefined || input === null) return [];
  const rule =
    'Invalid `queries` param: Value must a valid array no longer than 100 items and Value must be a valid string and at least 1 chars and no longer than 4096 chars';
  const list = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(list) || list.length > MAX_QUERIES) throw errors.argumentInvalid(rule);
  return list.map((text: unknown) => {
    if (typeof text !== 'string' || text.length < 1 || text.length > MAX_QUERY_LENGTH) throw errors.argumentInvalid(rule);
    return parseQueryObject(decode(text));
  });
}
