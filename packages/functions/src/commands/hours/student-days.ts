import { createHash } from 'node:crypto';
import { DATABASE_ID, HOURS_LIMITS, HOURS_MESSAGES, TABLES, type TableId } from '@opportunity-kit/sdk/domain';
import { hasStatus } from '../../platform/appwrite-errors.ts';
import { CommandError } from '../../platform/command-error.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { isCounterAtBound, type GuardedRow, type RowWrite } from '../../portal/atomic-writes.ts';

/**
 * Rows per student and calendar day, whose ids are derived from both, so simultaneous requests of
 * one student meet on one row:
 * - `hours_days` (the day the hours were volunteered) stands for the set of that day's entries: a
 *   request that decides on the day's 12 hours guards it and writes it (`decideTogether`), so two
 *   entries or edits of one day can never both pass the rule on the same sum;
 * - `hours_mail_counts` (the UTC day a supervisor mail is caused) counts those mails, incremented
 *   with a bound in the transaction that owes the mail.
 */

const rowIdOf = (studentId: string, day: string): string => createHash('sha256').update(`${studentId}\n${day}`).digest('hex').slice(0, 36);

/** Creates the row unless it exists: a guarded or counted row must exist before the transaction. */
async function ensureRow(api: ServerApi, tableId: TableId, rowId: string, data: object): Promise<void> {
  try {
    await api.tables.createRow({ databaseId: DATABASE_ID, tableId, rowId, data, permissions: [] });
  } catch (thrown) {
    if (!hasStatus(thrown, 409)) throw thrown;
  }
}

/** The guard of one student's day, and the write that tells every other decision on it that it changed. */
export interface DayGuard {
  guard: GuardedRow;
  touch(now: Date): RowWrite;
}

export async function dayGuardOf(api: ServerApi, studentId: string, date: string): Promise<DayGuard> {
  const rowId = rowIdOf(studentId, date);
  await ensureRow(api, TABLES.hoursDays, rowId, { studentId, date, changedAt: null });
  return {
    guard: { tableId: TABLES.hoursDays, rowId },
    touch: (now) => ({ action: 'update', tableId: TABLES.hoursDays, rowId, data: { changedAt: now.toISOString() } }),
  };
}

/**
 * How long after a mail became owed its request has surely ended: longer than any command runs (the
 * `commands` function's timeout is 15 s). A mail still owed after that will never go out by itself.
 */
const OWED_MAIL_ABANDONED_MS = 60_000;

/**
 * True when a new link for the entry costs no mail of the daily limit: its owed mail was counted when
 * it became owed and was never sent (a crash or a failed mail). Only after the request that owed it
 * has ended, so simultaneous resends cannot all pass as the retry of one counted mail.
 */
export function isAbandonedMail(owedSince: string | null | undefined, now: Date): boolean {
  return Boolean(owedSince) && now.getTime() - Date.parse(owedSince as string) > OWED_MAIL_ABANDONED_MS;
}

/** The write that counts one supervisor mail today, refused with its whole transaction past the daily limit. */
export async function mailCountOf(api: ServerApi, studentId: string, now: Date): Promise<RowWrite> {
  const day = now.toISOString().slice(0, 10);
  const rowId = rowIdOf(studentId, day);
  await ensureRow(api, TABLES.hoursMailCounts, rowId, { studentId, day, mails: 0 });
  return { action: 'increment', tableId: TABLES.hoursMailCounts, rowId, column: 'mails', max: HOURS_LIMITS.supervisorMailsPerDay };
}

/** Runs a decision that counts a mail; past the daily limit the student is told so in plain words. */
export async function withinMailLimit<T>(decision: Promise<T>): Promise<T> {
  try {
    return await decision;
  } catch (thrown) {
    if (isCounterAtBound(thrown)) throw new CommandError('rate-limited', HOURS_MESSAGES.mailLimit);
    throw thrown;
  }
}
