import { DATABASE_ID, FUNCTIONS, TABLES } from '@opportunity-kit/sdk/domain';
import { Functions } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { notFound } from '../platform/command-error.ts';
import { answerData, answerFailure, answerRefusal } from '../platform/envelope.ts';
import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { portalOrigin } from '../platform/portal-url.ts';
import { serverApi, type ServerApi } from '../platform/server-client.ts';
import type { JobRow } from '../portal/rows.ts';
import { answerWaitingApplicants, closePastDeadlines, notifyApplicationReceived, remindUnanswered } from './applicants.ts';
import { notifyApplicationStatus } from './application-status.ts';
import { notifyApprovers } from './approval-waiting.ts';
import { runDigest, sendDigests, type DigestSlice } from './digest.ts';
import { matchPosting } from './match-posting.ts';
import { sendWeeklyNewsletter } from './newsletter.ts';

/**
 * The `alerts` function (issues 17 and 24). Nobody may execute it (`execute: []`): Appwrite runs it on a
 * posting's create and update events (saved searches are matched against the posting, the staff of
 * schools that have yet to approve its employer are told, a closed posting answers its waiting
 * applicants), on an application's create event (its employer is told) and update event (a decision
 * notifies the applicant), and on its daily schedule (reminders of unanswered applications, postings
 * past their deadline answer their applicants, deadline reminders of saved postings, then the daily
 * e-mails, which go on in runs of their own until every member was weighed).
 */
export default async function alerts({ req, res, log, error }: RuntimeContext): Promise<unknown> {
  const trigger = req.headers['x-appwrite-trigger'] ?? '';
  const event = req.headers['x-appwrite-event'] ?? '';
  try {
    const api = serverApi(req);
    if (trigger === 'schedule') {
      const now = new Date();
      // Applicants are answered first, so a daily summary sent next already holds what they were told.
      const reminded = await remindUnanswered(api, now);
      const answered = await closePastDeadlines(api, now);
      const outcome = await runDigest(api, portalOrigin(), now, digestSlice());
      log(`daily: ${reminded} employers reminded, ${answered} applicants answered, ${outcome.deadlineReminders} deadline reminders`);
      log(digestLine(outcome.day, outcome.digestsSent, outcome.digestFinished));
      if (!outcome.digestFinished) await continueDigest(api, outcome.day);
      const newsletter = await sendWeeklyNewsletter(api, portalOrigin());
      log(`newsletter ${newsletter.week}: ${newsletter.sent ? `sent, ${newsletter.postings} postings` : `not sent (${newsletter.skipped ?? ''})`}`);
      return answerData(res, { ...outcome, reminded, answered, newsletter });
    }
    const digestDay = trigger === 'http' ? digestDayOf(req.bodyText) : undefined;
    if (digestDay) {
      const slice = await sendDigests(api, portalOrigin(), new Date(), digestDay, digestSlice(), 'continuation');
      log(digestLine(slice.day, slice.sent, slice.finished));
      if (!slice.finished) await continueDigest(api, slice.day);
      return answerData(res, slice);
    }
    const changed = trigger === 'event' ? rowOfEvent(event) : undefined;
    if (changed?.table === 'jobs') {
      const outcome = await matchPosting(api, changed.rowId);
      const job = await orUndefined(api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: changed.rowId }));
      const approvers = job ? await notifyApprovers(api, job) : 0;
      const answered = job?.closedAs ? await answerWaitingApplicants(api, job) : 0;
      log(
        `posting ${outcome.jobId}: ${outcome.notified.length} students notified, notices withdrawn from ${outcome.withdrawn.length}, ${approvers} staff asked to approve, ${answered} applicants answered`,
      );
      return answerData(res, { ...outcome, approvers, answered });
    }
    if (changed?.table === 'applications') {
      const notified = changed.action === 'create' ? await notifyApplicationReceived(api, changed.rowId) : await notifyApplicationStatus(api, changed.rowId);
      return answerData(res, { notified });
    }
    return answerRefusal(res, notFound(`The alerts function has nothing to do for ${trigger || 'this'} trigger ${event}.`));
  } catch (thrown) {
    error(thrown);
    return answerFailure(res, 'internal', 'The alerts could not be processed.');
  }
}

const digestLine = (day: string, sent: number, finished: boolean): string =>
  `digest ${day}: ${sent} e-mails, ${finished ? 'every member weighed' : 'a new run goes on'}`;

/**
 * The rest of the day's digests in a new run of this function (issue 27): each run stays far within
 * its timeout however large the board. Only a key may run the function, and the run's own key may.
 */
async function continueDigest(api: ServerApi, day: string): Promise<void> {
  await new Functions(api.client).createExecution({
    functionId: process.env.APPWRITE_FUNCTION_ID ?? FUNCTIONS.alerts,
    body: JSON.stringify({ digestDay: day }),
    async: true,
  });
}

/** The day of the digest pass a continuation goes on with (`{ "digestDay": "2026-11-29" }`), if the body is one. */
export function digestDayOf(bodyText: string): string | undefined {
  try {
    const day = (JSON.parse(bodyText) as { digestDay?: unknown }).digestDay;
    return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
  } catch {
    return undefined;
  }
}

/** DIGEST_RECIPIENTS_PER_RUN (tests only): a run hands on after weighing that many members, not after its time slice. */
function digestSlice(): DigestSlice {
  const perRun = Number(process.env.DIGEST_RECIPIENTS_PER_RUN ?? '');
  return Number.isInteger(perRun) && perRun > 0 ? { maxRecipients: perRun } : {};
}

/**
 * The table and row of a row event, in any of Appwrite's spellings
 * (`databases.portal.tables.jobs.rows.<id>.update`, `databases.portal.collections.jobs.documents.<id>.create`).
 */
export function rowOfEvent(event: string): { table: string; rowId: string; action: 'create' | 'update' | 'upsert' } | undefined {
  const match = /^(?:databases|tablesdb)\.portal\.(?:tables|collections)\.([^.]+)\.(?:rows|documents)\.(.+)\.(create|update|upsert)$/.exec(event);
  return match ? { table: match[1] as string, rowId: match[2] as string, action: match[3] as 'create' | 'update' | 'upsert' } : undefined;
}
