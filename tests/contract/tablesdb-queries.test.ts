import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Permission, Query, Role, type Models } from 'appwrite';
import { TablesDB as AdminTablesDB, TablesDBIndexType } from 'node-appwrite';
import { adminClient, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { schemaReady } from '../support/schema.ts';

interface Item {
  name: string;
  category: 'fruit' | 'veg' | 'grain' | null;
  price: number | null;
  stock: number | null;
  available: boolean | null;
  tags: string[] | null;
  description: string | null;
  harvested: string | null;
  code: string;
}

/** Twenty rows, `i01`…`i20`; names sort in id order, and some values are null or empty on purpose. */
// prettier-ignore
const ITEMS: Item[] = [
  { name: 'Apple', category: 'fruit', price: 1.5, stock: 10, available: true, tags: ['red', 'sweet'], description: 'Crisp red apple from the orchard', harvested: '2026-01-01', code: 'A-100' },
  { name: 'Banana', category: 'fruit', price: 0.5, stock: 0, available: true, tags: ['yellow', 'sweet'], description: 'Ripe yellow banana', harvested: '2026-01-02', code: 'B-200' },
  { name: 'Carrot', category: 'veg', price: 0.8, stock: 25, available: true, tags: ['orange'], description: 'Crunchy orange carrot', harvested: '2026-01-03', code: 'C-300' },
  { name: 'Date', category: 'fruit', price: 3.0, stock: null, available: false, tags: ['sweet', 'dried'], description: 'Dried date palm fruit', harvested: null, code: 'D-400' },
  { name: 'Eggplant', category: 'veg', price: 2.2, stock: 5, available: true, tags: [], description: 'Purple eggplant for grilling', harvested: '2026-01-05', code: 'E-500' },
  { name: 'Fig', category: 'fruit', price: null, stock: 7, available: null, tags: ['purple'], description: 'Fresh fig', harvested: '2026-01-06', code: 'F-600' },
  { name: 'Garlic', category: 'veg', price: 0.3, stock: 100, available: true, tags: ['white', 'pungent'], description: 'Garlic bulb, pungent and strong', harvested: '2026-01-07', code: 'G-700' },
  { name: 'Honeydew', category: 'fruit', price: 4.5, stock: 3, available: true, tags: ['green', 'sweet'], description: 'Honeydew melon, very sweet', harvested: '2026-01-08', code: 'H-800' },
  { name: 'Iceberg', category: 'veg', price: 1.2, stock: 12, available: false, tags: ['green'], description: 'Iceberg lettuce head', harvested: '2026-01-09', code: 'I-900' },
  { name: 'Jalapeno', category: 'veg', price: 0.2, stock: 50, available: true, tags: ['green', 'hot'], description: 'Hot jalapeno pepper', harvested: '2026-01-10', code: 'J-100' },
  { name: 'Kale', category: 'veg', price: 2.0, stock: 0, available: true, tags: ['green'], description: 'Curly kale leaves', harvested: '2026-01-11', code: 'K-200' },
  { name: 'Lemon', category: 'fruit', price: 0.6, stock: 40, available: true, tags: ['yellow', 'sour'], description: 'Sour lemon for tea', harvested: '2026-01-12', code: 'L-300' },
  { name: 'Mango', category: 'fruit', price: 1.8, stock: 8, available: true, tags: ['orange', 'sweet'], description: 'Sweet mango from the tropics', harvested: '2026-01-13', code: 'M-400' },
  { name: 'Nectarine', category: 'fruit', price: 1.1, stock: null, available: true, tags: ['orange'], description: null, harvested: '2026-01-14', code: 'N-500' },
  { name: 'Oat', category: 'grain', price: 0.9, stock: 200, available: true, tags: [], description: 'Rolled oat flakes', harvested: '2026-01-15', code: 'O-600' },
  { name: 'Pear', category: 'fruit', price: 1.3, stock: 15, available: false, tags: ['green', 'sweet'], description: 'Juicy pear', harvested: '2026-01-16', code: 'P-700' },
  { name: 'Quinoa', category: 'grain', price: 5.0, stock: 30, available: true, tags: ['protein'], description: 'Quinoa seeds, high protein', harvested: '2026-01-17', code: 'Q-800' },
  { name: 'Rice', category: 'grain', price: 1.0, stock: 500, available: true, tags: [], description: 'White rice grain', harvested: '2026-01-18', code: 'R-900' },
  { name: 'Spinach', category: 'veg', price: 2.5, stock: 9, available: true, tags: ['green'], description: 'Baby spinach leaves', harvested: '2026-01-19', code: 'S-100' },
  { name: 'Tomato', category: null, price: null, stock: null, available: null, tags: null, description: 'Red tomato, juicy and ripe', harvested: null, code: 'T_200' },
];
const id = (n: number) => `i${String(n).padStart(2, '0')}`;
const ALL = ITEMS.map((_, i) => id(i + 1));
const ids = (...numbers: number[]) => numbers.map(id);

let backend: TestBackend;
let guest: TestBrowser;
const databaseId = cleanup.database(`queries${uniqueSuffix()}`);
const tableId = 'items';
const base = { databaseId, tableId };

beforeAll(async () => {
  backend = await startTestBackend();
  const admin = new AdminTablesDB(adminClient(backend));
  await admin.create({ databaseId, name: 'Queries' });
  await admin.createTable({ ...base, name: 'Items', permissions: [Permission.read(Role.any())] });
  await admin.createStringColumn({ ...base, key: 'name', size: 50, required: true });
  await admin.createEnumColumn({ ...base, key: 'category', elements: ['fruit', 'veg', 'grain'], required: false });
  await admin.createFloatColumn({ ...base, key: 'price', required: false });
  await admin.createIntegerColumn({ ...base, key: 'stock', required: false });
  await admin.createBooleanColumn({ ...base, key: 'available', required: false });
  await admin.createStringColumn({ ...base, key: 'tags', size: 20, required: false, array: true });
  await admin.createStringColumn({ ...base, key: 'description', size: 500, required: false });
  await admin.createDatetimeColumn({ ...base, key: 'harvested', required: false });
  await admin.createStringColumn({ ...base, key: 'code', size: 20, required: true });
  await schemaReady(admin, databaseId, tableId);
  await admin.createIndex({ ...base, key: 'ft_description', type: TablesDBIndexType.Fulltext, columns: ['description'] });
  await admin.createIndex({ ...base, key: 'by_price', type: TablesDBIndexType.Key, columns: ['price'] });
  await schemaReady(admin, databaseId, tableId);
  // Bulk create (API key): `$id` and, for a key, `$createdAt` travel inside each row.
  const created = await admin.createRows({
    ...base,
    rows: ITEMS.map((item, i) => ({ $id: id(i + 1), $createdAt: `2026-02-${String(i + 1).padStart(2, '0')}T12:00:00.000+00:00`, ...item })),
  });
  expect(created.total).toBe(20);
  guest = openBrowser(backend);
});
afterAll(() => backend.close());

async function list(queries: string[], total?: boolean): Promise<Models.RowList<Models.DefaultRow>> {
  return guest.tablesDB.listRows({ ...base, queries, ...(total === undefined ? {} : { total }) });
}

async function idsOf(queries: string[]): Promise<string[]> {
  return (await list(queries)).rows.map((row) => row.$id);
}

async function queryError(queries: string[]): Promise<AppwriteException> {
  const error = await list(queries).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppwriteException);
  return error as AppwriteException;
}

describe('filters', () => {
  it.each([
    ['equal', [Query.equal('category', 'fruit')], ids(1, 2, 4, 6, 8, 12, 13, 14, 16)],
    ['equal with several values', [Query.equal('category', ['grain', 'veg'])], ids(3, 5, 7, 9, 10, 11, 15, 17, 18, 19)],
    ['equal ignores case, like MariaDB', [Query.equal('name', 'apple')], ids(1)],
    ['equal on a boolean', [Query.equal('available', false)], ids(4, 9, 16)],
    ['equal with a space in the value', [Query.equal('description', 'Juicy pear')], ids(16)],
    ['notEqual skips nulls', [Query.notEqual('category', 'fruit')], ids(3, 5, 7, 9, 10, 11, 15, 17, 18, 19)],
    ['lessThan', [Query.lessThan('price', 1)], ids(2, 3, 7, 10, 12, 15)],
    ['lessThanEqual', [Query.lessThanEqual('price', 1)], ids(2, 3, 7, 10, 12, 15, 18)],
    ['greaterThan', [Query.greaterThan('price', 3)], ids(8, 17)],
    ['greaterThanEqual', [Query.greaterThanEqual('price', 3)], ids(4, 8, 17)],
    ['between is inclusive', [Query.between('stock', 10, 50)], ids(1, 3, 9, 10, 12, 16, 17)],
    ['notBetween', [Query.notBetween('stock', 1, 500)], ids(2, 11)],
    ['isNull', [Query.isNull('price')], ids(6, 20)],
    ['isNotNull', [Query.isNotNull('category')], ALL.slice(0, 19)],
    ['startsWith ignores case', [Query.startsWith('code', 'a-')], ids(1)],
    ['startsWith escapes LIKE wildcards', [Query.startsWith('code', 'T_')], ids(20)],
    ['endsWith', [Query.endsWith('code', '-100')], ids(1, 10, 19)],
    ['notStartsWith', [Query.notStartsWith('name', 'c')], ALL.filter((value) => value !== 'i03')],
    ['notEndsWith', [Query.notEndsWith('name', 'e')], ALL.filter((value) => !['i01', 'i04', 'i11', 'i14', 'i18'].includes(value))],
    ['contains on a string is a substring match', [Query.contains('description', 'orchard')], ids(1)],
    ['contains escapes wildcards', [Query.contains('code', '_')], ids(20)],
    ['contains on an array matches elements', [Query.contains('tags', 'sweet')], ids(1, 2, 4, 8, 13, 16)],
    ['contains any of several elements', [Query.contains('tags', ['hot', 'sour'])], ids(10, 12)],
    ['containsAny', [Query.containsAny('tags', ['dried', 'protein'])], ids(4, 17)],
    ['containsAll', [Query.containsAll('tags', ['green', 'sweet'])], ids(8, 16)],
    ['notContains (unset arrays match neither)', [Query.notContains('tags', 'green')], ids(1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 17, 18)],
    ['and', [Query.and([Query.equal('category', 'fruit'), Query.lessThan('stock', 5)])], ids(2, 8)],
    ['or', [Query.or([Query.equal('category', 'grain'), Query.greaterThan('price', 4)])], ids(8, 15, 17, 18)],
    ['nested or/and', [Query.or([Query.and([Query.equal('category', 'fruit'), Query.lessThan('price', 1)]), Query.isNull('category')])], ids(2, 12, 20)],
    ['top-level filters are AND-ed', [Query.equal('category', 'veg'), Query.equal('available', true), Query.greaterThan('stock', 10)], ids(3, 7, 10)],
    ['$id', [Query.equal('$id', ['i03', 'i05'])], ids(3, 5)],
    ['$createdAt (createdAfter)', [Query.createdAfter('2026-02-18T00:00:00.000+00:00')], ids(18, 19, 20)],
    ['$createdAt (createdBetween)', [Query.createdBetween('2026-02-02T00:00:00.000Z', '2026-02-03T23:59:59.999Z')], ids(2, 3)],
    ['$updatedAt', [Query.updatedBefore('2000-01-01T00:00:00.000Z')], []],
    ['datetime columns compare as instants', [Query.greaterThan('harvested', '2026-01-18T01:00:00+02:00')], ids(18, 19)],
  ])('%s', async (_label, queries, expected) => {
    expect(await idsOf([...queries, Query.limit(100)])).toEqual(expected);
  });

  it('filters on $sequence', async () => {
    const row = await guest.tablesDB.getRow({ ...base, rowId: 'i18' });
    expect(await idsOf([Query.greaterThan('$sequence', Number(row.$sequence))])).toEqual(ids(19, 20));
  });
});

describe('search', () => {
  it.each([
    ['one word', 'sweet', ids(8, 13)],
    ['the last word is a prefix', 'jui', ids(16, 20)],
    ['words are OR-ed', 'lettuce rice', ids(9, 18)],
    ['words without quotes match separately', 'red apple', ids(1, 20)],
    ['a quoted value is one phrase', '"red apple"', ids(1)],
    ['a quoted phrase with spaces', '"very sweet"', ids(8)],
    ['operator characters become spaces', '+crisp -orchard*', ids(1)],
    ['only operators match nothing', '()', []],
  ])('%s', async (_label, value, expected) => {
    expect(await idsOf([Query.search('description', value)])).toEqual(expected);
  });

  it('notSearch keeps rows without the words, including unset ones', async () => {
    expect(await idsOf([Query.notSearch('description', 'sweet')])).toEqual(ALL.filter((value) => !['i08', 'i13'].includes(value)));
  });

  it('needs a fulltext index on exactly that column', async () => {
    const error = await queryError([Query.search('name', 'apple')]);
    expect([error.code, error.type, error.message]).toEqual([400, 'general_query_invalid', 'Searching by attribute "name" requires a fulltext index.']);
  });
});

describe('select, order and paging', () => {
  it('selects columns and keeps the system fields', async () => {
    const { rows } = await list([Query.select(['name', 'price']), Query.limit(1)]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      '$createdAt',
      '$databaseId',
      '$id',
      '$permissions',
      '$sequence',
      '$tableId',
      '$updatedAt',
      'name',
      'price',
    ]);
  });

  it('orders ascending with nulls first and descending with nulls last, ties by $sequence', async () => {
    expect(await idsOf([Query.orderAsc('price')])).toEqual(ids(6, 20, 10, 7, 2, 12, 3, 15, 18, 14, 9, 16, 1, 13, 11, 5, 19, 4, 8, 17));
    expect(await idsOf([Query.orderDesc('category')])).toEqual(ids(3, 5, 7, 9, 10, 11, 19, 15, 17, 18, 1, 2, 4, 6, 8, 12, 13, 14, 16, 20));
    expect(await idsOf([Query.equal('category', 'fruit'), Query.orderAsc('category'), Query.orderDesc('price')])).toEqual(ids(8, 4, 13, 1, 16, 14, 12, 2, 6));
    expect(await idsOf([Query.orderDesc('$createdAt')])).toEqual([...ALL].reverse());
    expect(await idsOf([Query.orderDesc('name')])).toEqual([...ALL].reverse());
    expect((await idsOf([Query.orderRandom()])).sort()).toEqual(ALL);
  });

  it('pages with limit (default 25) and offset', async () => {
    expect(await idsOf([])).toEqual(ALL);
    expect(await idsOf([Query.limit(5), Query.offset(5)])).toEqual(ids(6, 7, 8, 9, 10));
  });

  it('counts all matches in total, and reports 0 with total=false', async () => {
    const page = await list([Query.equal('category', 'fruit'), Query.limit(2)]);
    expect([page.total, page.rows.length]).toEqual([9, 2]);
    const uncounted = await list([Query.equal('category', 'fruit'), Query.limit(2)], false);
    expect([uncounted.total, uncounted.rows.length]).toEqual([0, 2]);
  });

  it('walks forwards with cursorAfter and backwards with cursorBefore under an order with ties', async () => {
    const order = [Query.isNotNull('category'), Query.orderAsc('category')];
    const expected = ids(1, 2, 4, 6, 8, 12, 13, 14, 16, 15, 17, 18, 3, 5, 7, 9, 10, 11, 19);
    const forward: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await idsOf([...order, Query.limit(4), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
      forward.push(...page);
      if (page.length < 4) break;
      cursor = page[page.length - 1];
    }
    expect(forward).toEqual(expected);

    const backward: string[] = [];
    cursor = expected[expected.length - 1];
    backward.unshift(cursor as string);
    for (;;) {
      const page = await idsOf([...order, Query.limit(4), Query.cursorBefore(cursor as string)]);
      backward.unshift(...page);
      if (page.length < 4) break;
      cursor = page[0];
    }
    expect(backward).toEqual(expected);
  });

  it('pages by name descending and rejects unknown cursors and null order values', async () => {
    expect(await idsOf([Query.orderDesc('name'), Query.cursorAfter('i05'), Query.limit(3)])).toEqual(ids(4, 3, 2));
    expect(await idsOf([Query.orderDesc('name'), Query.cursorBefore('i05'), Query.limit(3)])).toEqual(ids(8, 7, 6));
    const missing = await queryError([Query.cursorAfter('nope')]);
    expect([missing.code, missing.type, missing.message]).toEqual([400, 'general_cursor_not_found', "Row 'nope' for the 'cursor' value not found."]);
    const nullOrder = await queryError([Query.orderAsc('price'), Query.cursorAfter('i06')]);
    expect([nullOrder.code, nullOrder.type]).toEqual([400, 'database_query_order_null']);
  });

  it('accepts more than 20 queries in one call', async () => {
    const queries = [
      ...ITEMS.slice(0, 18).map((item) => Query.notEqual('name', item.name)),
      Query.isNotNull('name'),
      Query.notEqual('code', 'none'),
      Query.orderAsc('name'),
      Query.limit(10),
    ];
    expect(queries.length).toBe(22);
    expect(await idsOf(queries)).toEqual(ids(19, 20));
  });
});

describe('invalid queries', () => {
  it.each([
    ['an unknown attribute', [Query.equal('nope', 'x')], 'Invalid query: Attribute not found in schema: nope'],
    ['a value of the wrong type', [Query.equal('price', 'cheap')], 'Invalid query: Query value is invalid for attribute "price"'],
    ['a scalar method on an array', [Query.equal('tags', 'red')], 'Invalid query: Cannot query equal on attribute "tags" because it is an array.'],
    [
      'contains on a number',
      [Query.contains('stock', [1])],
      'Invalid query: Cannot query contains on attribute "stock" because it is not an array, string, or object.',
    ],
    ['equal without values', [Query.equal('name', [])], 'Invalid query: Equal queries require at least one value.'],
    ['an unknown order attribute', [Query.orderAsc('nope')], 'Invalid query: Attribute not found in schema: nope'],
    ['an unknown selected column', [Query.select(['nope'])], 'Invalid query: Attribute not found in schema: nope'],
    ['a query that is not JSON', ['{not json'], 'Invalid query: Syntax error'],
    ['an unknown method', ['{"method":"sortOf","attribute":"name"}'], 'Invalid query method: sortOf'],
  ])('rejects %s with general_query_invalid', async (_label, queries, message) => {
    const error = await queryError(queries);
    expect([error.code, error.type, error.message]).toEqual([400, 'general_query_invalid', message]);
  });
});
