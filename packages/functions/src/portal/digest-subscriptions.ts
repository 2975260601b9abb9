import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ALERT_MESSAGES, DATABASE_ID, TABLES, type DigestSubscriptionColumns } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { isAppwriteId } from '../platform/appwrite-ids.ts';
import { CommandError } from '../platform/command-error.ts';
import type { ServerApi } from '../platform/server-client.ts';
import type { DigestSubscriptionRow } from './alert-rows.ts';

/**
 * A student's daily digest: whether they still want it, when the last one went out, and the hash of
 * the unsubscribe token its mails carry. The token is `<studentId>.<256 random bits>`; only its hash
 * is stored, so the table never holds a working link, and the link needs no sign-in.
 */

const TOKEN_BYTES = 32;
const hashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const digestSubscription = (api: ServerApi, studentId: string): Promise<DigestSubscriptionRow | undefined> =>
  orUndefined(api.tables.getRow<DigestSubscriptionRow>({ databaseId: DATABASE_ID, tableId: TABLES.digestSubscriptions, rowId: studentId }));

/**
 * Records a digest sent today with a fresh unsubscribe token (row id = the student's id), and answers
 * the token for the mail. A new token each time keeps only the latest mail's link working.
 */
export async function recordDigest(api: ServerApi, studentId: string, now: Date): Promise<string> {
  const secret = randomBytes(TOKEN_BYTES).toString('base64url');
  await api.tables.upsertRow<DigestSubscriptionRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.digestSubscriptions,
    rowId: studentId,
    data: {
      studentId,
      tokenHash: hashOf(secret),
      unsubscribedAt: null,
      lastDigestDay: now.toISOString().slice(0, 10),
      lastDigestAt: now.toISOString(),
    } satisfies DigestSubscriptionColumns,
    permissions: [],
  });
  return `${studentId}.${secret}`;
}

/** Stops the digest of the token's student. A wrong, unknown or malformed token answers the same refusal. */
export async function unsubscribeWithToken(api: ServerApi, token: string | undefined, now = new Date()): Promise<void> {
  // A user id may hold periods; the secret (base64url) never does.
  const separator = (token ?? '').lastIndexOf('.');
  const studentId = separator > 0 ? (token ?? '').slice(0, separator) : '';
  const secret = separator > 0 ? (token ?? '').slice(separator + 1) : '';
  const invalid = new CommandError('invalid-input', ALERT_MESSAGES.unsubscribeInvalid);
  if (!isAppwriteId(studentId) || !secret) throw invalid;
  const row = await digestSubscription(api, studentId);
  if (!row || !sameHash(row.tokenHash, hashOf(secret))) throw invalid;
  if (row.unsubscribedAt) return;
  await api.tables.updateRow<DigestSubscriptionRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.digestSubscriptions,
    rowId: studentId,
    data: { unsubscribedAt: now.toISOString() },
  });
}

function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
