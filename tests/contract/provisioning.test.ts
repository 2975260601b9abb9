import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Query, TablesDB } from 'node-appwrite';
import type { AppwriteProjectConfig, TableConfig } from '../../packages/local-backend/src/provisioning/config.ts';
import { isUnchanged, provisionTables } from '../../packages/local-backend/src/provisioning/provision-tables.ts';
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
      ['title', 'string'], ['postingType', 'string'], ['hourlyRate', 'double'], ['visible', 'boolean'], ['contactEmail', 'string'],
      ['companyWebsite', 'string'], ['startDate', 'datetime'], ['viewCount', 'integer'], ['tags', 'string'],
    ]);
    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'postingType' }))
      .toMatchObject({ format: 'enum', elements: ['Job', 'Gig', 'Enrichment', 'Volunteering'], required: true });
    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'contactEmail' })).toMatchObject({ format: 'email' });
    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'hourlyRate' })).toMatchObject({ min: 0, max: 1000 });
    expect(await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'tags' })).toMatchObject({ array: true, size: 40 });
    expect(jobs.indexes.map((index) => [index.key, index.type, index.columns])).toEqual([
      ['ft_title', 'fulltext', ['title']], ['by_type', 'key', ['postingType', '$createdAt']],
    ]);
    const likes = await db.getTable({ databaseId: 'portal', tableId: 'post_likes' });
    expect(likes.indexes).toMatchObject([{ key: 'unique_like', type: 'unique', columns: ['postId', 'userId'] }]);
  });

  it('is idempotent: a second run changes nothing and keeps the rows', async () => {
    await db.createRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'job1', data: { title: 'Lifeguard', postingType: 'Job', tags: ['summer'] } });
    await db.createRow({ databaseId: 'portal', tableId: 'post_likes', rowId: 'like1', data: { postId: 'p1', userId: 'u1' } });

    const summary = provisionTables(services(), fixture());
    expect(summary).toEqual({ createdDatabases: [], updatedDatabases: [], createdTables: [], updatedTables: [], createdColumns: [], createdIndexes: [], failed: [] });
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
    expect(table.columns.map((column) => column.key)).toEqual(['title', 'postingType', 'hourlyRate', 'visible', 'contactEmail', 'companyWebsite', 'startDate', 'viewCount', 'tags', 'salary']);
    expect(table.indexes.map((index) => index.key)).toEqual(['ft_title', 'by_type', 'by_salary']);
    expect((await db.getTable({ databaseId: 'portal', tableId: 'post_likes' })).name).toBe('Post likes');

    const row = await db.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'job1' });
    expect(row).toMatchObject({ title: 'Lifeguard', tags: ['summer'], salary: null });
    await db.updateRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'job1', data: { salary: 20 } });
    expect((await db.listRows({ databaseId: 'portal', tableId: 'jobs', queries: [Query.orderDesc('salary')] })).rows[0]?.salary).toBe(20);
    expect((await db.listRows({ databaseId: 'portal', tableId: 'post_likes' })).total).toBe(1);
    expect(isUnchanged(provisionTables(services(), config))).toBe(true);
  });

  it('reports entries it cannot apply and still applies the rest', async () => {
    const config = fixture();
    const jobs = config.tables?.find((table) => table.$id === 'jobs') as TableConfig;
    jobs.name = 'Opportunities';
    jobs.columns = [
      { key: 'level', type: 'string', format: 'enum', elements: ['junior'], required: false, default: 'senior' },
      { key: 'remote', type: 'boolean', required: false, default: false },
    ];
    jobs.indexes = [];
    const summary = provisionTables(services(), { tablesDB: [], tables: [jobs, { $id: 'orphan', databaseId: 'missing', name: 'Orphan' }] });
    expect(summary.createdColumns).toEqual(['portal/jobs.remote']);
    expect(summary.failed).toEqual([
      { item: 'portal/jobs.level', message: 'Default value not found in elements' },
      { item: 'missing/orphan', message: "Database with the requested ID 'missing' could not be found." },
    ]);
    const error = await db.getColumn({ databaseId: 'portal', tableId: 'jobs', key: 'level' }).catch((thrown: unknown) => thrown);
    expect((error as AppwriteException).type).toBe('column_not_found');
  });
});
