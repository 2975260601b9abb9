import type { Caller } from '../../auth/identity.ts';
import { AppwriteError } from '../../http/errors.ts';
import { uniqueId } from '../../http/params.ts';
import type { ListQueries } from '../../queries/list-queries.ts';
import type { ColumnAttribute } from '../../queries/list-sql.ts';
import type { TablesDb } from '../tables-db.ts';
import { applyOperation } from './apply-operation.ts';
import { rowIdOf, type StagedOperation } from './staged-operation.ts';
import { transactionErrors } from './transaction-errors.ts';
import type { TransactionRecord, TransactionStore } from './transaction-store.ts';

/** APP_LIMIT_DATABASE_TRANSACTION: operations one transaction may hold. */
export const MAX_OPERATIONS = 100;
/** APP_DATABASE_TXN_TTL_MIN/MAX/DEFAULT, in seconds. */
export const TTL_SECONDS = { min: 60, max: 3600, default: 300 } as const;

/**
 * How a route refuses a transaction it cannot stage into, as Appwrite's routes differ: the row
 * routes tell each case apart, the increment and decrement routes answer a missing or finished
 * one alike, and `createOperations` tells a missing one from a finished one only.
 */
export type StagingRefusal = 'row' | 'counter' | 'operations';

/** A key caller, for rehearsing staged writes whatever the reader's own permissions. */
const REHEARSAL: Caller = { kind: 'key', keyKind: 'standard', roles: ['keys'] };

/**
 * TablesDB transactions (Appwrite 1.8+): a caller stages row operations, then commits them
 * all at once or none. Staging writes nothing but the operation; the commit applies every
 * operation in one SQLite transaction (`BEGIN IMMEDIATE … COMMIT`), as the committing caller, and
 * publishes the rows' events only once it has committed. Any failure rolls everything back and
 * marks the transaction `failed`, with the error Appwrite answers.
 */
export class Transactions {
  constructor(
    private readonly engine: TablesDb,
    private readonly store: TransactionStore,
  ) {}

  /** A new pending transaction; a user's is theirs alone (read, update and delete for them). */
  create(caller: Caller, ttlSeconds: number): TransactionRecord {
    const now = Date.now();
    const owner = caller.kind === 'user' ? `user:${caller.user.id}` : undefined;
    return this.store.create({
      id: uniqueId(),
      permissions: owner ? [`read("${owner}")`, `update("${owner}")`, `delete("${owner}")`] : [],
      status: 'pending',
      operations: 0,
      expiresAt: now + ttlSeconds * 1000,
      createdAt: now,
      updatedAt: now,
    });
  }

  get(id: string, caller: Caller): TransactionRecord {
    const record = this.store.find(id, caller);
    if (!record) throw transactionErrors.notFound(id);
    return record;
  }

  list(caller: Caller, queries: ListQueries<ColumnAttribute>): { total: number; records: TransactionRecord[] } {
    return this.store.list(caller, queries);
  }

  delete(id: string, caller: Caller): void {
    this.store.delete(this.get(id, caller));
  }

  /**
   * The transaction `adding` more operations go into: one the caller may see, still pending, not
   * expired, with room for them; refused in the words of the route (see StagingRefusal).
   */
  openForStaging(id: string, caller: Caller, adding: number, refusal: StagingRefusal): TransactionRecord {
    const record = this.store.find(id, caller);
    if (!record) throw refusal === 'counter' ? transactionErrors.invalidOrNotPending() : transactionErrors.notFound(id);
    if (record.status !== 'pending') throw refusal === 'row' ? transactionErrors.notReady() : transactionErrors.invalidOrNotPending();
    if (Date.now() > record.expiresAt) throw transactionErrors.expired();
    if (record.operations + adding > MAX_OPERATIONS) throw transactionErrors.limitExceeded(record.operations, adding, MAX_OPERATIONS);
    return record;
  }

  stage(record: TransactionRecord, operations: readonly StagedOperation[]): TransactionRecord {
    return this.store.stage(record, operations, Date.now());
  }

  /**
   * Runs `read` as the rows would be if the transaction's staged operations were applied, then
   * undoes them: what a transaction sees of its own writes (and what staging checks, such as
   * "does this row exist yet", go by). An operation that could not apply is left out.
   */
  readThrough<T>(record: TransactionRecord, read: () => T): T {
    const operations = this.store.operations(record);
    if (operations.length === 0) return read();
    return this.engine.rows.rehearse(() => {
      const written = new Set<string>();
      for (const operation of operations) {
        try {
          // Each in its own savepoint, so one that fails half-way leaves nothing behind.
          this.engine.store.transaction(() => applyOperation(this.engine, operation, written, { caller: REHEARSAL, checkConflicts: false }));
        } catch {
          // Left out, as if it had not been staged.
        }
      }
      return read();
    });
  }

  /** Applies every staged operation at once, or none; the transaction ends `committed` or `failed`. */
  commit(id: string, caller: Caller): TransactionRecord {
    const record = this.pendingForUpdate(id, caller);
    const operations = this.store.operations(record);
    let current: StagedOperation | undefined;
    try {
      return this.engine.rows.atomically(() => {
        const written = new Set<string>();
        for (const operation of operations) {
          current = operation;
          applyOperation(this.engine, operation, written, { caller, checkConflicts: true });
        }
        return this.store.finish(record, 'committed', Date.now());
      });
    } catch (thrown) {
      // Committed, but telling the event listeners failed: the transaction stays committed.
      if (this.store.find(id, caller)?.status === 'committed') throw thrown;
      this.store.finish(record, 'failed', Date.now());
      throw commitFailure(thrown, current);
    }
  }

  /** Drops the staged operations; Appwrite reports a rolled-back transaction as `failed`. */
  rollback(id: string, caller: Caller): TransactionRecord {
    return this.store.finish(this.pendingForUpdate(id, caller), 'failed', Date.now());
  }

  private pendingForUpdate(id: string, caller: Caller): TransactionRecord {
    const record = this.get(id, caller);
    if (record.status !== 'pending') throw transactionErrors.notReady();
    if (Date.now() > record.expiresAt) throw transactionErrors.expired();
    return record;
  }
}

/** The error Appwrite answers for a commit that failed on `operation`. */
function commitFailure(thrown: unknown, operation: StagedOperation | undefined): unknown {
  if (!(thrown instanceof AppwriteError)) return thrown;
  switch (thrown.type) {
    case 'row_already_exists':
    case 'row_unique_constraint_violation':
    case 'row_update_conflict':
      return transactionErrors.conflict();
    case 'row_not_found':
      return transactionErrors.documentNotFound((operation && rowIdOf(operation)) ?? 'unknown');
    case 'row_invalid_structure':
      return transactionErrors.documentInvalidStructure(thrown.message);
    case 'column_limit_exceeded':
      // utopia-php's own wording: the commit reports the database layer's limit error as it is.
      if (operation?.action === 'increment') return transactionErrors.attributeLimitExceeded(`Attribute value exceeds maximum limit: ${operation.bound}`);
      if (operation?.action === 'decrement') return transactionErrors.attributeLimitExceeded(`Attribute value exceeds minimum limit: ${operation.bound}`);
      return transactionErrors.attributeLimitExceeded(thrown.message);
    default:
      return thrown;
  }
}
