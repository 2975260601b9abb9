import { describe, expect, it } from 'vitest';
import { matchesQueries, parseRealtimeQueries, RealtimeQueryError } from './queries.ts';

const q = (method: string, attribute?: string, values?: unknown[]) => JSON.stringify({ method, attribute, values });
const matches = (queries: string[], payload: Record<string, unknown>) => matchesQueries(parseRealtimeQueries(queries), payload);

describe('realtime queries', () => {
  const row = { status: 'open', count: 3, note: null, done: false };

  it('passes everything without queries or with select("*")', () => {
    expect(matches([], row)).toBe(true);
    expect(matches([q('equal', 'status', ['closed']), q('select', undefined, ['*'])], row)).toBe(true);
  });

  it('compares with strict equality and ANDs top-level queries', () => {
    expect(matches([q('equal', 'status', ['closed', 'open'])], row)).toBe(true);
    expect(matches([q('equal', 'count', ['3'])], row)).toBe(false);
    expect(matches([q('equal', 'done', [false]), q('notEqual', 'status', ['open'])], row)).toBe(false);
    expect(matches([q('greaterThan', 'count', [2]), q('lessThanEqual', 'count', [3])], row)).toBe(true);
  });

  it('treats missing attributes as no match and null checks literally', () => {
    expect(matches([q('isNull', 'note')], row)).toBe(true);
    expect(matches([q('isNotNull', 'note')], row)).toBe(false);
    expect(matches([q('notEqual', 'missing', ['x'])], row)).toBe(false);
    expect(matches([q('lessThan', 'note', [5])], row)).toBe(false);
  });

  it('nests and/or with object values', () => {
    const or = JSON.stringify({
      method: 'or',
      values: [
        { method: 'equal', attribute: 'status', values: ['closed'] },
        { method: 'isNull', attribute: 'note' },
      ],
    });
    expect(matches([or], row)).toBe(true);
    const and = JSON.stringify({
      method: 'and',
      values: [
        { method: 'equal', attribute: 'status', values: ['open'] },
        { method: 'greaterThan', attribute: 'count', values: [5] },
      ],
    });
    expect(matches([and], row)).toBe(false);
  });

  it('refuses methods realtime cannot evaluate, nested ones too, and select of columns', () => {
    expect(() => parseRealtimeQueries([q('search', 'title', ['milk'])])).toThrow(RealtimeQueryError);
    expect(() => parseRealtimeQueries([JSON.stringify({ method: 'or', values: [{ method: 'contains', attribute: 'tags', values: ['a'] }] })])).toThrow(
      "Query method 'contains' is not supported in Realtime queries.",
    );
    expect(() => parseRealtimeQueries([q('select', undefined, ['title'])])).toThrow('Only select("*") is allowed');
    expect(() => parseRealtimeQueries(['{oops'])).toThrow(RealtimeQueryError);
  });
});
