import { formatDate } from '../models/time.ts';
import type { Store } from '../store/store.ts';
import { errors } from '../http/errors.ts';
import { parseListQueries } from '../queries/list-queries.ts';
import { columnAttributes, searchCondition, selectPage } from '../queries/list-sql.ts';

/** `_APP_STORAGE_LIMIT`, Appwrite's default upper bound (and default) for `maximumFileSize`. */
export const STORAGE_LIMIT = 30_000_000;
export const COMPRESSIONS = ['none', 'gzip', 'zstd'] as const;
export type Compression = (typeof COMPRESSIONS)[number];

/** What an administrator decides about a bucket (everything but its id and timestamps). */
export interface BucketSettings {
  name: string;
  permissions: string[];
  fileSecurity: boolean;
  enabled: boolean;
  maximumFileSize: number;
  allowedFileExtensions: string[];
  compression: Compression;
  encryption: boolean;
  antivirus: boolean;
  transformations: boolean;
}

export interface BucketRecord extends BucketSettings {
  id: string;
  seq: number;
  createdAt: number;
  updatedAt: number;
}

interface BucketRow {
  seq: number;
  id: string;
  created_at: number;
  updated_at: number;
  permissions: string;
  name: string;
  file_security: number;
  enabled: number;
  maximum_file_size: number;
  allowed_file_extensions: string;
  compression: string;
  encryption: number;
  antivirus: number;
  transformations: number;
}

/** Buckets::ALLOWED_ATTRIBUTES of Appwrite, as columns of `_storage_buckets`. */
const BUCKET_FIELDS = columnAttributes({
  name: 'string',
  enabled: 'boolean',
  fileSecurity: 'boolean',
  maximumFileSize: 'number',
  encryption: 'boolean',
  antivirus: 'boolean',
});

function toBucket(row: BucketRow): BucketRecord {
  return {
    id: row.id,
    seq: row.seq,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    permissions: JSON.parse(row.permissions) as string[],
    name: row.name,
    fileSecurity: row.file_security === 1,
    enabled: row.enabled === 1,
    maximumFileSize: row.maximum_file_size,
    allowedFileExtensions: JSON.parse(row.allowed_file_extensions) as string[],
    compression: row.compression as Compression,
    encryption: row.encryption === 1,
    antivirus: row.antivirus === 1,
    transformations: row.transformations === 1,
  };
}

/** Buckets in SQLite (`_storage_buckets`). Files live in `_storage_files`, see files.ts. */
export class Buckets {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _storage_buckets (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        permissions TEXT NOT NULL, name TEXT NOT NULL,
        file_security INTEGER NOT NULL, enabled INTEGER NOT NULL, maximum_file_size INTEGER NOT NULL,
        allowed_file_extensions TEXT NOT NULL, compression TEXT NOT NULL,
        encryption INTEGER NOT NULL, antivirus INTEGER NOT NULL, transformations INTEGER NOT NULL
      );
    `);
  }

  find(id: string): BucketRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _storage_buckets WHERE id = ?').get(id) as BucketRow | undefined;
    return row && toBucket(row);
  }

  /** Returns undefined when the id is taken. */
  create(id: string, settings: BucketSettings): BucketRecord | undefined {
    const now = Date.now();
    const result = this.store.db
      .prepare(
        `INSERT INTO _storage_buckets (id, created_at, updated_at, permissions, name, file_security, enabled,
        maximum_file_size, allowed_file_extensions, compression, encryption, antivirus, transformations)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
      )
      .run(id, now, now, ...settingsColumns(settings));
    return result.changes === 0 ? undefined : this.find(id);
  }

  update(id: string, settings: BucketSettings): BucketRecord | undefined {
    this.store.db
      .prepare(
        `UPDATE _storage_buckets SET permissions = ?, name = ?, file_security = ?, enabled = ?, maximum_file_size = ?,
        allowed_file_extensions = ?, compression = ?, encryption = ?, antivirus = ?, transformations = ?, updated_at = ? WHERE id = ?`,
      )
      .run(...settingsColumns(settings), Date.now(), id);
    return this.find(id);
  }

  delete(id: string): void {
    this.store.db.prepare('DELETE FROM _storage_buckets WHERE id = ?').run(id);
  }

  list(rawQueries: readonly unknown[], search: string, includeTotal: boolean): { total: number; buckets: BucketRecord[] } {
    const searched = searchCondition(search, ['id', 'name']);
    const { total, rows } = selectPage<BucketRow>(this.store.db, {
      table: '_storage_buckets',
      conditions: searched ? [searched] : [],
      queries: parseListQueries(rawQueries, BUCKET_FIELDS),
      includeTotal,
      cursorRow: (id) => this.store.db.prepare('SELECT * FROM _storage_buckets WHERE id = ?').get(id) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Bucket', id),
    });
    return { total, buckets: rows.map(toBucket) };
  }
}

function settingsColumns(settings: BucketSettings): Array<string | number> {
  return [
    JSON.stringify(settings.permissions),
    settings.name,
    settings.fileSecurity ? 1 : 0,
    settings.enabled ? 1 : 0,
    settings.maximumFileSize,
    JSON.stringify(settings.allowedFileExtensions),
    settings.compression,
    settings.encryption ? 1 : 0,
    settings.antivirus ? 1 : 0,
    settings.transformations ? 1 : 0,
  ];
}

/** Appwrite's Bucket model, fields in its order; `totalSize` is the bytes its complete files occupy. */
export function bucketModel(bucket: BucketRecord, totalSize: number): Record<string, unknown> {
  return {
    $id: bucket.id,
    $createdAt: formatDate(bucket.createdAt),
    $updatedAt: formatDate(bucket.updatedAt),
    $permissions: bucket.permissions,
    fileSecurity: bucket.fileSecurity,
    name: bucket.name,
    enabled: bucket.enabled,
    maximumFileSize: bucket.maximumFileSize,
    allowedFileExtensions: bucket.allowedFileExtensions,
    compression: bucket.compression,
    encryption: bucket.encryption,
    antivirus: bucket.antivirus,
    transformations: bucket.transformations,
    totalSize,
  };
}
