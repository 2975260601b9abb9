import { errors } from '../../http/errors.ts';
import { parseQueries, type Query } from '../queries/parse.ts';
import { DEFAULT_LIMIT } from '../queries/validate.ts';

/**
 * Lists of databases, tables, columns and indexes: a handful of records per project, so their
 * queries (filters on the documented fields, orders, limit, offset, cursor) and `search` are
 * evaluated over the models in memory. Rows never go through here.
 */

export interface MetadataListOptions {
  queries: unknown;
  search: string | undefined;
  includeTotal: boolean;
  /** Fields queries may name, besides `$id`, `$createdAt` and `$updatedAt`. */
  fields: readonly string[];
  /** Field the cursor id refers to (`$id`, or `key` for columns and indexes). */
  idField: string;
  /** Singular name in cursor errors: `Database 'x' for the 'cursor' value not found.` */
  resource: string;
}

type Model = Record<string, unknown>;

function invalid(detail: string): never {
  throw errors.queryInvalid(`Invalid query: ${detail}`);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return String(a).localeCompare(String(b), undefined, { numeric: typeof a === 'number' });
}

function matches(model: Model, query: Query): boolean {
  if (query.kind === 'logical') {
    return query.method === 'and' ? query.queries.every((nested) => matches(model, nested)) : query.queries.some((nested) => matches(model, nested));
  }
  if (query.kind !== 'filter') return true;
  const value = model[query.attribute];
  const [first, second] = query.values;
  const text = typeof value === 'string' ? value : '';
  switch (query.method) {
    case 'equal':
      return query.values.some((candidate) => candidate === value);
    case 'notEqual':
      return value !== null && value !== first;
    case 'lessThan':
      return compare(value, first) < 0;
    case 'lessThanEqual':
      return compare(value, first) <= 0;
    case 'greaterThan':
      return compare(value, first) > 0;
    case 'greaterThanEqual':
      return compare(value, first) >= 0;
    case 'between':
      return compare(value, first) >= 0 && compare(value, second) <= 0;
    case 'notBetween':
      return compare(value, first) < 0 || compare(value, second) > 0;
    case 'isNull':
      return value === null || value === undefined;
    case 'isNotNull':
      return value !== null && value !== undefined;
    case 'startsWith':
      return text.startsWith(String(first));
    case 'endsWith':
      return text.endsWith(String(first));
    case 'notStartsWith':
      return !text.startsWith(String(first));
    case 'notEndsWith':
      return !text.endsWith(String(first));
    case 'contains':
    case 'containsAny':
      return Array.isArray(value)
        ? query.values.some((candidate) => value.includes(candidate))
        : query.values.some((candidate) => text.includes(String(candidate)));
    case 'containsAll':
      return Array.isArray(value)
        ? query.values.every((candidate) => value.includes(candidate))
        : query.values.every((candidate) => text.includes(String(candidate)));
    case 'notContains':
      return Array.isArray(value)
        ? !query.values.some((candidate) => value.includes(candidate))
        : !query.values.some((candidate) => text.includes(String(candidate)));
    case 'search':
    case 'notSearch': {
      const words = String(first).toLowerCase().split(/\s+/).filter(Boolean);
      const found = words.some((word) => text.toLowerCase().includes(word));
      return query.method === 'search' ? found : !found;
    }
  }
}

export function listMetadata<T extends Model>(models: readonly T[], options: MetadataListOptions): { total: number; items: T[] } {
  const queries = parseQueries(options.queries);
  const allowed = new Set(['$id', '$createdAt', '$updatedAt', ...options.fields]);
  const check = (attribute: string) => {
    if (!allowed.has(attribute)) invalid(`Attribute not found in schema: ${attribute}`);
  };
  const visit = (query: Query) => {
    // The metadata lists' query validators have no selection: a param error, not a query error.
    if (query.kind === 'select') throw errors.argumentInvalid('Invalid `queries` param: Invalid query method: select');
    if (query.kind === 'filter') check(query.attribute);
    if (query.kind === 'logical') query.queries.forEach(visit);
    if (query.kind === 'order' && query.method !== 'orderRandom') check(query.attribute);
  };
  queries.forEach(visit);

  let items = models.filter((model) => queries.every((query) => matches(model, query)));
  if (options.search) {
    const term = options.search.toLowerCase();
    items = items.filter((model) => Object.values(model).some((value) => typeof value === 'string' && value.toLowerCase().includes(term)));
  }
  const orders = queries.flatMap((query) => (query.kind === 'order' && query.method !== 'orderRandom' ? [query] : []));
  if (orders.length > 0) {
    items = [...items].sort((a, b) => {
      for (const order of orders) {
        const result = compare(a[order.attribute], b[order.attribute]);
        if (result !== 0) return order.method === 'orderDesc' ? -result : result;
      }
      return 0;
    });
  }
  const total = options.includeTotal ? items.length : 0;

  const limit = queries.find((query) => query.kind === 'limit' && query.method === 'limit');
  const offset = queries.find((query) => query.kind === 'limit' && query.method === 'offset');
  const cursor = queries.find((query) => query.kind === 'cursor');
  let page = items;
  if (cursor && cursor.kind === 'cursor') {
    const id = cursor.values[0];
    const position = page.findIndex((model) => model[options.idField] === id);
    if (position === -1) throw errors.resourceCursorNotFound(options.resource, String(id));
    page = cursor.method === 'cursorAfter' ? page.slice(position + 1) : page.slice(0, position);
  }
  const size = limit && limit.kind === 'limit' ? Number(limit.values[0]) : DEFAULT_LIMIT;
  const skip = offset && offset.kind === 'limit' ? Number(offset.values[0]) : 0;
  if (!Number.isInteger(size) || size < 1) invalid('Invalid limit: Value must be a valid range between 1 and 9,223,372,036,854,775,807');
  if (!Number.isInteger(skip) || skip < 0) invalid('Invalid offset: Value must be a valid range between 0 and 9,223,372,036,854,775,807');
  if (cursor?.method === 'cursorBefore') page = page.slice(Math.max(0, page.length - skip - size), page.length - skip);
  else page = page.slice(skip, skip + size);
  return { total, items: page };
}
