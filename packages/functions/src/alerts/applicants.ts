import { DATABASE_ID, TABLES, toApplication } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows, derivedRowId, studentOnlyPermissions } from '../portal/alert-rows.ts';
import { decideTogether } from '../portal/atomic-writes.ts';
import { mailNotice, notify, noticeColumns, type Notice } from '../portal/notices.ts';
import { reminderDays } from '../portal/reminder-days.ts';
import type { ApplicationRow, JobRow } from '../portal/rows.ts';
import { applicationStatusRowId } from './application-status.ts';

/**
 * No ghosted applicants (issue 24): the employer hears of each application, is reminded of one left
 * unanswered, and a posting that closes or passes its deadline answers every applicant still waiting.
 */

const DAY_MS = 86_400_000;
export const notSelectedMessage = (jobTitle: string): string =>
  `Your application for ${jobTitle} was not selected this time: the posting has closed. Keep going, and look at the other opportunities.`;

/** Runs on an application's create event: its posting's creator is told. */
export async function notifyApplicationReceived(api: ServerApi, applicationId: string): Promise<boolean> {
  const row = await orUndefined(api.tables.getRow<ApplicationRow>({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: applicationId }));
  if (!row) return false;
  const application = toApplication(row);
  return notify(api, derivedRowId('application-received', application.id), {
    recipientId: application.jobCreatorId,
    kind: 'application-received',
    message: `${application.applicantName || 'A student'} applied to ${application.jobTitle}.`,
    jobId: application.jobId,
    jobTitle: application.jobTitle,
    applicationId: application.id,
  });
}

/**
 * The daily run: each application pending for `days` or more reminds its employer, once per
 * application (a second reminder would be noise; the home page keeps counting it).
 */
export async function remindUnanswered(api: ServerApi, now: Date, days = reminderDays()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  const waiting = await allRows<ApplicationRow>(api, TABLES.applications, [
    Query.equal('status', 'pending'),
    Query.equal('postingRemoved', false),
    Query.lessThanEqual('$createdAt', before),
  ]);
  let reminded = 0;
  for (const row of waiting) {
    const waitedDays = Math.floor((now.getTime() - Date.parse(row.$createdAt)) / DAY_MS);
    const created = await notify(api, derivedRowId('application-reminder', row.$id), {
      recipientId: row.jobCreatorId,
      kind: 'application-reminder',
      message: `${row.applicantName || 'A student'} has waited ${waitedDays} days for an answer about ${row.jobTitle}.`,
      jobId: row.jobId,
      jobTitle: row.jobTitle,
      applicationId: row.$id,
    });
    if (created) reminded += 1;
  }
  return reminded;
}

/** The daily run: postings whose application deadline ended before today (UTC) answer their waiting applicants. */
export async function closePastDeadlines(api: ServerApi, now: Date): Promise<number> {
  const today = `${now.toISOString().slice(0, 10)}T00:00:00.000+00:00`;
  const past = await allRows<JobRow>(api, TABLES.jobs, [Query.lessThan('applicationDeadline', today)]);
  let answered = 0;
  for (const job of past) answered += await answerWaitingApplicants(api, job);
  return answered;
}

/**
 * Every application still pending on a posting that closed (or whose deadline passed) becomes "not
 * selected", and its applicant is told why, in one transaction per application, decided on the row as
 * it is then: an employer's answer given at the same instant wins, and nobody is told twice. The
 * employer may still accept one later (a decision can always be changed).
 */
export async function answerWaitingApplicants(api: ServerApi, job: Pick<JobRow, '$id'>): Promise<number> {
  const waiting = await allRows<ApplicationRow>(api, TABLES.applications, [Query.equal('jobId', job.$id), Query.equal('status', 'pending')]);
  let answered = 0;
  for (const { $id: applicationId } of waiting) {
    const notice = await decideTogether(api, [{ tableId: TABLES.applications, rowId: applicationId }], async () => {
      const current = await orUndefined(api.tables.getRow<ApplicationRow>({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: applicationId }));
      if (!current || current.status !== 'pending') return { writes: [], answer: undefined };
      const told: Notice = {
        recipientId: current.applicantId,
        kind: 'application-status',
        message: notSelectedMessage(current.jobTitle),
        jobId: current.jobId,
        jobTitle: current.jobTitle,
        applicationId,
      };
      return {
        writes: [
          { action: 'update', tableId: TABLES.applications, rowId: applicationId, data: { status: 'rejected', decidedAt: new Date().toISOString() } },
          // Under the id the decision's own event uses, so that run finds the applicant told already.
          {
            action: 'create',
            tableId: TABLES.notifications,
            rowId: applicationStatusRowId(applicationId, 'rejected'),
            data: noticeColumns(told),
            permissions: studentOnlyPermissions(told.recipientId),
          },
        ],
        answer: told,
      };
    }).catch((thrown: unknown) => {
      // Told already (a notice of an earlier rejection the employer took back): leave it at that.
      if (hasStatus(thrown, 409)) return undefined;
      throw thrown;
    });
    if (notice) {
      await mailNotice(api, notice);
      answered += 1;
    }
  }
  return answered;
}
