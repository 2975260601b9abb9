import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DATABASE_ID, HOURS_MESSAGES, TABLES, type HoursConfirmationColumns } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { CommandError, invalidInput } from '../../platform/command-error.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import type { HoursConfirmationRow } from './hours-rows.ts';

/** 256 random bits, URL-safe: far beyond guessing, and short enough for a link. */
const TOKEN_BYTES = 32;

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Makes the supervisor's token for an entry and stores only its hash (row id = the entry's id, so a
 * token is bound to one entry and the entry has one live token). Answers the token, for the mail only.
 */
export async function issueConfirmationToken(
  api: ServerApi,
  entryId: string,
  ttlSeconds: number,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now + ttlSeconds * 1000).toISOString();
  await api.tables.upsertRow<HoursConfirmationRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.hoursConfirmations,
    rowId: entryId,
    data: { entryId, tokenHash: hashOf(token), expiresAt, usedAt: null } satisfies HoursConfirmationColumns,
    permissions: [],
  });
  return { token, expiresAt };
}

/**
 * The entry's confirmation if `token` is its live one; else the refusal a supervisor understands. A
 * wrong token and an unknown entry answer the same, so neither can be probed.
 */
export async function liveConfirmation(api: ServerApi, entryId: string, token: string | undefined, now = Date.now()): Promise<HoursConfirmationRow> {
  if (!token) throw invalidInput({ token: HOURS_MESSAGES.linkInvalid });
  const row = await orUndefined(api.tables.getRow<HoursConfirmationRow>({ databaseId: DATABASE_ID, tableId: TABLES.hoursConfirmations, rowId: entryId }));
  if (!row || !sameHash(row.tokenHash, hashOf(token))) throw new CommandError('not-found', HOURS_MESSAGES.linkInvalid);
  if (row.usedAt) throw new CommandError('not-allowed', HOURS_MESSAGES.linkUsed);
  if (Date.parse(row.expiresAt) <= now) throw new CommandError('not-allowed', HOURS_MESSAGES.linkExpired);
  return row;
}

/** Spends the token: a second answer with it is refused as used. */
export async function spendConfirmation(api: ServerApi, entryId: string, now = Date.now()): Promise<void> {
  await api.tables.updateRow<HoursConfirmationRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.hoursConfirmations,
    rowId: entryId,
    data: { usedAt: new Date(now).toISOString() },
  });
}

function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
