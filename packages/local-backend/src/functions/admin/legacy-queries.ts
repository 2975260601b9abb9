import { formatAtLeast } from '../../http/context.ts';

/** Methods whose only argument is a value, not an attribute. */
const VALUE_METHODS = new Set(['limit', 'offset', 'cursorAfter', 'cursorBefore']);
const ATTRIBUTE_ONLY = new Set(['isNull', 'isNotNull', 'orderAsc', 'orderDesc']);
const LEGACY = /^(\w+)\((.*)\)$/s;

/**
 * Appwrite's request filter for clients before 1.5.0, which wrote queries as calls
 * (`equal("name", ["Test"])`, `limit(25)`): each becomes the JSON query of today. A query that is
 * already JSON, or that does not parse, is passed on for the query parser to judge.
 */
export function upgradeLegacyQueries(queries: readonly string[], format: string): string[] {
  if (formatAtLeast(format, '1.5.0')) return [...queries];
  return queries.map((query) => {
    const match = LEGACY.exec(query.trim());
    if (!match) return query;
    const [, method, args] = match as unknown as [string, string, string];
    let values: unknown[];
    try {
      values = JSON.parse(`[${args}]`) as unknown[];
    } catch {
      return query;
    }
    if (VALUE_METHODS.has(method)) return JSON.stringify({ method, values: values.slice(0, 1) });
    if (method === 'select') return JSON.stringify({ method, values: Array.isArray(values[0]) ? values[0] : values });
    if (ATTRIBUTE_ONLY.has(method)) return JSON.stringify({ method, attribute: values[0] ?? '' });
    const [attribute, ...rest] = values;
    const given = rest.length === 1 && Array.isArray(rest[0]) ? (rest[0] as unknown[]) : rest;
    return JSON.stringify({ method, attribute, values: given });
  });
}
