import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../auth/identity.ts';
import { EventBus } from '../../events/bus.ts';
import { Store } from '../../store/store.ts';
import { parseQueries } from '../queries/parse.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { TablesDb } from '../tables-db.ts';

/**
 * A list under rowSecurity takes one of two plans: few permitted rows drive the query from the
 * permission index; many are probed row by row in index order. Both must give the same answers.
 */

const STAFF_ROWS = 1100;
const OWN_ROWS = 20;
const key: Caller = { kind: 'key', keyKind: 'standard', roles: ['keys'] };
const owner: Caller = { kind: 'guest', roles: ['any', 'users', 'user:u1'] };
const staff: Caller = { kind: 'guest', roles: ['any', 'users', 'user:u2', 'label:staff'] };

let store: Store;
let engine: TablesDb;
let table: TableSchema;

beforeAll(() => {
  store = new Store({ memory: true });
  engine = new TablesDb({ store, bus: new EventBus() });
  const database = engine.catalog.createDatabase({ id: 'main', name: 'Main', enabled: true });
  table = engine.catalog.createTable(database, { id: 'notes', name: 'Notes', permissions: [], rowSecurity: true, enabled: true });
  table = engine.addColumn(table, { key: 'rank', kind: 'integer', required: true }).table;
  table = engine.addColumn(table, { key: 'group', kind: 'string', size: 10, required: true }).table;
  const items = Array.from({ length: STAFF_ROWS + OWN_ROWS }, (_, i) => ({
    id: `r${i}`,
    data: { rank: i % 7, group: i % 2 === 0 ? 'even' : 'odd' },
    permissions: [i < STAFF_ROWS ? 'read("label:staff")' : 'read("user:u1")'],
  }));
  engine.rows.createMany(table, key, items);
});
afterAll(() => store.close());

function list(caller: Caller, queries: string[]) {
  return engine.rows.list(table, caller, parseQueries(queries), true);
}

function ids(caller: Caller, queries: string[]): string[] {
  return list(caller, queries).rows.map((row) => String(row.$id));
}

/** What a list ordered by rank desc (ties by sequence) over the given row numbers must return. */
function expected(numbers: number[], filter: (i: number) => boolean): string[] {
  return numbers
    .filter(filter)
    .sort((a, b) => (b % 7) - (a % 7) || a - b)
    .map((i) => `r${i}`);
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe.each([
  ['few permitted rows (permission index drives)', owner, range(STAFF_ROWS, OWN_ROWS)],
  ['many permitted rows (rows probed in order)', staff, range(0, STAFF_ROWS)],
])('%s', (_label, caller, readable) => {
  const filters = ['{"method":"equal","attribute":"group","values":["even"]}', '{"method":"orderDesc","attribute":"rank"}'];

  it('returns only readable rows, ordered, with their total', () => {
    const want = expected(readable, (i) => i % 2 === 0);
    const page = list(caller, [...filters, '{"method":"limit","values":[10]}']);
    expect(page.rows.map((row) => row.$id)).toEqual(want.slice(0, 10));
    expect(page.total).toBe(want.length);
  });

  it('pages with a cursor under the order without skipping or repeating', () => {
    const want = expected(readable, (i) => i % 2 === 0);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const cursorQuery = cursor ? [`{"method":"cursorAfter","values":["${cursor}"]}`] : [];
      const page = ids(caller, [...filters, '{"method":"limit","values":[200]}', ...cursorQuery]);
      seen.push(...page);
      if (page.length < 200) break;
      cursor = page[page.length - 1];
    }
    expect(seen).toEqual(want);
  });
});

it('caps total at 5000 like Appwrite', () => {
  const many = Array.from({ length: 5000 }, (_, i) => ({ id: `extra${i}`, data: { rank: 1, group: 'odd' }, permissions: ['read("label:staff")'] }));
  engine.rows.createMany(table, key, many);
  expect(list(staff, ['{"method":"limit","values":[1]}']).total).toBe(5000);
  expect(list(key, ['{"method":"limit","values":[1]}']).total).toBe(5000);
});
