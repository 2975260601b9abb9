import { DATABASE_ID, type TableId } from '@opportunity-kit/sdk/domain';
import { AppwriteException } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';

/** One row write of a group that must happen together (a row and the counter that counts it). */
export type RowWrite =
  | { action: 'create'; tableId: TableId; rowId: string; data: object; permissions: string[] }
  /** Changes the given columns; `permissions`, when given, replace the row's. */
  | { action: 'update'; tableId: TableId; rowId: string; data: object; permissions?: string[] }
  /** Creates the row, or replaces the given columns and the permissions of the one there. */
  | { action: 'upsert'; tableId: TableId; rowId: string; data: object; permissions: string[] }
  | { action: 'delete'; tableId: TableId; rowId: string }
  /** Adds `value` (default 1); refused with the whole group when the result would pass `max`. */
  | { action: 'increment'; tableId: TableId; rowId: string; column: string; value?: number; max?: number }
  /** Takes `value` (default 1) away; refused with the whole group when the result would fall below `min`. */
  | { action: 'decrement'; tableId: TableId; rowId: string; column: string; value?: number; min?: number }
  /** Every row whose filters (query strings) match; API keys only, which commands run with. */
  | { action: 'bulkDelete'; tableId: TableId; queries: string[] };

/** How long a group may take from staging to commit; Appwrite's minimum, since a command commits at once. */
const TTL_SECONDS = 60;

/**
 * Applies the writes all at once or not at all, as one TablesDB transaction: staged in one
 * request, committed in the next. A crash or a failure between two writes can then never leave a
 * post's `commentCount` or `likeCount` different from its comment or like rows. When the commit is
 * refused (a row another request deleted meanwhile: 404; a duplicate, or a row changed since it was
 * staged: 409), nothing was written and Appwrite's error is thrown for the command to answer.
 */
export async function writeTogether(api: ServerApi, writes: readonly RowWrite[]): Promise<void> {
  const { $id: transactionId } = await api.tables.createTransaction({ ttl: TTL_SECONDS });
  try {
    await api.tables.createOperations({ transactionId, operations: writes.map(operationOf) });
    await api.tables.updateTransaction({ transactionId, commit: true });
  } catch (thrown) {
    // A refused commit has ended the transaction already; a refused staging leaves it to roll back.
    await api.tables.updateTransaction({ transactionId, rollback: true }).catch(() => undefined);
    throw thrown;
  }
}

/** A row a decision reads and must still find unchanged when its writes land. */
export interface GuardedRow {
  tableId: TableId;
  rowId: string;
}

/** What a decision answers: the writes that carry it out (none: nothing to do), and what the command answers. */
export interface Decision<T> {
  writes: readonly RowWrite[];
  answer: T;
}

/** How often a decision is made again after another request changed a guarded row first. */
const DECISION_ATTEMPTS = 16;

/**
 * Makes a decision on rows that another request may change at the same instant, and writes it only
 * if none of them changed meanwhile (compare-and-set, on Appwrite as on the local backend).
 *
 * A TablesDB transaction refuses to commit an operation on a row written after the operation was
 * staged (409 `transaction_conflict`: Appwrite's request timestamp). So each guarded row is staged
 * first with an update that changes nothing, the clock is let pass its millisecond, and only then
 * does `decide` read: whatever another request writes to a guarded row after that read makes this
 * commit fail, and the decision is made again from fresh reads (a refusal thrown by `decide`, such
 * as "already answered", then reaches the caller). Two requests can never both act on the state the
 * other one changed: one link spends once, one status wins.
 *
 * A guarded row must exist. Once one is gone (another request deleted it), `decide` is asked once
 * more, with nothing staged, so that it answers with its own refusal ("not found"); nothing it answers
 * is written then. A row that does not exist yet cannot be guarded, so a rule over a set of rows (the
 * hours of one day) guards one row that stands for the set.
 */
export async function decideTogether<T>(api: ServerApi, guards: readonly GuardedRow[], decide: () => Promise<Decision<T>>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const { $id: transactionId } = await api.tables.createTransaction({ ttl: TTL_SECONDS });
    const rollback = () => api.tables.updateTransaction({ transactionId, rollback: true }).catch(() => undefined);
    try {
      await api.tables.createOperations({
        transactionId,
        operations: guards.map((guard) => operationOf({ action: 'update', tableId: guard.tableId, rowId: guard.rowId, data: {} })),
      });
    } catch (thrown) {
      await rollback();
      // A guarded row is gone (another request deleted it): the decision, made from what is there
      // now, answers with its own refusal ("not found", "already withdrawn").
      if (hasStatus(thrown, 404)) await decide();
      throw thrown;
    }
    try {
      await nextMillisecond();
      const { writes, answer } = await decide();
      if (writes.length === 0) {
        await rollback();
        return answer;
      }
      await api.tables.createOperations({ transactionId, operations: writes.map(operationOf) });
      await api.tables.updateTransaction({ transactionId, commit: true });
      return answer;
    } catch (thrown) {
      await rollback();
      // Another request changed (409) or deleted (404) a row this decision read: decide again.
      if (!isConflict(thrown) || attempt === DECISION_ATTEMPTS) throw thrown;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** Waits until the clock has left the millisecond the guards were staged in, so `decide` reads after it. */
function nextMillisecond(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 2));
}

function isConflict(thrown: unknown): boolean {
  return thrown instanceof AppwriteException && ((thrown.code === 409 && thrown.type === 'transaction_conflict') || thrown.code === 404);
}

/** True when Appwrite refused the commit because a bounded counter would pass its bound. */
export function isCounterAtBound(thrown: unknown): boolean {
  return thrown instanceof AppwriteException && thrown.code === 400 && thrown.type === 'attribute_limit_exceeded';
}

function operationOf(write: RowWrite): object {
  const target = { databaseId: DATABASE_ID, tableId: write.tableId };
  switch (write.action) {
    case 'create':
      return { ...target, action: 'create', rowId: write.rowId, data: { ...write.data, $permissions: write.permissions } };
    case 'update':
      return { ...target, action: 'update', rowId: write.rowId, data: { ...write.data, ...(write.permissions ? { $permissions: write.permissions } : {}) } };
    case 'upsert':
      return { ...target, action: 'upsert', rowId: write.rowId, data: { ...write.data, $permissions: write.permissions } };
    case 'delete':
      return { ...target, action: 'delete', rowId: write.rowId };
    case 'increment':
      return {
        ...target,
        action: 'increment',
        rowId: write.rowId,
        data: { column: write.column, value: write.value ?? 1, ...(write.max === undefined ? {} : { max: write.max }) },
      };
    case 'decrement':
      return {
        ...target,
        action: 'decrement',
        rowId: write.rowId,
        data: { column: write.column, value: write.value ?? 1, ...(write.min === undefined ? {} : { min: write.min }) },
      };
    case 'bulkDelete':
      return { ...target, action: 'bulkDelete', data: { queries: write.queries } };
  }
}
