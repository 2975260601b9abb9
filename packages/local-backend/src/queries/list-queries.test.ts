import { describe, expect, it } from 'vitest';
import { AppwriteError } from '../http/errors.ts';
import { parseListQueries, type ListAttribute } from './list-queries.ts';

const attributes: Readonly<Record<string, ListAttribute>> = {
  $id: { type: 'string' },
  $createdAt: { type: 'datetime' },
  name: { type: 'string' },
  size: { type: 'number' },
  enabled: { type: 'boolean' },
  labels: { type: 'string', array: true },
};

const q = (method: string, attribute?: string, values?: unknown[]): string => JSON.stringify({ method, attribute, values });
const parse = (...queries: unknown[]) => parseListQueries(queries, attributes);

function rejection(...queries: unknown[]): { code: number; type: string; message: string } {
  try {
    parse(...queries);
  } catch (error) {
    if (error instanceof AppwriteError) return { code: error.status, type: error.type, message: error.message };
    throw error;
  }
  throw new Error('the queries were accepted');
}

describe('parseListQueries', () => {
  it('defaults to the first 25 items', () => {
    expect(parse()).toEqual({ filters: [], orders: [], limit: 25, offset: 0, cursor: undefined });
  });

  it('reads paging and orders, keeping the first limit, offset and cursor as Appwrite does', () => {
    const parsed = parse(
      q('limit', undefined, [5]),
      q('limit', undefined, [9]),
      q('offset', undefined, [10]),
      q('offset', undefined, [20]),
      q('cursorBefore', undefined, ['a']),
      q('cursorAfter', undefined, ['b']),
      q('orderDesc', 'size'),
      q('orderAsc', '$id'),
    );
    expect(parsed.limit).toBe(5);
    expect(parsed.offset).toBe(10);
    expect(parsed.cursor).toEqual({ id: 'a', direction: 'before' });
    expect(parsed.orders.map(({ attribute, descending }) => ({ attribute, descending }))).toEqual([
      { attribute: 'size', descending: true },
      { attribute: '$id', descending: false },
    ]);
  });

  it('keeps filters with the attribute they apply to, and reads the old date methods as comparisons', () => {
    const parsed = parse(q('equal', 'name', ['a', 'b']), q('contains', 'labels', ['x']), q('createdAfter', undefined, ['2024-01-01T00:00:00.000Z']));
    expect(parsed.filters.map(({ method, attribute, values }) => ({ method, attribute, values }))).toEqual([
      { method: 'equal', attribute: 'name', values: ['a', 'b'] },
      { method: 'contains', attribute: 'labels', values: ['x'] },
      { method: 'greaterThan', attribute: '$createdAt', values: ['2024-01-01T00:00:00.000Z'] },
    ]);
    expect(parsed.filters[1]?.field).toBe(attributes.labels);
  });

  it("fails the queries param with Appwrite's error type and wording", () => {
    expect(rejection(q('limit', undefined, [0]))).toEqual({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `queries` param: Invalid query: Invalid limit: Value must be a valid range between 1 and 9,223,372,036,854,775,807',
    });
    expect(rejection('{nope').message).toBe('Invalid `queries` param: Invalid query: Syntax error');
    expect(rejection(q('equal', 'shoeSize', ['9'])).message).toMatch(/Attribute not found in schema: shoeSize$/);
    expect(rejection(q('search', 'name', ['x'])).message).toMatch(/Invalid query method: search$/);
    expect(rejection(q('constructor', 'name', ['x'])).message).toMatch(/Invalid query method: constructor$/);
    expect(rejection(q('cursorAfter', undefined, [''])).message).toMatch(/Cursor must be a valid id$/);
    expect(rejection(...Array.from({ length: 101 }, () => q('limit', undefined, [1]))).message).toMatch(/A maximum of 100 queries is allowed$/);
  });

  it('checks the number of values per method', () => {
    expect(rejection(q('equal', 'name', [])).message).toMatch(/Equal queries require at least one value\.$/);
    expect(rejection(q('notEqual', 'name', ['a', 'b'])).message).toMatch(/NotEqual queries require exactly one value\.$/);
    expect(rejection(q('lessThan', 'size', [])).message).toMatch(/LessThan queries require exactly one value\.$/);
    expect(rejection(q('between', 'size', [1])).message).toMatch(/Between queries require exactly two values\.$/);
    expect(parse(q('isNull', 'name')).filters).toHaveLength(1);
  });

  it('checks values against the attribute type', () => {
    expect(rejection(q('equal', 'enabled', ['true'])).message).toMatch(/Query value is invalid for attribute "enabled"$/);
    expect(rejection(q('greaterThan', 'size', ['5'])).message).toMatch(/Query value is invalid for attribute "size"$/);
    expect(rejection(q('lessThan', '$createdAt', ['yesterday'])).message).toMatch(/Query value is invalid for attribute "\$createdAt"$/);
    expect(rejection(q('startsWith', 'size', [1])).message).toMatch(/Query value is invalid for attribute "size"$/);
    expect(rejection(q('contains', 'size', [1])).message).toMatch(/Cannot query contains on attribute "size" because it is not an array or string\.$/);
  });

  it('allows only contains and null checks on an array attribute, and no order by it', () => {
    expect(rejection(q('equal', 'labels', ['x'])).message).toMatch(/Cannot query equal on attribute "labels" because it is an array\.$/);
    expect(rejection(q('orderAsc', 'labels')).message).toMatch(/Cannot order by an array attribute: labels$/);
  });
});
