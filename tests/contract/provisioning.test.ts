import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Query, TablesDB } from 'node-appwrite';
import type { AppwriteProjectConfig, TableConfig } from '../../packages/local-backend/src/provisioning/config.ts';
import { ConfigRefusedError, isUnchanged, provisionTables } from '../../packages/local-backend/src/provisioning/provision-tables.ts';
import { adminClient, describeLocal, startTestBackend, type TestBackend } from '../support/backend.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/provisioning/appwrite.config.json');
const fixture = (): AppwriteProjectConfig => JSON.parse(readFileSync(FIXTURE, 'utf8')) as AppwriteProjectConfig;

let projectRoot: string;
let backend: TestBackend;
let db: TablesDB;

function writeConfig(config: AppwriteProjectConfig): void {
  writeFileSync(join(projectRoot, 'appwrite.config.json'), JSON.stringify(config, null, 2));
}

/** Restarts the server on the same data folder; provisioning runs again. */
async function restart(): Promise<void> {
  await backend.restart();
}

/** The refusal a provisioning run ends with (fails the test when it applies instead). */
function refusal(run: () => unknown): ConfigRefusedError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigRefusedError);
    return error as ConfigRefusedError;
  }
  throw new Error('the config was applied, not refused');
}

function services() {
  if (!backend.local) throw new Error('provisioning runs in the local backend');
  return backend.local.services;
}

beforeAll(async () => {
  projectRoot = mkdtempSync(join(tmpdir(), 'ok-provisioning-'));
  writeConfig(fixture());
  backend = await startTestBackend({ persistent: true, projectRoot });
  db = new TablesDB(adminClient(backend));
});
afterAll(async () => {
  await backend.close();
  rmSync(projectRoot, { recursive: true, force: true });
});

// Local only: the local backend provisions itself from a config file on start and on restart; on
// Appwrite the CLI's `appwrite push` does that, outside the server.
describeLocal('provisioning from appwrite.config.json', () => {
  it('creates the databases, tables, columns and indexes on start', async () => {
    expect(await db.get({ databaseId: 'portal' })).toMatchObject({ $id: 'portal', name: 'Portal', enabled: true });
    const jobs = await db.getTable({ databaseId: 'portal', tableId: 'jobs' });
    expect(jobs).toMatchObject({ name: 'Jobs', rowSecurity: true, enabled: true, $permissions: ['read("any")', 'create("users")'] });
    expect(jobs.columns.map((column) => [column.key, column.type])).toEqual([
      ['title', 'string'],
      ['postingType', 'string'],
      ['hourlyRate', 'double'],
      ['visible', 'boolean'],
      ['contactEmail', 'string'],
      ['companyWebsite', 'string'],
      ['startDate', 'datetime'],
      ['viewCount', 'integer'],
      ['tags', 'string'],
    ]);
    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'postingType' })).toMatchObject({
      format: 'enum',
      elements: ['Job', 'Gig', 'Enrichment', 'Volunteering'],
      required: true,
    });
    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'contactEmail' })).toMatchObject({ format: 'email' });
    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'hourlyRate' })).toMatchObject({ min: 0, max: 1000 });
    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'tags' })).toMatchObject({ array: true, size: 40 });
    expect(jobs.indexes.map((index) => [index.key, index.type, index.columns])).toEqual([
      ['ft_title', 'fulltext', ['title']],
      ['by_type', 'key', ['postingType', '$createdAt']],
    ]);
    const likes = await db.getTable({ databaseId: 'portal', tableId: 'post_likes' });
    expect(likes.indexes).toMatchObject([{ key: 'unique_like', type: 'unique', columns: ['postId', 'userId'] }]);
  });

  it('is idempotent: a second run changes nothing and keeps the rows', async () => {
    await db.createRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'job1', data: { title: 'Lifeguard', postingType: 'Job', tags: ['summer'] } });
    await db.createRow({ databaseId: 'portal', tableId: 'post_likes', rowId: 'like1', data: { postId: 'p1', userId: 'u1' } });

    const summary = provisionTables(services(), fixture());
    expect(summary).toEqual({
      createdDatabases: [],
      updatedDatabases: [],
      createdTables: [],
      updatedTables: [],
      createdColumns: [],
      updatedColumns: [],
      createdIndexes: [],
    });
    expect(isUnchanged(summary)).toBe(true);

    await restart();
    const jobs = await db.listRows({ databaseId: 'portal', tableId: 'jobs' });
    expect(jobs.rows.map((row) => [row.$id, row.title, row.visible, row.viewCount])).toEqual([['job1', 'Lifeguard', true, 0]]);
    expect((await db.getTable({ databaseId: 'portal', tableId: 'jobs' })).columns).toHaveLength(9);
    // The search index kept working across the restart.
    expect((await db.listRows({ databaseId: 'portal', tableId: 'jobs', queries: [Query.search('title', 'life')] })).total).toBe(1);
  });

  it('applies an added column and index and new table settings on restart, never dropping anything', async () => {
    const config = fixture();
    const jobs = config.tables?.find((table) => table.$id === 'jobs') as TableConfig;
    jobs.name = 'Opportunities';
    jobs.$permissions = ['read("any")', 'write("users")'];
    jobs.columns = [
      ...(jobs.columns ?? []).filter((column) => column.key !== 'tags'),
      { key: 'salary', type: 'integer', required: false, array: false, min: 0, default: null },
    ];
    jobs.indexes = [...(jobs.indexes ?? []), { key: 'by_salary', type: 'key', columns: ['salary'], orders: ['DESC'] }];
    config.tables = [jobs];
    writeConfig(config);
    await restart();

    const table = await db.getTable({ databaseId: 'portal', tableId: 'jobs' });
    expect(table.name).toBe('Opportunities');
    expect(table.$permissions).toEqual(['read("any")', 'create("users")', 'update("users")', 'delete("users")']);
    expect(table.columns.map((column) => column.key)).toEqual([
      'title',
      'postingType',
      'hourlyRate',
      'visible',
      'contactEmail',
      'companyWebsite',
      'startDate',
      'viewCount',
      'tags',
      'salary',
    ]);
    expect(table.indexes.map((index) => index.key)).toEqual(['ft_title', 'by_type', 'by_salary']);
    expect((await db.getTable({ databaseId: 'portal', tableId: 'post_likes' })).name).toBe('Post likes');

    const row = await db.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'job1' });
    expect(row).toMatchObject({ title: 'Lifeguard', tags: ['summer'], salary: null });
    await db.updateRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'job1', data: { salary: 20 } });
    expect((await db.listRows({ databaseId: 'portal', tableId: 'jobs', queries: [Query.orderDesc('salary')] })).rows[0]?.salary).toBe(20);
    expect((await db.listRows({ databaseId: 'portal', tableId: 'post_likes' })).total).toBe(1);
    expect(isUnchanged(provisionTables(services(), config))).toBe(true);
  });

  it('adds the new values of an enum column to a data folder made before them, keeping its rows', async () => {
    await db.createRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'gig1', data: { title: 'Lifeguard', postingType: 'Gig' } });
    const config = fixture();
    const jobs = config.tables?.find((table) => table.$id === 'jobs') as TableConfig;
    jobs.columns = (jobs.columns ?? []).map((column) =>
      column.key === 'postingType' ? { ...column, elements: [...(column.elements ?? []), 'Internship'] } : column,
    );
    config.tables = [jobs];
    writeConfig(config);
    await restart();

    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'postingType' })).toMatchObject({
      elements: ['Job', 'Gig', 'Enrichment', 'Volunteering', 'Internship'],
    });
    await db.createRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'intern1', data: { title: 'Intern', postingType: 'Internship' } });
    expect((await db.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'gig1' })).postingType).toBe('Gig');
    expect(isUnchanged(provisionTables(services(), config))).toBe(true);
  });

  it('refuses a config Appwrite would refuse: names every refused entry and applies none of it', async () => {
    const config = fixture();
    const jobs = config.tables?.find((table) => table.$id === 'jobs') as TableConfig;
    jobs.name = 'Postings';
    jobs.columns = [
      { key: 'level', type: 'string', format: 'enum', elements: ['junior'], required: false, default: 'senior' },
      { key: 'remote', type: 'boolean', required: false, default: false },
    ];
    jobs.indexes = [];
    const { refused } = refusal(() => provisionTables(services(), { tablesDB: [], tables: [jobs, { $id: 'orphan', databaseId: 'missing', name: 'Orphan' }] }));
    expect(refused).toEqual([
      { item: 'portal/jobs.level', type: 'column_value_invalid', message: 'Default value not found in elements' },
      { item: 'missing/orphan', type: 'database_not_found', message: "Database with the requested ID 'missing' could not be found." },
    ]);
    // Nothing of the run was kept: not the valid column, not the new name.
    const table = await db.getTable({ databaseId: 'portal', tableId: 'jobs' });
    expect(table.columns.map((column) => column.key)).not.toContain('remote');
    expect(table.name).not.toBe('Postings');
  });

  it('refuses a table wider than Appwrite allows, with the width it would reach', () => {
    const wide: TableConfig = {
      $id: 'wide',
      databaseId: 'portal',
      name: 'Wide',
      columns: ['a', 'b', 'c', 'd'].map((key) => ({ key, type: 'string', required: false, size: 5000 })),
      indexes: [{ key: 'by_d', type: 'key', columns: ['d'] }],
    };
    const error = refusal(() => provisionTables(services(), { tablesDB: [], tables: [wide] }));
    expect(error.refused).toEqual([
      {
        item: 'portal/wide.d',
        type: 'column_limit_exceeded',
        message: expect.stringMatching(
          /^The maximum number or size of columns for table 'wide' has been reached\. Row width limit reached at column "d": a row would take 81,075 bytes; Appwrite's limit is under 65,535\./,
        ),
      },
    ]);
    expect(error.message).toContain(
      "appwrite.config.json: Appwrite would refuse this entry, so nothing of the file was applied:\n  - portal/wide.d: The maximum number or size of columns for table 'wide' has been reached.",
    );
  });

  it('will not start on a config Appwrite would refuse', async () => {
    const config = fixture();
    const jobs = config.tables?.find((table) => table.$id === 'jobs') as TableConfig;
    jobs.columns = [...(jobs.columns ?? []), ...['a', 'b', 'c', 'd'].map((key) => ({ key: `long_${key}`, type: 'string', required: false, size: 5000 }))];
    const folder = mkdtempSync(join(tmpdir(), 'ok-provisioning-refused-'));
    try {
      writeFileSync(join(folder, 'appwrite.config.json'), JSON.stringify(config));
      await expect(startTestBackend({ projectRoot: folder })).rejects.toThrow(
        /portal\/jobs\.long_d: The maximum number or size of columns for table 'jobs' has been reached/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('provisions the repository’s own appwrite.config.json: every table fits, with its 64-bit bounds', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ok-provisioning-repository-'));
    writeFileSync(join(folder, 'appwrite.config.json'), readFileSync(join(import.meta.dirname, '../../appwrite.config.json')));
    const repository = await startTestBackend({ projectRoot: folder });
    try {
      const tables = new TablesDB(adminClient(repository));
      const jobs = await tables.getTable({ databaseId: 'portal', tableId: 'jobs' });
      expect(jobs.bytesUsed).toBeLessThan(jobs.bytesMax);
      expect(await tables.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'viewCount' })).toMatchObject({ min: 0, max: 9223372036854775807n });
      expect(await tables.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'startDate' })).toMatchObject({ type: 'datetime', format: '' });
    } finally {
      await repository.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
