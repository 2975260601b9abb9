import { DATABASE_ID, TABLES, type NewsletterIssueColumns } from '@opportunity-kit/sdk/domain';
import { ID, Messaging, Query } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows } from '../portal/alert-rows.ts';
import { weeklyMail } from '../portal/newsletter-mails.ts';
import { NEWSLETTER_TOPIC } from '../portal/newsletter-subscriptions.ts';
import type { JobRow, NewsletterIssueRow, NewsletterRow } from '../portal/rows.ts';
import { everyStudentQueries, visitorMaySee } from '../portal/student-view.ts';

/** What a scheduled run did about the newsletter, for the execution's log and the tests. */
export interface NewsletterOutcome {
  /** The ISO week of the run, e.g. `2025-W07`. */
  week: string;
  sent: boolean;
  postings: number;
  /** Why nothing was sent. */
  skipped?: 'already-sent' | 'no-readers' | 'nothing-new';
}

const DAY_MS = 86_400_000;
/** Postings one mail lists; more are named as a count, so a busy week never makes a mail too long to read. */
const POSTINGS_PER_MAIL = 50;

/**
 * The weekly newsletter (issue 24), called by the `alerts` function's daily schedule: one e-mail to
 * the `newsletter` topic (confirmed addresses only: an address joins it when it confirms) listing the
 * public postings created since the last newsletter, what a signed-out visitor may see
 * (`visitorMaySee`), never a private, assigned, hidden, held-back or closed one.
 *
 * When: at most one per ISO week, on the first daily run of the week that has readers and something
 * new, which is Monday's in a week that starts with news. A Monday with nothing new does not skip the
 * week: a posting on Tuesday goes out on Wednesday's run. The week's `newsletter_issues` row (row id =
 * the week) is written before the mail goes out, so a repeated tick, a second run at the same moment
 * (its create is refused as a duplicate) or a restart never sends twice; a crash between the two loses
 * that week's mail rather than sending it twice.
 */
export async function sendWeeklyNewsletter(api: ServerApi, portal: string, now = new Date()): Promise<NewsletterOutcome> {
  const week = isoWeekOf(now);
  const outcome = (skipped: NewsletterOutcome['skipped']): NewsletterOutcome => ({ week, sent: false, postings: 0, skipped });
  if (await orUndefined(api.tables.getRow({ databaseId: DATABASE_ID, tableId: TABLES.newsletterIssues, rowId: week }))) return outcome('already-sent');
  const { rows: readers } = await api.tables.listRows<NewsletterRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.newsletter,
    queries: [Query.isNotNull('confirmedAt'), Query.limit(1)],
    total: false,
  });
  if (readers.length === 0) return outcome('no-readers');
  const since = (await lastIssue(api))?.sentAt ?? new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const created = await allRows<JobRow>(api, TABLES.jobs, [
    ...everyStudentQueries(),
    Query.greaterThan('$createdAt', since),
    Query.lessThanEqual('$createdAt', now.toISOString()),
  ]);
  const postings = created.filter(visitorMaySee).sort((a, b) => Date.parse(a.$createdAt) - Date.parse(b.$createdAt));
  if (postings.length === 0) return outcome('nothing-new');
  try {
    await api.tables.createRow<NewsletterIssueRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.newsletterIssues,
      rowId: week,
      data: { week, sentAt: now.toISOString(), postings: postings.length } satisfies NewsletterIssueColumns,
      permissions: [],
    });
  } catch (thrown) {
    // Another run of the same week wrote it first: that run sends.
    if (hasStatus(thrown, 409)) return outcome('already-sent');
    throw thrown;
  }
  const mail = weeklyMail(portal, postings.slice(0, POSTINGS_PER_MAIL), postings.length);
  await new Messaging(api.client).createEmail({ messageId: ID.unique(), subject: mail.subject, content: mail.content, topics: [NEWSLETTER_TOPIC] });
  return { week, sent: true, postings: postings.length };
}

async function lastIssue(api: ServerApi): Promise<NewsletterIssueRow | undefined> {
  const { rows } = await api.tables.listRows<NewsletterIssueRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.newsletterIssues,
    queries: [Query.orderDesc('sentAt'), Query.limit(1)],
    total: false,
  });
  return rows[0];
}

/** The ISO 8601 week of the UTC date, as `YYYY-Www` (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const week = Math.ceil(((day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
