/**
 * Realtime subscription queries: a small filter language evaluated against each event
 * payload, with the semantics of Appwrite's `RuntimeQuery` (strict equality, top-level AND).
 */

const ALLOWED = ['equal', 'notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual', 'isNull', 'isNotNull', 'and', 'or', 'select'];

export type RealtimeQuery =
  { method: 'and' | 'or'; queries: RealtimeQuery[] } | { method: 'selectAll' } | { method: string; attribute: string; values: unknown[] };

export class RealtimeQueryError extends Error {}

/** Parses the query strings of one subscription; throws RealtimeQueryError with Appwrite's wording. */
export function parseRealtimeQueries(input: unknown): RealtimeQuery[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) throw new RealtimeQueryError('Queries must be an array.');
  return input.map((item) => {
    let decoded: unknown = item;
    if (typeof item === 'string') {
      try {
        decoded = JSON.parse(item);
      } catch {
        throw new RealtimeQueryError('Syntax error');
      }
    }
    return parseQuery(decoded);
  });
}

function parseQuery(decoded: unknown): RealtimeQuery {
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw new RealtimeQueryError('Invalid query.');
  const { method, attribute = '', values = [] } = decoded as Record<string, unknown>;
  if (typeof method !== 'string') throw new RealtimeQueryError('Invalid query method.');
  if (typeof attribute !== 'string') throw new RealtimeQueryError(`Invalid query attribute for ${method}.`);
  if (!Array.isArray(values)) throw new RealtimeQueryError(`Invalid query values for ${method}.`);
  if (!ALLOWED.includes(method)) {
    throw new RealtimeQueryError(`Query method '${method}' is not supported in Realtime queries. Allowed: ${ALLOWED.join(', ')}`);
  }
  if (method === 'select') {
    if (values.length !== 1 || values[0] !== '*') {
      throw new RealtimeQueryError('Only select("*") is allowed in Realtime queries. select("*") means "listen to all events".');
    }
    return { method: 'selectAll' };
  }
  if (method === 'and' || method === 'or') return { method, queries: values.map(parseQuery) };
  return { method, attribute, values };
}

/** True when the payload passes every query; `select("*")` anywhere, or no query, passes everything. */
export function matchesQueries(queries: readonly RealtimeQuery[], payload: Record<string, unknown>): boolean {
  if (queries.length === 0 || queries.some((query) => query.method === 'selectAll')) return true;
  return queries.every((query) => evaluate(query, payload));
}

function evaluate(query: RealtimeQuery, payload: Record<string, unknown>): boolean {
  if ('queries' in query) {
    return query.method === 'and' ? query.queries.every((sub) => evaluate(sub, payload)) : query.queries.some((sub) => evaluate(sub, payload));
  }
  if (!('attribute' in query) || !Object.hasOwn(payload, query.attribute)) return false;
  const value = payload[query.attribute];
  const targets = query.values;
  switch (query.method) {
    case 'equal':
      return targets.some((target) => value === target);
    case 'notEqual':
      return !targets.some((target) => value === target);
    case 'lessThan':
      return targets.some((target) => compare(value, target, (a, b) => a < b));
    case 'lessThanEqual':
      return targets.some((target) => compare(value, target, (a, b) => a <= b));
    case 'greaterThan':
      return targets.some((target) => compare(value, target, (a, b) => a > b));
    case 'greaterThanEqual':
      return targets.some((target) => compare(value, target, (a, b) => a >= b));
    case 'isNull':
      return value === null;
    case 'isNotNull':
      return value !== null;
    default:
      return false;
  }
}

type Comparable = number | string | boolean;

/** Orders numbers with numbers and strings with strings (ISO datetimes compare as text); null never matches. */
function compare(value: unknown, target: unknown, test: (a: Comparable, b: Comparable) => boolean): boolean {
  if (value === null || target === null) return false;
  if (typeof value === 'number' && typeof target === 'number') return test(value, target);
  if (typeof value === 'string' && typeof target === 'string') return test(value, target);
  if (typeof value === 'boolean' && typeof target === 'boolean') return test(value, target);
  return false;
}
