import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DATABASE_ID, NEWSLETTER_LIMITS, TABLES, type NewsletterColumns } from '@opportunity-kit/sdk/domain';
import { ID, Messaging, Query } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import { isAppwriteId } from '../platform/appwrite-ids.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { derivedRowId } from './alert-rows.ts';
import { mailRecipient, mailTargetOf } from './mail-recipients.ts';
import type { NewsletterRow } from './rows.ts';

/**
 * The newsletter's list (issue 24): a `newsletter` row per address, unconfirmed until its mailed
 * confirmation link is used (double opt-in), and the Messaging topic `newsletter` that the weekly mail
 * goes to, which an address joins only once confirmed. Nothing but the personal mails of the sign-up
 * itself (confirmation, "already subscribed", an unsubscribe link) ever reaches an unconfirmed address.
 *
 * A mailed token is `<row id>.<256 random bits>`; the row keeps only the SHA-256 of the random part,
 * so the table never holds a working link. Row ids are random (`ID.unique()`), never derived from the
 * address, so nobody can build a token for an address they only know.
 */

/**
 * The topic every confirmed address is subscribed to. Declared in appwrite.config.json (`appwrite push
 * topics`; no client may subscribe to it), and created on a confirmation too when a deployment has not
 * pushed it, so the newsletter never depends on that step.
 */
export const NEWSLETTER_TOPIC = 'newsletter';

const TOKEN_BYTES = 32;
const DAY_MS = 86_400_000;

const hashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A token to mail and the hash the row keeps of it. */
export interface MailedToken {
  token: string;
  hash: string;
}

export function newToken(rowId: string): MailedToken {
  const secret = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token: `${rowId}.${secret}`, hash: hashOf(secret) };
}

/** The row a token names and the hash of its secret; undefined for anything malformed. */
export function readToken(token: string | undefined): { rowId: string; hash: string } | undefined {
  const [rowId, secret, ...rest] = (token ?? '').split('.');
  if (rest.length > 0 || !rowId || !secret || !isAppwriteId(rowId)) return undefined;
  return { rowId, hash: hashOf(secret) };
}

/** Compares in constant time, so the time of a refusal tells nothing about a stored hash. */
export function sameHash(stored: string | null | undefined, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const newsletterRow = (api: ServerApi, rowId: string): Promise<NewsletterRow | undefined> =>
  orUndefined(api.tables.getRow<NewsletterRow>({ databaseId: DATABASE_ID, tableId: TABLES.newsletter, rowId }));

export async function newsletterRowOf(api: ServerApi, email: string): Promise<NewsletterRow | undefined> {
  const { rows } = await api.tables.listRows<NewsletterRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.newsletter,
    queries: [Query.equal('email', email), Query.limit(1)],
    total: false,
  });
  return rows[0];
}

/** The address's row, made unconfirmed when there is none; two sign-ups at once meet on the unique index on `email`. */
export async function ensureNewsletterRow(api: ServerApi, email: string): Promise<NewsletterRow> {
  const existing = await newsletterRowOf(api, email);
  if (existing) return existing;
  try {
    return await api.tables.createRow<NewsletterRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.newsletter,
      rowId: ID.unique(),
      data: {
        email,
        confirmedAt: null,
        confirmationHash: null,
        confirmationIssuedAt: null,
        unsubscribeHash: null,
        mailDay: null,
        mailsOnDay: 0,
      } satisfies NewsletterColumns,
      permissions: [],
    });
  } catch (thrown) {
    if (!hasStatus(thrown, 409)) throw thrown;
    const made = await newsletterRowOf(api, email);
    if (!made) throw thrown;
    return made;
  }
}

/**
 * The mail counter's columns after one more mail today, or undefined when the address has had its
 * `NEWSLETTER_LIMITS.mailsPerAddressPerDay` mails today: the form must not be a way to bomb an inbox.
 */
export function oneMoreMail(row: NewsletterRow, now: Date): Pick<NewsletterColumns, 'mailDay' | 'mailsOnDay'> | undefined {
  const today = now.toISOString().slice(0, 10);
  const sentToday = row.mailDay === today ? (row.mailsOnDay ?? 0) : 0;
  if (sentToday >= NEWSLETTER_LIMITS.mailsPerAddressPerDay) return undefined;
  return { mailDay: today, mailsOnDay: sentToday + 1 };
}

/** True when the confirmation link of the row was mailed longer ago than it works. */
export function confirmationExpired(row: NewsletterRow, now: Date): boolean {
  const issued = Date.parse(row.confirmationIssuedAt ?? '');
  return !Number.isFinite(issued) || now.getTime() - issued > NEWSLETTER_LIMITS.confirmationDays * DAY_MS;
}

/** The subscriber of a row in the topic: its id derives from the row, so subscribing twice is one subscriber. */
const subscriberIdOf = (row: NewsletterRow): string => derivedRowId('newsletter-subscriber', row.$id);

/** Subscribes the confirmed address's e-mail target to the topic (creating the topic the first time); again: no change. */
export async function subscribeToTopic(api: ServerApi, row: NewsletterRow): Promise<void> {
  const messaging = new Messaging(api.client);
  const targetId = await mailTargetOf(api, row.email);
  try {
    await messaging.createTopic({ topicId: NEWSLETTER_TOPIC, name: 'Newsletter', subscribe: [] });
  } catch (thrown) {
    if (!hasStatus(thrown, 409)) throw thrown;
  }
  try {
    await messaging.createSubscriber({ topicId: NEWSLETTER_TOPIC, subscriberId: subscriberIdOf(row), targetId });
  } catch (thrown) {
    if (!hasStatus(thrown, 409)) throw thrown;
  }
}

/** Takes the address out of the topic; one that never was in it (or no topic yet): no change. */
export async function unsubscribeFromTopic(api: ServerApi, row: NewsletterRow): Promise<void> {
  try {
    await new Messaging(api.client).deleteSubscriber({ topicId: NEWSLETTER_TOPIC, subscriberId: subscriberIdOf(row) });
  } catch (thrown) {
    if (!hasStatus(thrown, 404)) throw thrown;
  }
}

/** One personal mail to the address (an address without an account through `mail-recipients`). */
export async function mailNewsletterAddress(api: ServerApi, email: string, mail: { subject: string; content: string }): Promise<void> {
  await new Messaging(api.client).createEmail({ messageId: ID.unique(), subject: mail.subject, content: mail.content, ...(await mailRecipient(api, email)) });
}
