import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ALERT_MESSAGES,
  DATABASE_ID,
  NOTIFICATION_KINDS,
  TABLES,
  type DigestSubscriptionColumns,
  type MailSettings,
  type NotificationKind,
} from '@opportunity-kit/sdk/domain';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import { isAppwriteId } from '../platform/appwrite-ids.ts';
import { CommandError } from '../platform/command-error.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { rowsByIds, type DigestSubscriptionRow } from './alert-rows.ts';

/**
 * A member's mail settings and the state of their daily mail (issue 17's digest, every role's since
 * issue 24), in `digest_subscriptions` (row id = the member's id; no client reads it). Each mail
 * carries a one-click unsubscribe token `<userId>.<256 random bits>`; only its hash is stored, so the
 * table never holds a working link, and a new token with each mail keeps only the latest link working.
 */

const TOKEN_BYTES = 32;
const hashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const mailSettingsRow = (api: ServerApi, userId: string): Promise<DigestSubscriptionRow | undefined> =>
  orUndefined(api.tables.getRow<DigestSubscriptionRow>({ databaseId: DATABASE_ID, tableId: TABLES.digestSubscriptions, rowId: userId }));

/** The mail rows of many members, by member id, many per request (a digest's batch). */
export async function mailSettingsRows(api: ServerApi, userIds: readonly string[]): Promise<Map<string, DigestSubscriptionRow>> {
  return new Map((await rowsByIds<DigestSubscriptionRow>(api, TABLES.digestSubscriptions, userIds)).map((row) => [row.$id, row]));
}

export function mailSettingsOf(row: DigestSubscriptionRow | undefined): MailSettings {
  return { delivery: row?.delivery ?? 'instant', mutedKinds: row?.mutedKinds ?? [], allStopped: Boolean(row?.unsubscribedAt) };
}

/** True when the member still wants e-mail about `kind`. */
export const mailsKind = (settings: MailSettings, kind: NotificationKind): boolean => !settings.allStopped && !settings.mutedKinds.includes(kind);

/**
 * Writes some of a member's columns, creating their row with the defaults on first use. `known` is
 * the row when the caller just read it (null: it has none), which saves reading it again.
 */
async function writeMailRow(api: ServerApi, userId: string, changes: Partial<DigestSubscriptionColumns>, known?: DigestSubscriptionRow | null): Promise<void> {
  const ids = { databaseId: DATABASE_ID, tableId: TABLES.digestSubscriptions, rowId: userId };
  if (known !== undefined ? known : await mailSettingsRow(api, userId)) {
    await api.tables.updateRow<DigestSubscriptionRow>({ ...ids, data: changes });
    return;
  }
  const defaults: DigestSubscriptionColumns = {
    studentId: userId,
    tokenHash: hashOf(randomBytes(TOKEN_BYTES).toString('base64url')),
    unsubscribedAt: null,
    lastDigestDay: null,
    lastDigestAt: null,
    delivery: null,
    mutedKinds: [],
  };
  try {
    await api.tables.createRow<DigestSubscriptionRow>({ ...ids, data: { ...defaults, ...changes }, permissions: [] });
  } catch (thrown) {
    // Made meanwhile by another mail to the same member: write over it.
    if (!hasStatus(thrown, 409)) throw thrown;
    await api.tables.updateRow<DigestSubscriptionRow>({ ...ids, data: changes });
  }
}

/** A fresh unsubscribe token for the mail about to go out; the one of any earlier mail stops working. */
export async function issueUnsubscribeToken(api: ServerApi, userId: string): Promise<string> {
  const secret = randomBytes(TOKEN_BYTES).toString('base64url');
  await writeMailRow(api, userId, { tokenHash: hashOf(secret) });
  return `${userId}.${secret}`;
}

/**
 * Records a daily mail sent now, and answers the unsubscribe token it carries; `known` names the day of
 * the pass (when it began on an earlier day) and the member's row as the pass read it.
 */
export async function recordDigest(api: ServerApi, userId: string, now: Date, known?: { day: string; row: DigestSubscriptionRow | null }): Promise<string> {
  const secret = randomBytes(TOKEN_BYTES).toString('base64url');
  const day = known?.day ?? now.toISOString().slice(0, 10);
  await writeMailRow(api, userId, { tokenHash: hashOf(secret), lastDigestDay: day, lastDigestAt: now.toISOString() }, known?.row);
  return `${userId}.${secret}`;
}

/** A member's own settings, from their settings page: how mail comes, and which kinds it covers. */
export async function saveMailSettings(api: ServerApi, userId: string, settings: MailSettings, now = new Date()): Promise<MailSettings> {
  const mutedKinds = NOTIFICATION_KINDS.filter((kind) => settings.mutedKinds.includes(kind));
  await writeMailRow(api, userId, { delivery: settings.delivery, mutedKinds, unsubscribedAt: settings.allStopped ? now.toISOString() : null });
  return { delivery: settings.delivery, mutedKinds, allStopped: settings.allStopped };
}

/**
 * The one-click unsubscribe of a mailed link: with a `kind`, no more e-mail of that kind; without,
 * no e-mail at all. A wrong, unknown or malformed token answers the same refusal.
 */
export async function unsubscribeWithToken(api: ServerApi, token: string | undefined, kind?: NotificationKind, now = new Date()): Promise<void> {
  // A user id may hold periods; the secret (base64url) never does.
  const separator = (token ?? '').lastIndexOf('.');
  const userId = separator > 0 ? (token ?? '').slice(0, separator) : '';
  const secret = separator > 0 ? (token ?? '').slice(separator + 1) : '';
  const invalid = new CommandError('invalid-input', ALERT_MESSAGES.unsubscribeInvalid);
  if (!isAppwriteId(userId) || !secret) throw invalid;
  const row = await mailSettingsRow(api, userId);
  if (!row || !sameHash(row.tokenHash, hashOf(secret))) throw invalid;
  if (kind) {
    const muted = new Set([...(row.mutedKinds ?? []), kind]);
    await writeMailRow(api, userId, { mutedKinds: NOTIFICATION_KINDS.filter((candidate) => muted.has(candidate)) });
    return;
  }
  if (!row.unsubscribedAt) await writeMailRow(api, userId, { unsubscribedAt: now.toISOString() });
}

function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
