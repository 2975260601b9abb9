import type { Caller } from '../../auth/identity.ts';
import { errors } from '../../http/errors.ts';
import { formatDate } from '../../models/time.ts';
import type { ListQueries } from '../../queries/list-queries.ts';
import { selectPage, type ColumnAttribute, type SqlCondition } from '../../queries/list-sql.ts';
import type { Store } from '../../store/store.ts';
import type { StagedOperation } from './staged-operation.ts';

/** Appwrite names a rolled-back transaction `failed` too; `committing` never shows here, since a commit never yields. */
export type TransactionStatus = 'pending' | 'committed' | 'failed';

export interface TransactionRecord {
  seq: number;
  id: string;
  /** `read/update/delete("user:<creator>")`, or none when a key or a guest created it. */
  permissions: string[];
  status: TransactionStatus;
  operations: number;
  /** Epoch milliseconds. */
  expiresAt: number;
  createdAt: number;
  updatedAt: number;
}

interface TransactionRow {
  seq: number;
  id: string;
  permissions: string;
  status: string;
  operations: number;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

const MIGRATION = `
CREATE TABLE IF NOT EXISTS _tablesdb_transactions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, permissions TEXT NOT NULL, status TEXT NOT NULL,
  operations INTEGER NOT NULL, expires_at INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS _tablesdb_transaction_operations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  transaction_seq INTEGER NOT NULL REFERENCES _tablesdb_transactions(seq) ON DELETE CASCADE,
  operation TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS _tablesdb_transaction_operations_order ON _tablesdb_transaction_operations(transaction_seq, seq);
`;

/** A finished or expired transaction is kept this long for `getTransaction`, then removed (Appwrite deletes them in the background). */
const KEPT_AFTER_END_MS = 24 * 3600_000;

function toRecord(row: TransactionRow): TransactionRecord {
  return {
    seq: row.seq,
    id: row.id,
    permissions: JSON.parse(row.permissions) as string[],
    status: row.status as TransactionStatus,
    operations: row.operations,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Appwrite's Transaction model. */
export function transactionModel(record: TransactionRecord): Record<string, unknown> {
  return {
    $id: record.id,
    $createdAt: formatDate(record.createdAt),
    $updatedAt: formatDate(record.updatedAt),
    status: record.status,
    operations: record.operations,
    expiresAt: formatDate(record.expiresAt),
  };
}

/**
 * Transactions and their staged operations in SQLite (`_tablesdb_transactions`,
 * `_tablesdb_transaction_operations`), so a transaction outlives a restart like Appwrite's do.
 * A caller sees a transaction through its `read` permission; API keys see all of them.
 */
export class TransactionStore {
  constructor(private readonly store: Store) {
    store.migrate(MIGRATION);
  }

  create(record: Omit<TransactionRecord, 'seq'>): TransactionRecord {
    this.forgetEnded(record.createdAt);
    const row = this.store.db
      .prepare(
        `INSERT INTO _tablesdb_transactions (id, permissions, status, operations, expires_at, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .get(
        record.id,
        JSON.stringify(record.permissions),
        record.status,
        record.operations,
        record.expiresAt,
        record.createdAt,
        record.updatedAt,
      ) as TransactionRow;
    return toRecord(row);
  }

  /** The transaction, if the caller may see it. */
  find(id: string, caller: Caller): TransactionRecord | undefined {
    const access = readerClause(caller);
    const row = this.store.db.prepare(`SELECT * FROM _tablesdb_transactions WHERE id = ? AND ${access.sql}`).get(id, ...access.params) as
      TransactionRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  list(caller: Caller, queries: ListQueries<ColumnAttribute>): { total: number; records: TransactionRecord[] } {
    const access = readerClause(caller);
    const { total, rows } = selectPage<TransactionRow>(this.store.db, {
      table: '_tablesdb_transactions',
      conditions: [access],
      queries,
      includeTotal: true,
      cursorRow: (id) =>
        this.store.db.prepare(`SELECT * FROM _tablesdb_transactions WHERE id = ? AND ${access.sql}`).get(id, ...access.params) as
          Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Transaction', id),
    });
    return { total, records: rows.map(toRecord) };
  }

  /** Appends operations and counts them, in one SQLite transaction. */
  stage(record: TransactionRecord, operations: readonly StagedOperation[], now: number): TransactionRecord {
    return this.store.transaction(() => {
      const insert = this.store.db.prepare('INSERT INTO _tablesdb_transaction_operations (transaction_seq, operation) VALUES (?, ?)');
      for (const operation of operations) insert.run(record.seq, JSON.stringify(operation));
      const row = this.store.db
        .prepare('UPDATE _tablesdb_transactions SET operations = operations + ?, updated_at = ? WHERE seq = ? RETURNING *')
        .get(operations.length, now, record.seq) as TransactionRow;
      return toRecord(row);
    });
  }

  operations(record: TransactionRecord): StagedOperation[] {
    const rows = this.store.db
      .prepare('SELECT operation FROM _tablesdb_transaction_operations WHERE transaction_seq = ? ORDER BY seq')
      .all(record.seq) as Array<{ operation: string }>;
    return rows.map((row) => JSON.parse(row.operation) as StagedOperation);
  }

  /** Ends a transaction: its status changes and its staged operations go. */
  finish(record: TransactionRecord, status: Exclude<TransactionStatus, 'pending'>, now: number): TransactionRecord {
    return this.store.transaction(() => {
      this.store.db.prepare('DELETE FROM _tablesdb_transaction_operations WHERE transaction_seq = ?').run(record.seq);
      const row = this.store.db
        .prepare('UPDATE _tablesdb_transactions SET status = ?, updated_at = ? WHERE seq = ? RETURNING *')
        .get(status, now, record.seq) as TransactionRow;
      return toRecord(row);
    });
  }

  delete(record: TransactionRecord): void {
    this.store.db.prepare('DELETE FROM _tablesdb_transactions WHERE seq = ?').run(record.seq);
  }

  /** Removes transactions that ended or expired long ago, with whatever they had staged. */
  private forgetEnded(now: number): void {
    const before = now - KEPT_AFTER_END_MS;
    this.store.db.prepare("DELETE FROM _tablesdb_transactions WHERE expires_at < ? OR (status <> 'pending' AND updated_at < ?)").run(before, before);
  }
}

function readerClause(caller: Caller): SqlCondition {
  if (caller.kind === 'key') return { sql: '1 = 1', params: [] };
  const permissions = caller.roles.map((role) => `read("${role}")`);
  if (permissions.length === 0) return { sql: '0 = 1', params: [] };
  return {
    sql: `EXISTS (SELECT 1 FROM json_each(_tablesdb_transactions.permissions) WHERE json_each.value IN (${permissions.map(() => '?').join(', ')}))`,
    params: permissions,
  };
}
