import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppwriteException, Query, Storage, TablesDB } from 'node-appwrite';
import type { AppwriteProjectConfig, ColumnConfig, IndexConfig, TableConfig } from '../../packages/local-backend/src/provisioning/config.ts';
import { cliProject, expectSuccess, type CliProject } from '../support/appwrite-cli.ts';
import { adminClient, describeLocal, startTestBackend, type TestBackend } from '../support/backend.ts';

/**
 * Issue 12: a school deploys `appwrite.config.json` with the real Appwrite CLI (`appwrite-cli`,
 * pinned). Local only: the CLI is pointed at a backend this file starts with an empty project; a
 * real Appwrite would be deployed to the same way, outside the test suite.
 */

const REPOSITORY_CONFIG = join(import.meta.dirname, '../../appwrite.config.json');
const repositoryConfig = (): AppwriteProjectConfig => JSON.parse(readFileSync(REPOSITORY_CONFIG, 'utf8')) as AppwriteProjectConfig;

/** The keys of a column that the CLI writes in the config and compares on every push. */
const COLUMN_KEYS = ['key', 'type', 'required', 'array', 'size', 'format', 'elements', 'default', 'min', 'max', 'encrypt'] as const;

/** 64-bit bounds arrive as bigints; JSON.parse reads the config's as the nearest numbers. */
function comparable(value: unknown): unknown {
  return typeof value === 'bigint' ? Number(value) : value;
}

/** The declared keys of a config column that its Appwrite model carries too (email columns have no `size`). */
function declared(column: ColumnConfig, model: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(COLUMN_KEYS.filter((key) => key in column && key in model).map((key) => [key, comparable(column[key as keyof ColumnConfig])]));
}

function remote(model: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, comparable(model[key])]));
}

let backend: TestBackend;
let project: CliProject;
let tables: TablesDB;

describeLocal('appwrite push with the real CLI', () => {
  beforeAll(async () => {
    // An empty project: nothing is provisioned from a config file, the CLI brings everything.
    backend = await startTestBackend();
    tables = new TablesDB(adminClient(backend));
    project = await cliProject(backend);
  }, 60_000);

  afterAll(async () => {
    project?.close();
    await backend?.close();
  });

  it('answers the version check of `appwrite client` for the console project, and only for it', async () => {
    const version = (projectId: string) => fetch(`${backend.endpoint}/health/version`, { headers: { 'X-Appwrite-Project': projectId } });
    const answer = await version('console');
    expect([answer.status, await answer.json()]).toEqual([200, { version: '1.9.6' }]);
    expect((await version(backend.projectId)).status).toBe(200);
    const stranger = await version('someone-else');
    expect([stranger.status, ((await stranger.json()) as { type: string }).type]).toEqual([404, 'project_not_found']);
  });

  it('pushes every table, column, index and bucket of appwrite.config.json exactly as declared', async () => {
    const tablesPush = expectSuccess(await project.push('tables'));
    expect(tablesPush.output).toContain(`Successfully pushed ${repositoryConfig().tables?.length} tables`);
    expectSuccess(await project.push('buckets'));

    const config = repositoryConfig();
    expect((await tables.list()).databases.map((database) => database.$id)).toEqual(config.tablesDB?.map((database) => database.$id));
    for (const declaredTable of config.tables ?? []) {
      const table = await tables.getTable({ databaseId: declaredTable.databaseId, tableId: declaredTable.$id });
      expect(table).toMatchObject({
        name: declaredTable.name,
        enabled: declaredTable.enabled,
        rowSecurity: declaredTable.rowSecurity,
        $permissions: declaredTable.$permissions,
      });
      const columns = table.columns as unknown as Array<Record<string, unknown>>;
      expect(columns.map((column) => column.key)).toEqual(declaredTable.columns?.map((column) => column.key));
      for (const [i, column] of (declaredTable.columns ?? []).entries()) {
        const model = columns[i] as Record<string, unknown>;
        const expected = declared(column, model);
        expect(remote(model, Object.keys(expected)), `${declaredTable.$id}.${column.key}`).toEqual(expected);
        expect(model.status).toBe('available');
      }
      expect(table.indexes.map((index) => ({ key: index.key, type: index.type, columns: index.columns, orders: index.orders }))).toEqual(
        (declaredTable.indexes ?? []).map((index: IndexConfig) => ({ key: index.key, type: index.type, columns: index.columns, orders: index.orders })),
      );
      expect(table.bytesUsed).toBeLessThan(table.bytesMax);
    }

    const storage = new Storage(adminClient(backend));
    for (const bucket of config.buckets ?? []) {
      const { $id, $permissions, ...settings } = bucket;
      expect(await storage.getBucket({ bucketId: $id })).toMatchObject({ $id, $permissions, ...settings });
    }
  });

  it('changes nothing on a second push of the same tables and buckets: no column is recreated, the rows keep their values', async () => {
    const posting = {
      title: 'Lifeguard',
      company: 'City Pool',
      description: 'Watch the pool.',
      postingType: 'Job',
      location: 'Springfield',
      visible: true,
      creatorId: 'teacher1',
      creatorEmail: 'teacher@school.example',
      viewCount: 7,
      startDate: '2026-06-01T09:00:00.000+00:00',
      endDate: '2026-08-31T17:00:00.000+00:00',
      applicationDeadline: '2026-05-15T23:59:00.000+00:00',
      searchText: 'lifeguard city pool springfield summer',
    };
    await tables.createRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'posting1', data: posting });
    const before = await Promise.all(
      (repositoryConfig().tables ?? []).map((table: TableConfig) => tables.getTable({ databaseId: table.databaseId, tableId: table.$id })),
    );

    const second = expectSuccess(await project.push('tables'));
    expect(second.output).toContain('Successfully pushed 0 tables');
    expect(second.output).not.toMatch(/recreating|deleting|changing|Deleting/);
    // The buckets compare equal too: the CLI draws no table of differences before it updates them.
    const bucketsAgain = expectSuccess(await project.push('buckets'));
    expect(bucketsAgain.output).toContain(`Successfully pushed ${repositoryConfig().buckets?.length} buckets.`);
    expect(bucketsAgain.output).not.toContain('│');

    const after = await Promise.all(before.map((table) => tables.getTable({ databaseId: table.databaseId, tableId: table.$id })));
    expect(after.map((table) => table.columns)).toEqual(before.map((table) => table.columns));
    expect(after.map((table) => table.indexes)).toEqual(before.map((table) => table.indexes));
    expect(await tables.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: 'posting1' })).toMatchObject(posting);
    // The full-text index on the long `searchText` column still answers.
    const found = await tables.listRows({ databaseId: 'portal', tableId: 'jobs', queries: [Query.search('searchText', 'lifeguard')] });
    expect(found.rows.map((row) => row.$id)).toEqual(['posting1']);
  });

  it('refuses a table wider than Appwrite allows: through node-appwrite and through the CLI push', async () => {
    const longText = (key: string): ColumnConfig => ({ key, type: 'string', required: false, array: false, size: 5000, default: null, encrypt: false });
    await tables.createTable({ databaseId: 'portal', tableId: 'wide_by_sdk', name: 'Wide' });
    for (const key of ['a', 'b', 'c']) await tables.createStringColumn({ databaseId: 'portal', tableId: 'wide_by_sdk', key, size: 5000, required: false });
    const refused = await tables.createStringColumn({ databaseId: 'portal', tableId: 'wide_by_sdk', key: 'd', size: 5000, required: false }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppwriteException);
    expect([(refused as AppwriteException).code, (refused as AppwriteException).type, (refused as AppwriteException).message]).toEqual([
      400,
      'column_limit_exceeded',
      "The maximum number or size of columns for table 'wide_by_sdk' has been reached.",
    ]);
    expect((await tables.getTable({ databaseId: 'portal', tableId: 'wide_by_sdk' })).columns.map((column) => column.key)).toEqual(['a', 'b', 'c']);

    const wide: TableConfig = {
      $id: 'wide_by_cli',
      $permissions: [],
      databaseId: 'portal',
      name: 'Wide',
      enabled: true,
      rowSecurity: false,
      columns: ['a', 'b', 'c', 'd'].map(longText),
      indexes: [],
    };
    const config = repositoryConfig();
    const deploy = await cliProject(backend, { config: { ...config, tables: [...(config.tables ?? []), wide] } });
    try {
      const push = await deploy.push('tables');
      expect(push.code).toBe(1);
      expect(push.output).toContain("The maximum number or size of attributes for collection 'wide_by_cli' has been reached.");
      expect(push.output).not.toMatch(/changing|recreating/);
      expect((await tables.getTable({ databaseId: 'portal', tableId: 'wide_by_cli' })).columns.map((column) => column.key)).toEqual(['a', 'b', 'c']);
    } finally {
      deploy.close();
    }
  });
});
