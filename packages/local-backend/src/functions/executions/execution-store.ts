import { errors } from '../../http/errors.ts';
import { selectPage } from '../../queries/list-sql.ts';
import type { Store } from '../../store/store.ts';
import type { ExecutionQueries } from './execution-queries.ts';

export type ExecutionTrigger = 'http' | 'schedule' | 'event';
export type ExecutionStatus = 'waiting' | 'processing' | 'completed' | 'failed' | 'scheduled';

export interface Header {
  name: string;
  value: string;
}

/** One execution as stored: only allow-listed headers, never the response body (as on Appwrite). */
export interface ExecutionRecord {
  id: string;
  functionId: string;
  deploymentId: string;
  trigger: ExecutionTrigger;
  status: ExecutionStatus;
  requestMethod: string;
  requestPath: string;
  requestHeaders: Header[];
  responseStatusCode: number;
  responseHeaders: Header[];
  logs: string;
  errors: string;
  /** Seconds. */
  duration: number;
  permissions: string[];
  createdAt: number;
  updatedAt: number;
}

interface ExecutionRow {
  seq: number;
  id: string;
  function_id: string;
  deployment_id: string;
  trigger: string;
  status: string;
  request_method: string;
  request_path: string;
  request_headers: string;
  response_status_code: number;
  response_headers: string;
  logs: string;
  errors: string;
  duration: number;
  permissions: string;
  created_at: number;
  updated_at: number;
}

function toRecord(row: ExecutionRow): ExecutionRecord {
  return {
    id: row.id,
    functionId: row.function_id,
    deploymentId: row.deployment_id,
    trigger: row.trigger as ExecutionTrigger,
    status: row.status as ExecutionStatus,
    requestMethod: row.request_method,
    requestPath: row.request_path,
    requestHeaders: JSON.parse(row.request_headers) as Header[],
    responseStatusCode: row.response_status_code,
    responseHeaders: JSON.parse(row.response_headers) as Header[],
    logs: row.logs,
    errors: row.errors,
    duration: row.duration,
    permissions: JSON.parse(row.permissions) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toParams(record: ExecutionRecord): Record<string, string | number> {
  return {
    id: record.id,
    functionId: record.functionId,
    deploymentId: record.deploymentId,
    trigger: record.trigger,
    status: record.status,
    requestMethod: record.requestMethod,
    requestPath: record.requestPath,
    requestHeaders: JSON.stringify(record.requestHeaders),
    responseStatusCode: record.responseStatusCode,
    responseHeaders: JSON.stringify(record.responseHeaders),
    logs: record.logs,
    errors: record.errors,
    duration: record.duration,
    permissions: JSON.stringify(record.permissions),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Roles allowed to read, or `undefined` for API keys, which read everything. */
export type ReaderRoles = readonly string[] | undefined;

/** Executions in SQLite (`_functions_executions`), readable through their `read(...)` permissions. */
export class ExecutionStore {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _functions_executions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE, function_id TEXT NOT NULL, deployment_id TEXT NOT NULL,
        trigger TEXT NOT NULL, status TEXT NOT NULL, request_method TEXT NOT NULL, request_path TEXT NOT NULL,
        request_headers TEXT NOT NULL, response_status_code INTEGER NOT NULL, response_headers TEXT NOT NULL,
        logs TEXT NOT NULL, errors TEXT NOT NULL, duration REAL NOT NULL, permissions TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS _functions_executions_function ON _functions_executions(function_id, seq);
    `);
  }

  /** Inserts or replaces the execution with this id. */
  save(record: ExecutionRecord): void {
    this.store.db
      .prepare(
        `INSERT INTO _functions_executions (id, function_id, deployment_id, trigger, status, request_method, request_path,
                  request_headers, response_status_code, response_headers, logs, errors, duration, permissions, created_at, updated_at)
                VALUES (@id, @functionId, @deploymentId, @trigger, @status, @requestMethod, @requestPath, @requestHeaders,
                  @responseStatusCode, @responseHeaders, @logs, @errors, @duration, @permissions, @createdAt, @updatedAt)
                ON CONFLICT(id) DO UPDATE SET status = excluded.status, response_status_code = excluded.response_status_code,
                  response_headers = excluded.response_headers, logs = excluded.logs, errors = excluded.errors,
                  duration = excluded.duration, updated_at = excluded.updated_at`,
      )
      .run(toParams(record));
  }

  find(functionId: string, id: string, readers: ReaderRoles): ExecutionRecord | undefined {
    const access = readerClause(readers);
    const row = this.store.db
      .prepare(`SELECT * FROM _functions_executions WHERE function_id = ? AND id = ? AND ${access.sql}`)
      .get(functionId, id, ...access.params) as ExecutionRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  /** One page of a function's executions that the readers may see; a cursor must be one of them too. */
  list(functionId: string, queries: ExecutionQueries, readers: ReaderRoles, withTotal: boolean): { total: number; records: ExecutionRecord[] } {
    const access = readerClause(readers);
    const { total, rows } = selectPage<ExecutionRow>(this.store.db, {
      table: '_functions_executions',
      conditions: [{ sql: 'function_id = ?', params: [functionId] }, access],
      queries,
      includeTotal: withTotal,
      cursorRow: (id) =>
        this.store.db
          .prepare(`SELECT * FROM _functions_executions WHERE function_id = ? AND id = ? AND ${access.sql}`)
          .get(functionId, id, ...access.params) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Execution', id),
    });
    return { total, records: rows.map(toRecord) };
  }

  delete(functionId: string, id: string): boolean {
    return this.store.db.prepare('DELETE FROM _functions_executions WHERE function_id = ? AND id = ?').run(functionId, id).changes > 0;
  }

  /** The execution with this id, whatever its function (the queue's own lookups). */
  get(id: string): ExecutionRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _functions_executions WHERE id = ?').get(id) as ExecutionRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  /**
   * Moves a `waiting` execution to `processing` and answers it; undefined when it is not waiting
   * (already taken, finished, or gone with a rolled-back write), so an execution starts only once.
   */
  claim(id: string, now: number): ExecutionRecord | undefined {
    const row = this.store.db
      .prepare("UPDATE _functions_executions SET status = 'processing', updated_at = ? WHERE id = ? AND status = 'waiting' RETURNING *")
      .get(now, id) as ExecutionRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  /** Puts an execution that was cut short back in line (event-triggered ones run at least once). */
  requeue(id: string, now: number): void {
    this.store.db.prepare("UPDATE _functions_executions SET status = 'waiting', updated_at = ? WHERE id = ?").run(now, id);
  }

  /**
   * Executions cut short when the server stopped that nothing will run again (synchronous ones, and
   * any the queue does not hold): say so instead of leaving them pending.
   */
  failUnfinished(message: string, now: number): void {
    this.store.db
      .prepare(
        `UPDATE _functions_executions SET status = 'failed', response_status_code = 500, errors = errors || ?, updated_at = ?
                WHERE status IN ('waiting', 'processing')
                  AND id NOT IN (SELECT execution_id FROM _functions_execution_queue)`,
      )
      .run(`${message}\n`, now);
  }
}

function readerClause(readers: ReaderRoles): { sql: string; params: string[] } {
  if (readers === undefined) return { sql: '1 = 1', params: [] };
  if (readers.length === 0) return { sql: '0 = 1', params: [] };
  const permissions = readers.map((role) => `read("${role}")`);
  return {
    sql: `EXISTS (SELECT 1 FROM json_each(_functions_executions.permissions) WHERE json_each.value IN (${permissions.map(() => '?').join(', ')}))`,
    params: permissions,
  };
}
