import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { makePrivateFolder, makeTreePrivate, touchPrivateFile } from './private-folder.ts';

/** Where the server keeps its data: a folder on disk (durable, WAL) or memory (tests). */
export type StoreLocation = { dataDir: string } | { memory: true };

/**
 * The SQLite database behind the server. Each module creates its own tables through `migrate`
 * (idempotent `CREATE … IF NOT EXISTS`), so the store knows nothing of accounts or rows.
 *
 * On disk every commit is durable before it returns (`synchronous = FULL` fsyncs the WAL), so
 * whatever a request wrote survives a crash once the request is answered; and the data folder is
 * its owner's alone (see private-folder.ts), an older, looser one being closed on open.
 */
export class Store {
  readonly db: Database.Database;
  readonly dataDir: string | undefined;

  constructor(location: StoreLocation) {
    if ('dataDir' in location) {
      makePrivateFolder(location.dataDir);
      makeTreePrivate(location.dataDir);
      this.dataDir = location.dataDir;
      const file = join(location.dataDir, 'local-backend.sqlite');
      touchPrivateFile(file);
      this.db = new Database(file);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = FULL');
    } else {
      this.dataDir = undefined;
      this.db = new Database(':memory:');
    }
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec('CREATE TABLE IF NOT EXISTS _meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  migrate(sql: string): void {
    this.db.exec(sql);
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM _meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO _meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** A value generated once and then kept (signing secrets, the development API key). */
  ensureMeta(key: string, generate: () => string): string {
    const existing = this.getMeta(key);
    if (existing !== undefined) return existing;
    const value = generate();
    this.setMeta(key, value);
    return value;
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /**
   * Like `transaction`, but takes the write lock up front (`BEGIN IMMEDIATE`), for work that reads
   * before it writes and must not see another connection commit in between.
   */
  immediateTransaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  close(): void {
    this.db.close();
  }
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}
