/**
 * TablesDB benchmark of the local backend, through the official node-appwrite SDK over HTTP, as an
 * application would see it. Prints, for 10k and 100k rows: the insert rate, a filtered and sorted
 * 25-row page (p50, p99) for an API key and for a signed-in user under row security, a full-text
 * `search` (p50), and the same page under 10 concurrent clients (requests/s).
 *
 *   pnpm bench            # both sizes
 *   pnpm bench 10000      # one size
 * Targets (issue 2): filtered sorted page p50 <= 5 ms at 100k rows; search p50 <= 25 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Account, Client, ID, OrderBy, Permission, Query, Role, TablesDB, TablesDBIndexType, Users } from 'node-appwrite';
import { startLocalBackend } from '@opportunity-kit/local-backend';
import { LOCATIONS, POSTING_TYPES } from '@opportunity-kit/sdk/domain';

// The spec's own posting types and locations, so the benchmark's rows look like the product's.
const TYPES = [...POSTING_TYPES];
const WORDS = [
  'barista',
  'tutor',
  'camp',
  'counsellor',
  'library',
  'assistant',
  'robotics',
  'coach',
  'garden',
  'volunteer',
  'cashier',
  'lifeguard',
  'coding',
  'mentor',
  'theatre',
  'kitchen',
  'animal',
  'shelter',
  'math',
  'science',
];
const IN_FLIGHT = 32;

function pick<T>(items: readonly T[], n: number): T {
  return items[n % items.length] as T;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function timeMany(times: number, call: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 20; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

async function run(rowCount: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ok-bench-'));
  const backend = await startLocalBackend({ dataDir, log: () => {} });
  try {
    const admin = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setKey(backend.apiKey);
    const tables = new TablesDB(admin);
    const databaseId = 'bench';
    const tableId = 'jobs';
    await tables.create({ databaseId, name: 'Bench' });
    await tables.createTable({ databaseId, tableId, name: 'Jobs', rowSecurity: true, permissions: [Permission.create(Role.users())] });
    await tables.createVarcharColumn({ databaseId, tableId, key: 'title', size: 200, required: true });
    await tables.createEnumColumn({ databaseId, tableId, key: 'postingType', elements: TYPES, required: true });
    await tables.createVarcharColumn({ databaseId, tableId, key: 'location', size: 100, required: true });
    await tables.createIntegerColumn({ databaseId, tableId, key: 'viewCount', required: false, min: 0, xdefault: 0 });
    await tables.createTextColumn({ databaseId, tableId, key: 'searchText', required: false });
    await tables.createIndex({
      databaseId,
      tableId,
      key: 'type_location_views',
      type: TablesDBIndexType.Key,
      columns: ['postingType', 'location', 'viewCount'],
      orders: [OrderBy.Asc, OrderBy.Asc, OrderBy.Desc],
    });
    await tables.createIndex({ databaseId, tableId, key: 'search', type: TablesDBIndexType.Fulltext, columns: ['searchText'] });

    let next = 0;
    const insertStart = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < rowCount) {
          const n = next++;
          const title = `${pick(WORDS, n * 7)} ${pick(WORDS, n * 13 + 3)} ${n}`;
          await tables.createRow({
            databaseId,
            tableId,
            rowId: ID.unique(),
            data: {
              title,
              postingType: pick(TYPES, n),
              location: pick(LOCATIONS, n * 3),
              viewCount: (n * 7919) % 1000,
              searchText: `${title} ${pick(LOCATIONS, n * 3)}`.toLowerCase(),
            },
            permissions: [Permission.read(Role.any())],
          });
        }
      }),
    );
    const insertSeconds = (performance.now() - insertStart) / 1000;

    const page = (client: TablesDB) => () =>
      client.listRows({
        databaseId,
        tableId,
        queries: [Query.equal('postingType', 'Gig'), Query.equal('location', 'Oakville'), Query.orderDesc('viewCount'), Query.limit(25)],
      });
    const keyPage = await timeMany(300, page(tables));

    const email = `bench-${Date.now()}@example.com`;
    await new Users(admin).create({ userId: ID.unique(), email, password: 'bench-password' });
    const session = await new Account(admin).createEmailPasswordSession({ email, password: 'bench-password' });
    const userTables = new TablesDB(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setSession(session.secret));
    const userPage = await timeMany(300, page(userTables));

    const search = await timeMany(200, () =>
      userTables.listRows({ databaseId, tableId, queries: [Query.search('searchText', 'robotics men'), Query.limit(25)] }),
    );

    let served = 0;
    const deadline = performance.now() + 5000;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const client = new TablesDB(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setSession(session.secret));
        while (performance.now() < deadline) {
          await page(client)();
          served++;
        }
      }),
    );

    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(`\n${rowCount.toLocaleString('en-US')} rows`);
    console.log(`  insert rate (createRow over HTTP, ${IN_FLIGHT} in flight): ${Math.round(rowCount / insertSeconds).toLocaleString('en-US')} rows/s`);
    console.log(`  filtered + sorted 25-row page, API key:         p50 ${ms(keyPage.p50)}  p99 ${ms(keyPage.p99)}`);
    console.log(`  filtered + sorted 25-row page, user, row security: p50 ${ms(userPage.p50)}  p99 ${ms(userPage.p99)}`);
    console.log(`  search (fulltext, 2 words, last one a prefix):  p50 ${ms(search.p50)}  p99 ${ms(search.p99)}`);
    console.log(`  same page, 10 concurrent clients:               ${Math.round(served / 5).toLocaleString('en-US')} requests/s`);
  } finally {
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
for (const size of sizes.length ? sizes : [10_000, 100_000]) await run(size);
