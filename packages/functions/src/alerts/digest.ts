import { ALERT_LIMITS, DATABASE_ID, TABLES, type NotificationKind } from '@opportunity-kit/sdk/domain';
import { ID, Messaging, Query, type Models } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows, derivedRowId, notifyOnce, type NotificationRow, type SavedPostingRow } from '../portal/alert-rows.ts';
import { mailSettingsOf, mailSettingsRows, mailsKind, recordDigest } from '../portal/mail-settings.ts';
import { noticesMailText, SUMMARY_KINDS_BY_DEFAULT, SUMMARY_KINDS_WHEN_DAILY } from '../portal/notices.ts';
import { postingAssignment } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';
import { postingsByIds, studentMaySee, studentReaders, studentViewers } from '../portal/student-view.ts';

/** What a scheduled run did, for the execution's log and the tests. */
export interface DigestOutcome {
  deadlineReminders: number;
  digestsSent: number;
  /** The day whose digests this run wrote, and whether they are all out (else a next run goes on). */
  day: string;
  digestFinished: boolean;
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

export const deadlineMessage = (title: string, deadline: string): string => `Applications for ${title} close on ${deadline.slice(0, 10)}.`;

/**
 * How long one run writes digests before it hands the rest to a new run: a third of the function's
 * 60 s timeout, so no run comes near it however many members a board has (issue 27).
 */
const DIGEST_SLICE_MS = 20_000;
/** Notices read per request while walking the members in id order. */
const NOTICES_PER_PAGE = 1000;
/** Digests written at once within a batch. */
const MAILS_IN_FLIGHT = 4;

/** How one run's share of the digests is bounded besides its time: (for tests) how many members it weighs. */
export interface DigestSlice {
  maxRecipients?: number | undefined;
}

/**
 * The scheduled run (daily, see `schedule` in appwrite.config.json): first the deadline reminders of
 * saved postings, then the day's digests, as many as fit in one slice.
 */
export async function runDigest(api: ServerApi, portal: string, now = new Date(), slice: DigestSlice = {}): Promise<DigestOutcome> {
  const deadlineReminders = await remindDeadlines(api, now);
  const digests = await sendDigests(api, portal, now, dayOf(now), slice, 'schedule');
  return { deadlineReminders, digestsSent: digests.sent, day: digests.day, digestFinished: digests.finished };
}

/**
 * Notifies each student whose saved posting's application deadline falls within the next three days
 * (today included), once per posting and deadline, while they may still see the posting.
 */
async function remindDeadlines(api: ServerApi, now: Date): Promise<number> {
  const from = `${dayOf(now)}T00:00:00.000+00:00`;
  const to = `${dayOf(new Date(now.getTime() + ALERT_LIMITS.deadlineDays * DAY_MS))}T23:59:59.999+00:00`;
  const closing = await allRows<JobRow>(api, TABLES.jobs, [Query.between('applicationDeadline', from, to), Query.isNull('closedAs')]);
  let reminded = 0;
  const readerOf = studentReaders(api);
  for (const job of closing) {
    if (!job.applicationDeadline) continue;
    const saved = await allRows<SavedPostingRow>(api, TABLES.savedPostings, [Query.equal('jobId', job.$id)]);
    if (saved.length === 0) continue;
    const assignment = await postingAssignment(api, job);
    for (const { studentId } of saved) {
      if (!studentMaySee(job, assignment, await readerOf(studentId, job))) continue;
      const created = await notifyOnce(api, derivedRowId('deadline', studentId, job.$id, job.applicationDeadline.slice(0, 10)), {
        studentId,
        kind: 'deadline',
        message: deadlineMessage(job.title, job.applicationDeadline),
        jobId: job.$id,
        jobTitle: job.title,
        applicationId: null,
        alertId: null,
        readAt: null,
      });
      if (created) reminded += 1;
    }
  }
  return reminded;
}

/**
 * The day's digests (issue 17, every role's since issue 24, resumable since issue 27): one e-mail per
 * member with what is new since their last one (or the last day, for a first one), at most one per UTC
 * day: saved-search matches and deadlines for every student, every other kind for a member who chose a
 * daily summary; never a kind they stopped.
 *
 * The members are walked in id order, a batch at a time, and the `digest_runs` row of the day keeps
 * the last one done. A run stops after one slice and a new run goes on from there; a run that was
 * interrupted is resumed from the same row by the next one. A member's row records their digest as it
 * is sent (`lastDigestDay`), so a resumed or repeated pass never mails anyone twice. The schedule
 * starts a new pass once the day's last one finished (members with news since then are mailed once,
 * if not mailed today).
 */
export async function sendDigests(
  api: ServerApi,
  portal: string,
  now: Date,
  day: string,
  slice: DigestSlice,
  startedBy: 'schedule' | 'continuation',
): Promise<{ sent: number; finished: boolean; day: string }> {
  const run = await digestRun(api, day, now, startedBy);
  if (!run) return { sent: 0, finished: true, day };
  const stopAt = Date.now() + DIGEST_SLICE_MS;
  let cursor = run.cursor;
  let sent = 0;
  let weighed = 0;
  for (;;) {
    const found = await nextRecipients(api, now, cursor);
    const batch = slice.maxRecipients === undefined ? found : found.slice(0, slice.maxRecipients - weighed);
    if (batch.length === 0) {
      await saveRun(api, day, { cursor, mailed: run.mailed + sent, finishedAt: new Date().toISOString() });
      return { sent, finished: true, day };
    }
    sent += await mailBatch(api, portal, now, day, batch);
    weighed += batch.length;
    cursor = (batch.at(-1) as Recipient).recipientId;
    await saveRun(api, day, { cursor, mailed: run.mailed + sent });
    if (Date.now() >= stopAt || (slice.maxRecipients !== undefined && weighed >= slice.maxRecipients)) return { sent, finished: false, day };
  }
}

type DigestRunColumns = { day: string; cursor: string | null; mailed: number; startedAt: string; finishedAt: string | null };
type DigestRunRow = Models.Row & DigestRunColumns;

/**
 * The day's pass to go on with: the unfinished one (a continuation's, or one that was interrupted), a
 * new one when the schedule runs after the day's last pass finished, none for a continuation of a pass
 * that is done.
 */
async function digestRun(api: ServerApi, day: string, now: Date, startedBy: 'schedule' | 'continuation'): Promise<DigestRunRow | undefined> {
  const ids = { databaseId: DATABASE_ID, tableId: TABLES.digestRuns, rowId: day };
  const existing = await orUndefined(api.tables.getRow<DigestRunRow>(ids));
  if (existing && !existing.finishedAt) return existing;
  if (startedBy === 'continuation') return undefined;
  const fresh: DigestRunColumns = { day, cursor: null, mailed: existing?.mailed ?? 0, startedAt: now.toISOString(), finishedAt: null };
  return api.tables.upsertRow<DigestRunRow>({ ...ids, data: fresh, permissions: [] });
}

async function saveRun(api: ServerApi, day: string, changes: Partial<DigestRunColumns>): Promise<void> {
  await api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.digestRuns, rowId: day, data: changes });
}

interface Recipient {
  recipientId: string;
  notices: NotificationRow[];
}

/**
 * The next members after `cursor` (in id order) with notices of the last week a summary may hold, each
 * with all of them. A page may end within a member's notices: that member is left for the next batch,
 * unless they fill the page alone, when theirs are read whole.
 */
async function nextRecipients(api: ServerApi, now: Date, cursor: string | null): Promise<Recipient[]> {
  const recent = [Query.equal('kind', [...SUMMARY_KINDS_WHEN_DAILY]), Query.greaterThan('$createdAt', new Date(now.getTime() - 7 * DAY_MS).toISOString())];
  const { rows } = await api.tables.listRows<NotificationRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.notifications,
    queries: [...recent, ...(cursor ? [Query.greaterThan('studentId', cursor)] : []), Query.orderAsc('studentId'), Query.limit(NOTICES_PER_PAGE)],
    total: false,
  });
  const byRecipient = new Map<string, NotificationRow[]>();
  for (const row of rows) byRecipient.set(row.studentId, [...(byRecipient.get(row.studentId) ?? []), row]);
  if (rows.length === NOTICES_PER_PAGE) {
    const last = (rows.at(-1) as NotificationRow).studentId;
    if (byRecipient.size === 1)
      return [{ recipientId: last, notices: await allRows<NotificationRow>(api, TABLES.notifications, [...recent, Query.equal('studentId', last)]) }];
    byRecipient.delete(last);
  }
  return [...byRecipient].map(([recipientId, notices]) => ({ recipientId, notices }));
}

/** Mails each member of the batch their digest, if they have news and had none today; answers how many were sent. */
async function mailBatch(api: ServerApi, portal: string, now: Date, day: string, batch: readonly Recipient[]): Promise<number> {
  const settingsRows = await mailSettingsRows(
    api,
    batch.map((recipient) => recipient.recipientId),
  );
  const due = batch.flatMap(({ recipientId, notices }) => {
    const row = settingsRows.get(recipientId);
    if (row?.lastDigestDay === day) return [];
    const settings = mailSettingsOf(row);
    const kinds = (settings.delivery === 'daily' ? SUMMARY_KINDS_WHEN_DAILY : SUMMARY_KINDS_BY_DEFAULT).filter((kind) => mailsKind(settings, kind));
    const since = Date.parse(row?.lastDigestAt ?? new Date(now.getTime() - DAY_MS).toISOString());
    const fresh = notices.filter((notice) => kinds.includes(notice.kind) && Date.parse(notice.$createdAt) > since);
    return fresh.length ? [{ recipientId, fresh }] : [];
  });
  // Judged again now: a posting hidden, declined or closed since its notice was written is not mailed.
  const aboutPostings = due.flatMap(({ fresh }) => fresh.filter((notice) => STUDENT_POSTING_KINDS.includes(notice.kind)));
  const postings = await postingsByIds(
    api,
    aboutPostings.map((notice) => notice.jobId),
  );
  const viewers = await studentViewers(
    api,
    [...new Set(aboutPostings.map((notice) => notice.studentId))],
    [...postings.values()].map((posting) => posting.row),
  );
  const stillVisible = (notice: NotificationRow): boolean => {
    const posting = postings.get(notice.jobId);
    const viewer = viewers.get(notice.studentId);
    return Boolean(posting && viewer && studentMaySee(posting.row, posting.assignment, viewer));
  };
  const mails = due
    .map(({ recipientId, fresh }) => ({ recipientId, news: fresh.filter((notice) => !STUDENT_POSTING_KINDS.includes(notice.kind) || stillVisible(notice)) }))
    .filter(({ news }) => news.length > 0);
  let next = 0;
  const mailer = async (): Promise<void> => {
    for (let mail = mails[next++]; mail; mail = mails[next++]) {
      const token = await recordDigest(api, mail.recipientId, now, { day, row: settingsRows.get(mail.recipientId) ?? null });
      await new Messaging(api.client).createEmail({
        messageId: ID.unique(),
        subject: digestSubject(mail.news.length),
        content: noticesMailText(mail.news, portal, token, 'daily'),
        users: [mail.recipientId],
      });
    }
  };
  await Promise.all(Array.from({ length: MAILS_IN_FLIGHT }, mailer));
  return mails.length;
}

/** Notices that show a student a posting: mailed only while the student may still see it. */
const STUDENT_POSTING_KINDS: readonly NotificationKind[] = ['alert-match', 'deadline', 'assignment'];

const digestSubject = (count: number): string => (count === 1 ? 'Your daily digest: 1 update' : `Your daily digest: ${count} updates`);
