import type { Store } from '../../store/store.ts';

/**
 * What an asynchronous execution needs to run, kept beside its execution record until it has run:
 * the request the function receives, without the per-execution key and JWT, which are minted when
 * it starts (a replayed execution may start long after it was queued).
 */
export interface QueuedRequest {
  method: string;
  path: string;
  body: string;
  /** `base64` when the body is bytes that are not text (sent as a multipart field); text otherwise. */
  bodyEncoding?: 'base64';
  /** Caller-supplied (HTTP) or Appwrite's own (events) headers, lower-cased. */
  headers: Record<string, string>;
  /** First generated event name for event triggers, else ''. */
  event: string;
  userId: string;
  /** The caller's session, for the JWT the function receives; '' for guests, keys and events. */
  sessionId: string;
  clientIp: string | undefined;
}

/**
 * The durable queue of asynchronous executions (`_functions_execution_queue`): one entry per
 * execution that has not finished, written in the same SQLite transaction as its `waiting` record
 * and removed in the same one as its final state, so after a crash the entries are exactly the
 * executions still owed. The execution's body lives only here (Appwrite never shows it once run).
 */
export class ExecutionQueue {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _functions_execution_queue (
        execution_id TEXT PRIMARY KEY REFERENCES _functions_executions(id) ON DELETE CASCADE,
        request TEXT NOT NULL
      );
    `);
  }

  add(executionId: string, request: QueuedRequest): void {
    this.store.db.prepare('INSERT INTO _functions_execution_queue (execution_id, request) VALUES (?, ?)').run(executionId, JSON.stringify(request));
  }

  find(executionId: string): QueuedRequest | undefined {
    const row = this.store.db.prepare('SELECT request FROM _functions_execution_queue WHERE execution_id = ?').get(executionId) as
      { request: string } | undefined;
    return row ? (JSON.parse(row.request) as QueuedRequest) : undefined;
  }

  remove(executionId: string): void {
    this.store.db.prepare('DELETE FROM _functions_execution_queue WHERE execution_id = ?').run(executionId);
  }

  /** Ids of the executions still owed, oldest first. */
  pendingIds(): string[] {
    const rows = this.store.db
      .prepare('SELECT e.id FROM _functions_execution_queue q JOIN _functions_executions e ON e.id = q.execution_id ORDER BY e.seq')
      .all() as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }
}
