import { expect } from 'vitest';
import { Query, Storage as AdminStorage, TablesDB as AdminTables, Users as AdminUsers, type Models } from 'node-appwrite';
import { adminClient, type TestBackend } from './backend.ts';
import { FILES, ROWS, type Bucket, type Table, type World } from './permission-fixture.ts';

/**
 * The matrix's eyes: the API key, used only to look at what a call did (or did not) change, never
 * to act for a principal. A snapshot of every row and file of the fixture, taken before a phase,
 * is what "nothing changed" means for a refused call.
 */
export class Observer {
  private readonly tables: AdminTables;
  private readonly storage: AdminStorage;
  private readonly users: AdminUsers;
  private rowsBefore = new Map<string, Models.DefaultRow>();
  private filesBefore = new Map<string, Models.File>();

  constructor(backend: TestBackend) {
    const client = adminClient(backend);
    this.tables = new AdminTables(client);
    this.storage = new AdminStorage(client);
    this.users = new AdminUsers(client);
  }

  async row(table: Table, rowId: string): Promise<Models.DefaultRow | undefined> {
    return absentOn404(this.tables.getRow({ databaseId: 'portal', tableId: table, rowId }));
  }

  async rowsWhere(table: Table, queries: string[]): Promise<Models.DefaultRow[]> {
    return (await this.tables.listRows({ databaseId: 'portal', tableId: table, queries: [...queries, Query.limit(100)] })).rows;
  }

  async file(bucket: Bucket, fileId: string): Promise<Models.File | undefined> {
    return absentOn404(this.storage.getFile({ bucketId: bucket, fileId }));
  }

  async labels(userId: string): Promise<string[]> {
    return (await this.users.get({ userId })).labels;
  }

  /** Remembers every row and file of the fixture as it is now. */
  async snapshot(world: World): Promise<void> {
    const rows = await Promise.all(
      Object.entries(ROWS).map(async ([name, facts]) => [facts.table, await this.row(facts.table, world.rows[name] as string)] as const),
    );
    const files = await Promise.all(Object.entries(FILES).map(async ([name, facts]) => this.file(facts.bucket, world.files[name] as string)));
    // By table and id: an assignment's row id is its posting's.
    this.rowsBefore = new Map(rows.flatMap(([table, row]) => (row ? [[`${table}/${row.$id}`, row] as const] : [])));
    this.filesBefore = new Map(files.flatMap((file) => (file ? [[file.$id, file] as const] : [])));
  }

  async expectRowAsBefore(table: Table, rowId: string): Promise<void> {
    const before = this.rowsBefore.get(`${table}/${rowId}`);
    if (!before) throw new Error(`no snapshot of ${table} row ${rowId}`);
    expect(await this.row(table, rowId)).toEqual(before);
  }

  async expectFileAsBefore(bucket: Bucket, fileId: string): Promise<void> {
    const before = this.filesBefore.get(fileId);
    if (!before) throw new Error(`no snapshot of ${bucket} file ${fileId}`);
    expect(await this.file(bucket, fileId)).toEqual(before);
  }
}

async function absentOn404<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch (error) {
    if ((error as { code?: number }).code === 404) return undefined;
    throw error;
  }
}
