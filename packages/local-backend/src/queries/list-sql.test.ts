import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteError } from '../http/errors.ts';
import { parseListQueries } from './list-queries.ts';
import { columnAttributes, searchCondition, selectPage, type SqlCondition } from './list-sql.ts';

const ATTRIBUTES = columnAttributes({ name: 'string', size: 'number', enabled: 'boolean' });

interface ItemRow {
  seq: number;
  id: string;
  name: string;
  size: number;
  enabled: number;
  created_at: number;
}

const T0 = Date.parse('2024-05-01T00:00:00.000Z');
let db: Database.Database;

beforeAll(() => {
  db = new Database(':memory:');
  db.exec(`CREATE TABLE items (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, name TEXT NOT NULL,
    size INTEGER NOT NULL, enabled INTEGER NOT NULL, created_at INTEGER NOT NULL)`);
  const insert = db.prepare('INSERT INTO items (id, name, size, enabled, created_at) VALUES (?, ?, ?, ?, ?)');
  // i5 and i6 share a creation time: the tiebreak decides their order.
  const items: Array<[string, string, number, number, number]> = [
    ['i1', 'alpha report', 10, 1, T0],
    ['i2', 'beta_report', 20, 0, T0 + 1000],
    ['i3', 'gamma', 30, 1, T0 + 2000],
    ['i4', 'delta 100%', 40, 1, T0 + 3000],
    ['i5', 'epsilon', 50, 0, T0 + 4000],
    ['i6', 'zeta', 60, 1, T0 + 4000],
  ];
  for (const item of items) insert.run(...item);
});
afterAll(() => db.close());

const q = (method: string, attribute?: string, values?: unknown[]): string => JSON.stringify({ method, attribute, values });

function page(queries: string[], conditions: SqlCondition[] = [], includeTotal = true): { total: number; ids: string[] } {
  const { total, rows } = selectPage<ItemRow>(db, {
    table: 'items',
    conditions,
    queries: parseListQueries(queries, ATTRIBUTES),
    includeTotal,
    cursorRow: (id) => db.prepare('SELECT * FROM items WHERE id = ?').get(id) as Record<string, unknown> | undefined,
    cursorNotFound: (id) => new AppwriteError(400, 'general_cursor_not_found', `Item '${id}' for the 'cursor' value not found.`),
  });
  return { total, ids: rows.map((row) => row.id) };
}

describe('columnAttributes', () => {
  it('names each column after its attribute in snake_case and adds the system attributes', () => {
    expect(columnAttributes({ mimeType: 'string', sizeOriginal: 'number' })).toEqual({
      $id: { column: 'id', type: 'string' },
      $createdAt: { column: 'created_at', type: 'datetime' },
      $updatedAt: { column: 'updated_at', type: 'datetime' },
      mimeType: { column: 'mime_type', type: 'string' },
      sizeOriginal: { column: 'size_original', type: 'number' },
    });
  });
});

describe('selectPage', () => {
  it('lists in insertion order by default, counting all matches', () => {
    expect(page([q('limit', undefined, [2])])).toEqual({ total: 6, ids: ['i1', 'i2'] });
    expect(page([q('limit', undefined, [2])], [], false).total).toBe(0);
  });

  it('applies filters of every type', () => {
    expect(page([q('equal', 'enabled', [false])]).ids).toEqual(['i2', 'i5']);
    expect(page([q('notEqual', 'name', ['gamma']), q('greaterThanEqual', 'size', [30])]).ids).toEqual(['i4', 'i5', 'i6']);
    expect(page([q('between', 'size', [20, 40])]).ids).toEqual(['i2', 'i3', 'i4']);
    expect(page([q('lessThan', '$createdAt', ['2024-05-01T00:00:02.000Z'])]).ids).toEqual(['i1', 'i2']);
    expect(page([q('isNull', 'name')]).ids).toEqual([]);
  });

  it('treats LIKE wildcards in values literally', () => {
    expect(page([q('endsWith', 'name', ['_report'])]).ids).toEqual(['i2']);
    expect(page([q('contains', 'name', ['0%'])]).ids).toEqual(['i4']);
    expect(page([q('startsWith', 'name', ['a'])]).ids).toEqual(['i1']);
  });

  it('breaks ties on a descending time order newest-inserted first, and pages with cursors both ways', () => {
    const newest = [q('orderDesc', '$createdAt')];
    expect(page(newest).ids).toEqual(['i6', 'i5', 'i4', 'i3', 'i2', 'i1']);
    expect(page([...newest, q('limit', undefined, [2]), q('cursorAfter', undefined, ['i5'])]).ids).toEqual(['i4', 'i3']);
    expect(page([...newest, q('limit', undefined, [2]), q('cursorBefore', undefined, ['i3'])]).ids).toEqual(['i5', 'i4']);
  });

  it("keeps the resource's own conditions and search", () => {
    const searched = searchCondition('REPORT -x', ['id', 'name']);
    expect(searched).toBeDefined();
    expect(page([], [searched as SqlCondition]).ids).toEqual(['i1', 'i2']);
    expect(page([], [{ sql: 'size > ?', params: [45] }]).total).toBe(2);
    expect(searchCondition('  ', ['name'])).toBeUndefined();
  });

  it('refuses a cursor that does not exist', () => {
    expect(() => page([q('cursorAfter', undefined, ['nope'])])).toThrow("Item 'nope' for the 'cursor' value not found.");
  });
});

describe('array attributes', () => {
  it('match `contains` against whole items of the stored JSON array, never a part of one', () => {
    db.exec(`CREATE TABLE tagged (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, roles TEXT NOT NULL)`);
    const insert = db.prepare('INSERT INTO tagged (id, roles) VALUES (?, ?)');
    insert.run('m1', JSON.stringify(['owner', 'admin']));
    insert.run('m2', JSON.stringify(['administrator']));
    insert.run('m3', JSON.stringify([]));
    const attributes = { roles: { column: 'roles', type: 'string', array: true } } as const;
    const ids = (values: string[]) =>
      selectPage<{ id: string }>(db, {
        table: 'tagged',
        conditions: [],
        queries: parseListQueries([q('contains', 'roles', values)], attributes),
        includeTotal: false,
        cursorRow: () => undefined,
        cursorNotFound: (id) => new Error(id),
      }).rows.map((row) => row.id);
    expect(ids(['admin'])).toEqual(['m1']);
    expect(ids(['admin', 'administrator'])).toEqual(['m1', 'm2']);
    expect(ids(['min'])).toEqual([]);
  });
});
