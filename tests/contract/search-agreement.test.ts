import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, Query, Role } from 'appwrite';
import { TablesDB as AdminTablesDB, TablesDBIndexType } from 'node-appwrite';
import { matchesFulltext } from '../../packages/sdk/src/domain/fulltext.ts';
import { adminClient, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { schemaReady } from '../support/schema.ts';

/**
 * A listing reloaded from the server and a listing kept current by live updates must show the same
 * postings: the SDK's `matchesFulltext` (used on live events) must agree with the server's
 * `Query.search` on every text and search below, including the ones that tripped a plain substring
 * test (a search word inside a longer word, accents, case, punctuation, the prefix of the last word).
 */

const TEXTS = [
  'reading tutor for grade 9 students',
  'tutoring in math after school',
  'barista at the bean there cafe, oakville',
  'day camp counsellor, oakville',
  'Café helper — weekends',
  'tax clinic assistant (volunteer)',
  'e-commerce packing; part-time',
  'lifeguard at the community pool',
];

const SEARCHES = [
  'tutor',
  'tutoring',
  'tut',
  'barista oakville',
  'cafe',
  'CAFÉ',
  'camp',
  'clinic assist',
  'commerce',
  'part time',
  'pool lifeguard',
  'zebra',
  'the',
  'oak',
];

let backend: TestBackend;
const databaseId = cleanup.database(`search${uniqueSuffix()}`);
const base = { databaseId, tableId: 'postings' };

beforeAll(async () => {
  backend = await startTestBackend();
  const admin = new AdminTablesDB(adminClient(backend));
  await admin.create({ databaseId, name: 'Search' });
  await admin.createTable({ ...base, name: 'Postings', permissions: [Permission.read(Role.any())] });
  await admin.createTextColumn({ ...base, key: 'searchText', required: true });
  await schemaReady(admin, databaseId, base.tableId);
  await admin.createIndex({ ...base, key: 'ft_search', type: TablesDBIndexType.Fulltext, columns: ['searchText'] });
  await schemaReady(admin, databaseId, base.tableId);
  await admin.createRows({ ...base, rows: TEXTS.map((searchText, i) => ({ $id: `text-${i}`, searchText })) });
});
afterAll(() => backend.close());

describe('full-text search: the SDK matcher agrees with the server', () => {
  it.each(SEARCHES)('search %j', async (search) => {
    const { rows } = await openBrowser(backend).tablesDB.listRows({ ...base, queries: [Query.search('searchText', search), Query.limit(100)] });
    const fromServer = rows.map((row) => String(row.searchText)).sort();
    const fromMatcher = TEXTS.filter((text) => matchesFulltext(text, search)).sort();
    expect(fromMatcher).toEqual(fromServer);
  });

  it('distinguishes a whole word from a longer one, unlike a substring test', () => {
    expect(matchesFulltext('tutoring in math', 'tutor camp')).toBe(false);
    expect(matchesFulltext('tutoring in math', 'camp tutor')).toBe(true);
  });
});
