import { ALERT_LIMITS, TABLES, type NotificationKind } from '@opportunity-kit/sdk/domain';
import { ID, Messaging, Query } from 'node-appwrite';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows, derivedRowId, notifyOnce, type NotificationRow, type SavedPostingRow } from '../portal/alert-rows.ts';
import { mailSettingsOf, mailSettingsRow, mailsKind, recordDigest } from '../portal/mail-settings.ts';
import { noticesMailText, SUMMARY_KINDS_BY_DEFAULT, SUMMARY_KINDS_WHEN_DAILY } from '../portal/notices.ts';
import { postingAssignment } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';
import { postingsStudentMaySee, studentMaySee, studentReaders } from '../portal/student-view.ts';

/** What a scheduled run did, for the execution's log and the tests. */
export interface DigestOutcome {
  deadlineReminders: number;
  digestsSent: number;
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

export const deadlineMessage = (title: string, deadline: string): string => `Applications for ${title} close on ${deadline.slice(0, 10)}.`;

/**
 * The scheduled run (daily, see `schedule` in appwrite.config.json): first the deadline reminders of
 * saved postings, then one digest e-mail per student of what is new since their last one.
 */
export async function runDigest(api: ServerApi, portal: string, now = new Date()): Promise<DigestOutcome> {
  const deadlineReminders = await remindDeadlines(api, now);
  const digestsSent = await sendDigests(api, portal, now);
  return { deadlineReminders, digestsSent };
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
 * One e-mail per member with what is new since their last one (or the last day, for a first one), at
 * most one per UTC day: saved-search matches and deadlines for every student, and every other kind for
 * a member who chose a daily summary; never a kind they stopped.
 */
async function sendDigests(api: ServerApi, portal: string, now: Date): Promise<number> {
  const recent = await allRows<NotificationRow>(api, TABLES.notifications, [
    Query.equal('kind', [...SUMMARY_KINDS_WHEN_DAILY]),
    Query.greaterThan('$createdAt', new Date(now.getTime() - 7 * DAY_MS).toISOString()),
  ]);
  const byRecipient = new Map<string, NotificationRow[]>();
  for (const row of recent) byRecipient.set(row.studentId, [...(byRecipient.get(row.studentId) ?? []), row]);
  let sent = 0;
  const readerOf = studentReaders(api);
  for (const [recipientId, rows] of byRecipient) {
    const row = await mailSettingsRow(api, recipientId);
    if (row?.lastDigestDay === dayOf(now)) continue;
    const settings = mailSettingsOf(row);
    const kinds = (settings.delivery === 'daily' ? SUMMARY_KINDS_WHEN_DAILY : SUMMARY_KINDS_BY_DEFAULT).filter((kind) => mailsKind(settings, kind));
    const since = row?.lastDigestAt ?? new Date(now.getTime() - DAY_MS).toISOString();
    const fresh = rows.filter((notice) => kinds.includes(notice.kind) && Date.parse(notice.$createdAt) > Date.parse(since));
    const aboutPostings = fresh.filter((notice) => STUDENT_POSTING_KINDS.includes(notice.kind));
    // Judged again now: a posting hidden, declined or closed since its notice was written is not mailed.
    const stillVisible =
      aboutPostings.length > 0
        ? await postingsStudentMaySee(
            api,
            await readerOf(recipientId),
            aboutPostings.map((notice) => notice.jobId),
          )
        : new Map();
    const news = fresh.filter((notice) => !STUDENT_POSTING_KINDS.includes(notice.kind) || stillVisible.has(notice.jobId));
    if (news.length === 0) continue;
    const token = await recordDigest(api, recipientId, now);
    await new Messaging(api.client).createEmail({
      messageId: ID.unique(),
      subject: digestSubject(news.length),
      content: noticesMailText(news, portal, token, 'daily'),
      users: [recipientId],
    });
    sent += 1;
  }
  return sent;
}

/** Notices that show a student a posting: mailed only while the student may still see it. */
const STUDENT_POSTING_KINDS: readonly NotificationKind[] = ['alert-match', 'deadline', 'assignment'];

const digestSubject = (count: number): string => (count === 1 ? 'Your daily digest: 1 update' : `Your daily digest: ${count} updates`);
