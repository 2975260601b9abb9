import { TABLES } from '@opportunity-kit/sdk/domain';
import type { TablesDB } from 'node-appwrite';
import { createHash } from 'node:crypto';
import { CommandError } from '../../platform/command-error.ts';
import { countOneBack, countOneUpTo, type CountedRow } from '../../portal/bounded-counter.ts';
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
 * reached, before anything is sent to a provider (`countOneUpTo`: simultaneous calls cannot pass
 * the cap together).
 */
export async function reserveCall(tables: TablesDB, userId: string, feature: Feature, cap: number, now: Date): Promise<Reservation> {
  const day = usageDay(now);
  const counted: CountedRow = { tableId: TABLES.aiUsage, rowId: usageRowId(userId, feature, day), column: 'count', columns: { userId, feature, day } };
  if (!(await countOneUpTo(tables, counted, cap))) throw rateLimited(feature, cap);
  return { release: () => countOneBack(tables, counted) };
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
