import { ALERT_LIMITS, TABLES, type NotificationKind } from '@opportunity-kit/sdk/domain';
import { ID, Messaging, Query } from 'node-appwrite';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows, derivedRowId, notifyOnce, type NotificationRow, type SavedPostingRow } from '../portal/alert-rows.ts';
import { digestSubscription, recordDigest } from '../portal/digest-subscriptions.ts';
import { postingAssignment } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';
import { postingsStudentMaySee, studentMaySee, studentReaders } from '../portal/student-view.ts';

/** What a scheduled run did, for the execution's log and the tests. */
export interface DigestOutcome {
  deadlineReminders: number;
  digestsSent: number;
}

const DAY_MS = 86_400_000;
const DIGEST_KINDS: readonly NotificationKind[] = ['alert-match', 'deadline'];
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
 * One e-mail per student with new matches or near deadlines since their last digest (or the last day,
 * for a first one), at most one per UTC day, never to a student who unsubscribed.
 */
async function sendDigests(api: ServerApi, portal: string, now: Date): Promise<number> {
  const recent = await allRows<NotificationRow>(api, TABLES.notifications, [
    Query.equal('kind', [...DIGEST_KINDS]),
    Query.greaterThan('$createdAt', new Date(now.getTime() - 7 * DAY_MS).toISOString()),
  ]);
  const byStudent = new Map<string, NotificationRow[]>();
  for (const row of recent) byStudent.set(row.studentId, [...(byStudent.get(row.studentId) ?? []), row]);
  let sent = 0;
  const readerOf = studentReaders(api);
  for (const [studentId, rows] of byStudent) {
    const subscription = await digestSubscription(api, studentId);
    if (subscription?.unsubscribedAt || subscription?.lastDigestDay === dayOf(now)) continue;
    const since = subscription?.lastDigestAt ?? new Date(now.getTime() - DAY_MS).toISOString();
    const fresh = rows.filter((row) => Date.parse(row.$createdAt) > Date.parse(since));
    // Judged again now: a posting hidden, declined or closed since its notice was written is not mailed.
    const stillVisible = await postingsStudentMaySee(
      api,
      await readerOf(studentId),
      fresh.map((row) => row.jobId),
    );
    const news = fresh.filter((row) => stillVisible.has(row.jobId));
    if (news.length === 0) continue;
    const token = await recordDigest(api, studentId, now);
    await new Messaging(api.client).createEmail({
      messageId: ID.unique(),
      subject: digestSubject(news.length),
      content: digestText(news, `${portal}/unsubscribe?token=${encodeURIComponent(token)}`, portal),
      users: [studentId],
    });
    sent += 1;
  }
  return sent;
}

const digestSubject = (count: number): string => (count === 1 ? 'Your daily digest: 1 update' : `Your daily digest: ${count} updates`);

/** Plain text: each update on its line with the posting's link, then the one-click unsubscribe. */
function digestText(rows: readonly NotificationRow[], unsubscribeLink: string, portal: string): string {
  const matches = rows.filter((row) => row.kind === 'alert-match');
  const deadlines = rows.filter((row) => row.kind === 'deadline');
  const section = (title: string, items: readonly NotificationRow[]) =>
    items.length ? [title, ...items.map((row) => `- ${row.message}\n  ${portal}/job/${row.jobId}`), ''] : [];
  return [
    ...section('New postings matching your saved searches:', matches),
    ...section('Deadlines coming up for postings you saved:', deadlines),
    'To stop these e-mails, open this link (no sign-in needed):',
    unsubscribeLink,
  ].join('\n');
}
