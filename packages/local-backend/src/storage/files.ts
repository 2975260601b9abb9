import { errors } from '../http/errors.ts';
import { formatDate } from '../models/time.ts';
import type { Store } from '../store/store.ts';
import { parseListQueries } from '../queries/list-queries.ts';
import { columnAttributes, searchCondition, selectPage, type SqlCondition } from '../queries/list-sql.ts';

/**
 * A file's metadata. A chunked upload creates the record with its first chunk; the file is
 * complete (bytes on disk, `signature` and `mimeType` known) once `chunksUploaded == chunksTotal`.
 */
export interface FileRecord {
  seq: number;
  bucketId: string;
  id: string;
  createdAt: number;
  updatedAt: number;
  permissions: string[];
  name: string;
  /** `''` or a path ending in `/`. */
  folder: string;
  signature: string;
  mimeType: string;
  sizeOriginal: number;
  sizeActual: number;
  chunksTotal: number;
  chunksUploaded: number;
  /** What Appwrite would have compressed it with (`none`, `gzip`, `zstd`); the bytes are kept as uploaded. */
  compression: string;
  /** Whether Appwrite would have encrypted it at rest; the bytes are kept as uploaded. */
  encryption: boolean;
}

export type NewFile = Omit<FileRecord, 'seq' | 'createdAt' | 'updatedAt'>;

/** What assembling the chunks tells; the permissions stay those the first chunk set. */
export interface Completion {
  signature: string;
  mimeType: string;
  sizeActual: number;
}

interface FileRow {
  seq: number;
  bucket_id: string;
  id: string;
  created_at: number;
  updated_at: number;
  permissions: string;
  name: string;
  folder: string;
  signature: string;
  mime_type: string;
  size_original: number;
  size_actual: number;
  chunks_total: number;
  chunks_uploaded: number;
  compression: string;
  encryption: number;
}

/** Files::ALLOWED_ATTRIBUTES of Appwrite, as columns of `_storage_files`. */
const FILE_FIELDS = columnAttributes({
  name: 'string',
  signature: 'string',
  mimeType: 'string',
  sizeOriginal: 'number',
  chunksTotal: 'number',
  chunksUploaded: 'number',
});

function toFile(row: FileRow): FileRecord {
  return {
    seq: row.seq,
    bucketId: row.bucket_id,
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    permissions: JSON.parse(row.permissions) as string[],
    name: row.name,
    folder: row.folder,
    signature: row.signature,
    mimeType: row.mime_type,
    sizeOriginal: row.size_original,
    sizeActual: row.size_actual,
    chunksTotal: row.chunks_total,
    chunksUploaded: row.chunks_uploaded,
    compression: row.compression,
    encryption: row.encryption === 1,
  };
}

export function isComplete(file: FileRecord): boolean {
  return file.chunksUploaded >= file.chunksTotal;
}

/** File metadata and chunk bookkeeping in SQLite (`_storage_files`, `_storage_chunks`). */
export class Files {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _storage_files (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        bucket_id TEXT NOT NULL REFERENCES _storage_buckets(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        permissions TEXT NOT NULL, name TEXT NOT NULL, folder TEXT NOT NULL,
        signature TEXT NOT NULL, mime_type TEXT NOT NULL,
        size_original INTEGER NOT NULL, size_actual INTEGER NOT NULL,
        chunks_total INTEGER NOT NULL, chunks_uploaded INTEGER NOT NULL,
        compression TEXT NOT NULL DEFAULT 'none', encryption INTEGER NOT NULL DEFAULT 0,
        UNIQUE (bucket_id, id)
      );
      CREATE INDEX IF NOT EXISTS _storage_files_created ON _storage_files (bucket_id, created_at);
      CREATE TABLE IF NOT EXISTS _storage_chunks (
        bucket_id TEXT NOT NULL, file_id TEXT NOT NULL, chunk INTEGER NOT NULL,
        PRIMARY KEY (bucket_id, file_id, chunk),
        FOREIGN KEY (bucket_id, file_id) REFERENCES _storage_files (bucket_id, id) ON DELETE CASCADE
      );
      CREATE TABLE IF NOT EXISTS _storage_uploaders (
        bucket_id TEXT NOT NULL, file_id TEXT NOT NULL, uploader TEXT NOT NULL,
        PRIMARY KEY (bucket_id, file_id),
        FOREIGN KEY (bucket_id, file_id) REFERENCES _storage_files (bucket_id, id) ON DELETE CASCADE
      );
    `);
    // Data folders from before files recorded them: those files were reported as neither compressed nor encrypted.
    const columns = store.db.prepare('PRAGMA table_info(_storage_files)').all() as Array<{ name: string }>;
    if (!columns.some((column) => column.name === 'compression')) {
      store.migrate(`
        ALTER TABLE _storage_files ADD COLUMN compression TEXT NOT NULL DEFAULT 'none';
        ALTER TABLE _storage_files ADD COLUMN encryption INTEGER NOT NULL DEFAULT 0;
      `);
    }
  }

  find(bucketId: string, id: string): FileRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _storage_files WHERE bucket_id = ? AND id = ?').get(bucketId, id) as FileRow | undefined;
    return row && toFile(row);
  }

  /**
   * Returns undefined when the id is taken in that bucket. `uploader` names who started a chunked
   * upload (see `uploaderOf`), kept as long as the file so its later chunks can be checked against it.
   */
  create(file: NewFile, uploader?: string): FileRecord | undefined {
    const now = Date.now();
    const db = this.store.db;
    return this.store.transaction(() => {
      const result = db
        .prepare(
          `INSERT INTO _storage_files (bucket_id, id, created_at, updated_at, permissions, name, folder, signature, mime_type,
          size_original, size_actual, chunks_total, chunks_uploaded, compression, encryption) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT(bucket_id, id) DO NOTHING`,
        )
        .run(
          file.bucketId,
          file.id,
          now,
          now,
          JSON.stringify(file.permissions),
          file.name,
          file.folder,
          file.signature,
          file.mimeType,
          file.sizeOriginal,
          file.sizeActual,
          file.chunksTotal,
          file.chunksUploaded,
          file.compression,
          file.encryption ? 1 : 0,
        );
      if (result.changes === 0) return undefined;
      if (uploader !== undefined) {
        db.prepare('INSERT INTO _storage_uploaders (bucket_id, file_id, uploader) VALUES (?, ?, ?)').run(file.bucketId, file.id, uploader);
      }
      return this.find(file.bucketId, file.id);
    });
  }

  /** Who started the file's chunked upload; undefined for a file uploaded whole. */
  uploaderOf(bucketId: string, id: string): string | undefined {
    const row = this.store.db.prepare('SELECT uploader FROM _storage_uploaders WHERE bucket_id = ? AND file_id = ?').get(bucketId, id) as
      { uploader: string } | undefined;
    return row?.uploader;
  }

  /** Notes that a chunk arrived; returns how many distinct chunks the file now has. */
  recordChunk(bucketId: string, fileId: string, chunk: number): number {
    const db = this.store.db;
    db.prepare('INSERT OR IGNORE INTO _storage_chunks (bucket_id, file_id, chunk) VALUES (?, ?, ?)').run(bucketId, fileId, chunk);
    return (db.prepare('SELECT COUNT(*) AS n FROM _storage_chunks WHERE bucket_id = ? AND file_id = ?').get(bucketId, fileId) as { n: number }).n;
  }

  setChunksUploaded(bucketId: string, id: string, chunksUploaded: number): FileRecord | undefined {
    this.store.db
      .prepare('UPDATE _storage_files SET chunks_uploaded = ?, updated_at = ? WHERE bucket_id = ? AND id = ?')
      .run(chunksUploaded, Date.now(), bucketId, id);
    return this.find(bucketId, id);
  }

  /** Marks the file complete; its chunk bookkeeping is no longer needed. */
  complete(bucketId: string, id: string, completion: Completion): FileRecord | undefined {
    return this.store.transaction(() => {
      this.store.db
        .prepare(
          `UPDATE _storage_files SET signature = ?, mime_type = ?, size_actual = ?,
          chunks_uploaded = chunks_total, updated_at = ? WHERE bucket_id = ? AND id = ?`,
        )
        .run(completion.signature, completion.mimeType, completion.sizeActual, Date.now(), bucketId, id);
      this.store.db.prepare('DELETE FROM _storage_chunks WHERE bucket_id = ? AND file_id = ?').run(bucketId, id);
      return this.find(bucketId, id);
    });
  }

  update(bucketId: string, id: string, changes: { name: string; permissions: string[] }): FileRecord | undefined {
    this.store.db
      .prepare('UPDATE _storage_files SET name = ?, permissions = ?, updated_at = ? WHERE bucket_id = ? AND id = ?')
      .run(changes.name, JSON.stringify(changes.permissions), Date.now(), bucketId, id);
    return this.find(bucketId, id);
  }

  delete(bucketId: string, id: string): void {
    this.store.db.prepare('DELETE FROM _storage_files WHERE bucket_id = ? AND id = ?').run(bucketId, id);
  }

  /** Bytes held by the complete files of a bucket (the Bucket model's `totalSize`). */
  totalSize(bucketId: string): number {
    const row = this.store.db
      .prepare('SELECT COALESCE(SUM(size_actual), 0) AS n FROM _storage_files WHERE bucket_id = ? AND chunks_uploaded >= chunks_total')
      .get(bucketId) as { n: number };
    return row.n;
  }

  /**
   * One page of a bucket's files. `readableBy` limits the rows to those whose `read` permissions
   * name one of these roles (file security without bucket-level read); undefined means all rows.
   */
  list(
    bucketId: string,
    options: { queries: readonly unknown[]; search: string; includeTotal: boolean; readableBy: readonly string[] | undefined },
  ): { total: number; files: FileRecord[] } {
    const conditions: SqlCondition[] = [{ sql: 'bucket_id = ?', params: [bucketId] }];
    const searched = searchCondition(options.search, ['id', 'name']);
    if (searched) conditions.push(searched);
    const readable = options.readableBy && readableCondition(options.readableBy);
    if (readable) conditions.push(readable);
    const db = this.store.db;
    const { total, rows } = selectPage<FileRow>(db, {
      table: '_storage_files',
      conditions,
      queries: parseListQueries(options.queries, FILE_FIELDS),
      includeTotal: options.includeTotal,
      // The cursor is resolved with the caller's rights: a file it cannot read is as unknown as a missing one.
      cursorRow: (id) =>
        db
          .prepare(`SELECT * FROM _storage_files WHERE bucket_id = ? AND id = ?${readable ? ` AND ${readable.sql}` : ''}`)
          .get(bucketId, id, ...(readable?.params ?? [])) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('File', id),
    });
    return { total, files: rows.map(toFile) };
  }
}

/** Files whose `read` permissions name one of the roles. */
function readableCondition(roles: readonly string[]): SqlCondition {
  const granted = roles.map((role) => `read("${role}")`);
  return {
    sql: `EXISTS (SELECT 1 FROM json_each(_storage_files.permissions) WHERE value IN (${granted.map(() => '?').join(', ')}))`,
    params: granted,
  };
}

/**
 * Appwrite's File model, fields in its order. `encryption` and `compression` say what Appwrite would have
 * done to the bytes at rest; here they are stored as uploaded (see ARCHITECTURE.md).
 */
export function fileModel(file: FileRecord): Record<string, unknown> {
  return {
    $id: file.id,
    bucketId: file.bucketId,
    $createdAt: formatDate(file.createdAt),
    $updatedAt: formatDate(file.updatedAt),
    $permissions: file.permissions,
    name: file.name,
    folder: file.folder,
    key: file.folder + file.name,
    signature: file.signature,
    mimeType: file.mimeType,
    sizeOriginal: file.sizeOriginal,
    sizeActual: file.sizeActual,
    chunksTotal: file.chunksTotal,
    chunksUploaded: file.chunksUploaded,
    encryption: file.encryption,
    compression: file.compression,
  };
}
