import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { AppwriteException, type TablesDB } from 'node-appwrite';
import { createHash } from 'node:crypto';
import { hasStatus } from '../../platform/appwrite-errors.ts';
import { CommandError } from '../../platform/command-error.ts';
import { rateLimited } from '../ai-errors.ts';
import type { Feature } from '../settings.ts';

/** A call counted against a cap; released when the provider failed, so the caller may retry. */
export interface Reservation {
  release(): Promise<void>;
}

/** The UTC day a call counts on. */
export const usageDay = (now: Date): string => now.toISOString().slice(0, 10);

/** One row per user, feature and day; its id is derived, so concurrent first calls meet on one row. */
export function usageRowId(userId: string, feature: Feature, day: string): string {
  return createHash('sha256').update(`${userId}\n${feature}\n${day}`).digest('hex').slice(0, 36);
}

/**
 * Counts one call of `feature` for the user today, or refuses it with `rate-limited` when the cap is
 * reached, before anything is sent to a provider. The increment is Appwrite's atomic
 * `incrementRowColumn` with `max`, so simultaneous calls cannot pass the cap together.
 */
export async function reserveCall(tables: TablesDB, userId: string, feature: Feature, cap: number, now: Date): Promise<Reservation> {
  if (cap <= 0) throw rateLimited(feature, cap);
  const day = usageDay(now);
  const rowId = usageRowId(userId, feature, day);
  const increment = () => tables.incrementRowColumn({ databaseId: DATABASE_ID, tableId: TABLES.aiUsage, rowId, column: 'count', value: 1, max: cap });
  try {
    await increment();
  } catch (thrown) {
    if (isLimitExceeded(thrown)) throw rateLimited(feature, cap);
    if (!hasStatus(thrown, 404)) throw thrown;
    try {
      await tables.createRow({ databaseId: DATABASE_ID, tableId: TABLES.aiUsage, rowId, data: { userId, feature, day, count: 1 } });
    } catch (createFailed) {
      // Another first call of the day created the row a moment ago: count on it.
      if (!hasStatus(createFailed, 409)) throw createFailed;
      try {
        await increment();
      } catch (again) {
        if (isLimitExceeded(again)) throw rateLimited(feature, cap);
        throw again;
      }
    }
  }
  return {
    release: async () => {
      try {
        await tables.decrementRowColumn({ databaseId: DATABASE_ID, tableId: TABLES.aiUsage, rowId, column: 'count', value: 1, min: 0 });
      } catch {
        // Not refunding a failed call is the safe side of a cap.
      }
    },
  };
}

function isLimitExceeded(thrown: unknown): boolean {
  return thrown instanceof AppwriteException && thrown.code === 400 && thrown.type === 'column_limit_exceeded';
}

/**
 * Runs the counted work; if it fails for any reason but a model's refusal, the call is given back.
 * A refusal still used the provider, so it stays counted.
 */
export async function withReservation<T>(reservation: Reservation, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (thrown) {
    if (!(thrown instanceof CommandError && thrown.code === 'ai-blocked')) await reservation.release();
    throw thrown;
  }
}
