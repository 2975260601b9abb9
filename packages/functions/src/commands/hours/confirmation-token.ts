import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DATABASE_ID, HOURS_MESSAGES, TABLES, type HoursConfirmationColumns, type ServiceHoursColumns } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { CommandError, invalidInput } from '../../platform/command-error.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import type { RowWrite } from '../../portal/atomic-writes.ts';
import { anyEntry, type HoursConfirmationRow, type ServiceHoursRow } from './hours-rows.ts';

/** 256 random bits, URL-safe: far beyond guessing, and short enough for a link. */
const TOKEN_BYTES = 32;

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A supervisor's token: the token itself goes into the mail only; the row keeps its hash. */
export interface IssuedToken {
  token: string;
  tokenHash: string;
  expiresAt: string;
}

export function newConfirmationToken(ttlSeconds: number, now: Date): IssuedToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashOf(token), expiresAt: new Date(now.getTime() + ttlSeconds * 1000).toISOString() };
}

/** What a supervisor vouches for: the facts the mail and the confirmation page show. */
type VouchedFacts = Pick<ServiceHoursColumns, 'organisation' | 'activity' | 'date' | 'quarterHours' | 'supervisorName' | 'supervisorEmail'>;

/** The hash a link is bound to; any change of these facts makes the entry another one than was mailed. */
export function contentHashOf(facts: VouchedFacts): string {
  const vouched = [facts.organisation, facts.activity, facts.date, facts.quarterHours, facts.supervisorName, facts.supervisorEmail];
  return createHash('sha256').update(JSON.stringify(vouched), 'utf8').digest('hex');
}

/**
 * The write that makes `issued` the entry's one live link (row id = the entry's id), bound to the
 * entry's facts; the link it replaces, if any, is remembered so its holder hears that a newer one
 * was mailed. Written in the same transaction as the entry it belongs to.
 */
export function confirmationWrite(entry: VouchedFacts & { $id: string }, issued: IssuedToken, replaced: HoursConfirmationRow | undefined): RowWrite {
  return {
    action: 'upsert',
    tableId: TABLES.hoursConfirmations,
    rowId: entry.$id,
    data: {
      entryId: entry.$id,
      tokenHash: issued.tokenHash,
      expiresAt: issued.expiresAt,
      usedAt: null,
      contentHash: contentHashOf(entry),
      replacedTokenHash: replaced?.tokenHash ?? null,
    } satisfies HoursConfirmationColumns,
    permissions: [],
  };
}

export function confirmationOf(api: ServerApi, entryId: string): Promise<HoursConfirmationRow | undefined> {
  return orUndefined(api.tables.getRow<HoursConfirmationRow>({ databaseId: DATABASE_ID, tableId: TABLES.hoursConfirmations, rowId: entryId }));
}

/**
 * The entry and its confirmation if `token` is the entry's live link and the entry is still what the
 * link was mailed for; else the refusal a supervisor understands. A wrong token and an unknown entry
 * answer the same, so neither can be probed.
 */
export async function entryOfLiveLink(
  api: ServerApi,
  entryId: string,
  token: string | undefined,
  now = Date.now(),
): Promise<{ row: ServiceHoursRow; confirmation: HoursConfirmationRow }> {
  if (!token) throw invalidInput({ token: HOURS_MESSAGES.linkInvalid });
  const confirmation = await confirmationOf(api, entryId);
  const given = hashOf(token);
  if (!confirmation || !sameHash(confirmation.tokenHash, given)) {
    if (confirmation?.replacedTokenHash && sameHash(confirmation.replacedTokenHash, given)) throw new CommandError('not-allowed', HOURS_MESSAGES.linkReplaced);
    throw new CommandError('not-found', HOURS_MESSAGES.linkInvalid);
  }
  if (confirmation.usedAt) throw new CommandError('not-allowed', HOURS_MESSAGES.linkUsed);
  if (Date.parse(confirmation.expiresAt) <= now) throw new CommandError('not-allowed', HOURS_MESSAGES.linkExpired);
  const row = await anyEntry(api, entryId);
  // Once a teacher decided (or the entry is gone), the supervisor's answer no longer matters.
  if (!row || row.status !== 'pending') throw new CommandError('not-allowed', HOURS_MESSAGES.linkUsed);
  // Every change of these facts issues a new link; this refuses any path that ever forgot to.
  if (confirmation.contentHash && confirmation.contentHash !== contentHashOf(row)) throw new CommandError('not-allowed', HOURS_MESSAGES.linkReplaced);
  return { row, confirmation };
}

/** The write that spends the link: any later answer with it is refused as used. */
export function spendWrite(entryId: string, now: Date): RowWrite {
  return { action: 'update', tableId: TABLES.hoursConfirmations, rowId: entryId, data: { usedAt: now.toISOString() } };
}

function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
