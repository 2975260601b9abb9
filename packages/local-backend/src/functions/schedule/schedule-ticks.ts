import type { Store } from '../../store/store.ts';

/**
 * The last schedule tick each function ran for (`_functions_schedule_ticks`), written in the same
 * SQLite transaction as the tick's queued execution. After a restart a tick at or before it never
 * runs again, even when the clock was set back; deleting the function forgets it.
 */
export class ScheduleTicks {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _functions_schedule_ticks (
        function_id TEXT PRIMARY KEY REFERENCES _functions(id) ON DELETE CASCADE,
        tick_at INTEGER NOT NULL
      );
    `);
  }

  /** Epoch ms of the last tick the function ran for, if any. */
  last(functionId: string): number | undefined {
    const row = this.store.db.prepare('SELECT tick_at FROM _functions_schedule_ticks WHERE function_id = ?').get(functionId) as { tick_at: number } | undefined;
    return row?.tick_at;
  }

  /** Records `tickAt` as run; false when this tick or a later one already was, so it must not run (again). */
  claim(functionId: string, tickAt: number): boolean {
    const result = this.store.db
      .prepare(
        `INSERT INTO _functions_schedule_ticks (function_id, tick_at) VALUES (?, ?)
                ON CONFLICT(function_id) DO UPDATE SET tick_at = excluded.tick_at WHERE excluded.tick_at > _functions_schedule_ticks.tick_at`,
      )
      .run(functionId, tickAt);
    return result.changes > 0;
  }
}
