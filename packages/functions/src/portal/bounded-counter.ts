import { DATABASE_ID, type TableId } from '@opportunity-kit/sdk/domain';
import { AppwriteException, type TablesDB } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';

/**
 * A count kept in one row (a member's AI calls or reports of a day), whose id is derived from what it
 * counts, so that simultaneous first requests meet on one row instead of each creating their own.
 */
export interface CountedRow {
  tableId: TableId;
  rowId: string;
  /** The integer column that counts. */
  column: string;
  /** The row's other columns, written when the first request creates it. */
  columns: Record<string, unknown>;
}

/**
 * Adds one to the count unless that would pass `max`, and answers whether it did. The increment is
 * Appwrite's atomic `incrementRowColumn` with `max`, so simultaneous requests can never pass the
 * bound together; the first request of a row creates it with a count of 1.
 */
export async function countOneUpTo(tables: TablesDB, counted: CountedRow, max: number): Promise<boolean> {
  if (max <= 0) return false;
  const { tableId, rowId, column } = counted;
  const increment = async (): Promise<boolean> => {
    try {
      await tables.incrementRowColumn({ databaseId: DATABASE_ID, tableId, rowId, column, value: 1, max });
      return true;
    } catch (thrown) {
      if (isLimitExceeded(thrown)) return false;
      throw thrown;
    }
  };
  try {
    return await increment();
  } catch (thrown) {
    if (!hasStatus(thrown, 404)) throw thrown;
  }
  try {
    await tables.createRow({ databaseId: DATABASE_ID, tableId, rowId, data: { ...counted.columns, [column]: 1 } });
    return true;
  } catch (thrown) {
    // Another first request created the row a moment ago: count on it.
    if (!hasStatus(thrown, 409)) throw thrown;
    return increment();
  }
}

/** Gives one back (never below 0), for a request that was counted and then did not happen. Failing to is the safe side of a limit. */
export async function countOneBack(tables: TablesDB, counted: CountedRow): Promise<void> {
  const { tableId, rowId, column } = counted;
  await tables.decrementRowColumn({ databaseId: DATABASE_ID, tableId, rowId, column, value: 1, min: 0 }).catch(() => undefined);
}

function isLimitExceeded(thrown: unknown): boolean {
  return thrown instanceof AppwriteException && thrown.code === 400 && thrown.type === 'column_limit_exceeded';
}
