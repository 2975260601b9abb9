import { errors } from '../../http/errors.ts';
import { parseListQueries } from '../../queries/list-queries.ts';
import { columnAttributes, searchCondition, selectPage, type SqlCondition } from '../../queries/list-sql.ts';
import type { Store } from '../../store/store.ts';

/** Appwrite's deployment states; `waiting` is also the state of an upload still receiving chunks. */
export type DeploymentStatus = 'waiting' | 'processing' | 'building' | 'ready' | 'canceled' | 'failed';

/** `cli` when the Appwrite CLI uploaded it (its `x-sdk-language`), `manual` otherwise, as on Appwrite. */
export type DeploymentType = 'manual' | 'cli';

export interface DeploymentRecord {
  id: string;
  functionId: string;
  type: DeploymentType;
  entrypoint: string;
  commands: string;
  /** Becomes the function's active deployment once it is ready (unless a newer one already is). */
  activate: boolean;
  status: DeploymentStatus;
  /** Bytes of the uploaded archive, and of what the build left (the unpacked folder). */
  sourceSize: number;
  buildSize: number;
  chunksTotal: number;
  chunksUploaded: number;
  buildLogs: string;
  /** Seconds. */
  buildDuration: number;
  createdAt: number;
  updatedAt: number;
}

interface DeploymentRow {
  seq: number;
  id: string;
  function_id: string;
  type: string;
  entrypoint: string;
  commands: string;
  activate: number;
  status: string;
  source_size: number;
  build_size: number;
  total_size: number;
  chunks_total: number;
  chunks_uploaded: number;
  build_logs: string;
  build_duration: number;
  created_at: number;
  updated_at: number;
}

/** Attributes Appwrite lets `listDeployments` query. */
const DEPLOYMENT_ATTRIBUTES = columnAttributes({
  buildSize: 'number',
  sourceSize: 'number',
  totalSize: 'number',
  buildDuration: 'number',
  status: 'string',
  activate: 'boolean',
  type: 'string',
});

/** States a build has not finished from: resumed when the server starts again. */
export const UNFINISHED_BUILD: readonly DeploymentStatus[] = ['processing', 'building'];

function toRecord(row: DeploymentRow): DeploymentRecord {
  return {
    id: row.id,
    functionId: row.function_id,
    type: row.type as DeploymentType,
    entrypoint: row.entrypoint,
    commands: row.commands,
    activate: row.activate === 1,
    status: row.status as DeploymentStatus,
    sourceSize: row.source_size,
    buildSize: row.build_size,
    chunksTotal: row.chunks_total,
    chunksUploaded: row.chunks_uploaded,
    buildLogs: row.build_logs,
    buildDuration: row.build_duration,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toParams(record: DeploymentRecord): Record<string, string | number> {
  return {
    id: record.id,
    functionId: record.functionId,
    type: record.type,
    entrypoint: record.entrypoint,
    commands: record.commands,
    activate: record.activate ? 1 : 0,
    status: record.status,
    sourceSize: record.sourceSize,
    buildSize: record.buildSize,
    totalSize: record.sourceSize + record.buildSize,
    chunksTotal: record.chunksTotal,
    chunksUploaded: record.chunksUploaded,
    buildLogs: record.buildLogs,
    buildDuration: record.buildDuration,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * Deployments (`_functions_deployments`) and which chunks of an unfinished upload have arrived
 * (`_functions_deployment_chunks`), in SQLite; their bytes are in DeploymentFiles.
 */
export class DeploymentStore {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _functions_deployments (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        function_id TEXT NOT NULL REFERENCES _functions(id) ON DELETE CASCADE,
        type TEXT NOT NULL, entrypoint TEXT NOT NULL, commands TEXT NOT NULL, activate INTEGER NOT NULL, status TEXT NOT NULL,
        source_size INTEGER NOT NULL, build_size INTEGER NOT NULL, total_size INTEGER NOT NULL,
        chunks_total INTEGER NOT NULL, chunks_uploaded INTEGER NOT NULL,
        build_logs TEXT NOT NULL, build_duration INTEGER NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS _functions_deployments_function ON _functions_deployments(function_id, seq);
      CREATE TABLE IF NOT EXISTS _functions_deployment_chunks (
        deployment_id TEXT NOT NULL REFERENCES _functions_deployments(id) ON DELETE CASCADE,
        chunk INTEGER NOT NULL,
        PRIMARY KEY (deployment_id, chunk)
      );
    `);
  }

  /** The deployment with this id, whatever its function (the routes check the owner themselves). */
  find(id: string): DeploymentRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _functions_deployments WHERE id = ?').get(id) as DeploymentRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  /** The function's most recent deployment (Appwrite's `latestDeployment*` fields). */
  latest(functionId: string): DeploymentRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _functions_deployments WHERE function_id = ? ORDER BY seq DESC LIMIT 1').get(functionId) as
      DeploymentRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  ofFunction(functionId: string): DeploymentRecord[] {
    return (this.store.db.prepare('SELECT * FROM _functions_deployments WHERE function_id = ? ORDER BY seq').all(functionId) as DeploymentRow[]).map(toRecord);
  }

  withStatus(statuses: readonly DeploymentStatus[]): DeploymentRecord[] {
    const rows = this.store.db
      .prepare(`SELECT * FROM _functions_deployments WHERE status IN (${statuses.map(() => '?').join(', ')}) ORDER BY seq`)
      .all(...statuses) as DeploymentRow[];
    return rows.map(toRecord);
  }

  /** Deployments whose upload is complete but whose build has not started (queued before a stop). */
  queuedForBuild(): DeploymentRecord[] {
    const rows = this.store.db
      .prepare("SELECT * FROM _functions_deployments WHERE status = 'waiting' AND chunks_uploaded = chunks_total ORDER BY seq")
      .all() as DeploymentRow[];
    return rows.map(toRecord);
  }

  list(functionId: string, rawQueries: readonly string[], search: string, withTotal: boolean): { total: number; deployments: DeploymentRecord[] } {
    const conditions: SqlCondition[] = [{ sql: 'function_id = ?', params: [functionId] }];
    const searched = searchCondition(search, ['id', 'entrypoint', 'commands']);
    if (searched) conditions.push(searched);
    const { total, rows } = selectPage<DeploymentRow>(this.store.db, {
      table: '_functions_deployments',
      conditions,
      queries: parseListQueries(rawQueries, DEPLOYMENT_ATTRIBUTES),
      includeTotal: withTotal,
      cursorRow: (id) =>
        this.store.db.prepare('SELECT * FROM _functions_deployments WHERE function_id = ? AND id = ?').get(functionId, id) as
          Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Deployment', id),
    });
    return { total, deployments: rows.map(toRecord) };
  }

  /** Inserts or rewrites the deployment with this id. */
  save(record: DeploymentRecord): void {
    this.store.db
      .prepare(
        `INSERT INTO _functions_deployments (id, function_id, type, entrypoint, commands, activate, status, source_size, build_size,
                  total_size, chunks_total, chunks_uploaded, build_logs, build_duration, created_at, updated_at)
                VALUES (@id, @functionId, @type, @entrypoint, @commands, @activate, @status, @sourceSize, @buildSize,
                  @totalSize, @chunksTotal, @chunksUploaded, @buildLogs, @buildDuration, @createdAt, @updatedAt)
                ON CONFLICT(id) DO UPDATE SET activate = excluded.activate, status = excluded.status, source_size = excluded.source_size,
                  build_size = excluded.build_size, total_size = excluded.total_size, chunks_uploaded = excluded.chunks_uploaded,
                  build_logs = excluded.build_logs, build_duration = excluded.build_duration, updated_at = excluded.updated_at`,
      )
      .run(toParams(record));
  }

  /** Records that a chunk arrived and answers how many distinct chunks the upload now has. */
  recordChunk(deploymentId: string, chunk: number): number {
    this.store.db.prepare('INSERT OR IGNORE INTO _functions_deployment_chunks (deployment_id, chunk) VALUES (?, ?)').run(deploymentId, chunk);
    return (this.store.db.prepare('SELECT COUNT(*) AS n FROM _functions_deployment_chunks WHERE deployment_id = ?').get(deploymentId) as { n: number }).n;
  }

  forgetChunks(deploymentId: string): void {
    this.store.db.prepare('DELETE FROM _functions_deployment_chunks WHERE deployment_id = ?').run(deploymentId);
  }

  /**
   * Moves a deployment from one state to the next only if it is still in the expected one, so two
   * builders never take the same deployment; answers whether it moved.
   */
  transition(id: string, from: DeploymentStatus, to: DeploymentStatus, now: number): boolean {
    return this.store.db.prepare('UPDATE _functions_deployments SET status = ?, updated_at = ? WHERE id = ? AND status = ?').run(to, now, id, from).changes > 0;
  }

  /** A newer deployment asked to be activated: older ones still building no longer will be. */
  withdrawActivation(functionId: string, exceptId: string): void {
    this.store.db.prepare('UPDATE _functions_deployments SET activate = 0 WHERE function_id = ? AND id != ? AND activate = 1').run(functionId, exceptId);
  }

  delete(id: string): void {
    this.store.db.prepare('DELETE FROM _functions_deployments WHERE id = ?').run(id);
  }
}
