import { notFound } from '../platform/command-error.ts';
import { answerData, answerFailure, answerRefusal } from '../platform/envelope.ts';
import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { portalOrigin } from '../platform/portal-url.ts';
import { serverApi } from '../platform/server-client.ts';
import { notifyApplicationStatus } from './application-status.ts';
import { runDigest } from './digest.ts';
import { matchPosting } from './match-posting.ts';
import { sendWeeklyNewsletter } from './newsletter.ts';

/**
 * The `alerts` function (issue 17). Nobody may execute it (`execute: []`): Appwrite runs it on a
 * posting's create and update events (saved searches are matched against the posting), on an
 * application's update event (a decision notifies the applicant), and on its daily schedule (deadline
 * reminders of saved postings, then the e-mail digest).
 */
export default async function alerts({ req, res, log, error }: RuntimeContext): Promise<unknown> {
  const trigger = req.headers['x-appwrite-trigger'] ?? '';
  const event = req.headers['x-appwrite-event'] ?? '';
  try {
    const api = serverApi(req);
    if (trigger === 'schedule') {
      const outcome = await runDigest(api, portalOrigin());
      log(`digest: ${outcome.deadlineReminders} deadline reminders, ${outcome.digestsSent} e-mails`);
      const newsletter = await sendWeeklyNewsletter(api, portalOrigin());
      log(`newsletter ${newsletter.week}: ${newsletter.sent ? `sent, ${newsletter.postings} postings` : `not sent (${newsletter.skipped ?? ''})`}`);
      return answerData(res, { ...outcome, newsletter });
    }
    const changed = trigger === 'event' ? rowOfEvent(event) : undefined;
    if (changed?.table === 'jobs') {
      const outcome = await matchPosting(api, changed.rowId);
      log(`posting ${outcome.jobId}: ${outcome.notified.length} students notified, notices withdrawn from ${outcome.withdrawn.length}`);
      return answerData(res, outcome);
    }
    if (changed?.table === 'applications') return answerData(res, { notified: await notifyApplicationStatus(api, changed.rowId) });
    return answerRefusal(res, notFound(`The alerts function has nothing to do for ${trigger || 'this'} trigger ${event}.`));
  } catch (thrown) {
    error(thrown);
    return answerFailure(res, 'internal', 'The alerts could not be processed.');
  }
}

/**
 * The table and row of a row event, in any of Appwrite's spellings
 * (`databases.portal.tables.jobs.rows.<id>.update`, `databases.portal.collections.jobs.documents.<id>.create`).
 */
export function rowOfEvent(event: string): { table: string; rowId: string } | undefined {
  const match = /^(?:databases|tablesdb)\.portal\.(?:tables|collections)\.([^.]+)\.(?:rows|documents)\.(.+)\.(?:create|update|upsert)$/.exec(event);
  return match ? { table: match[1] as string, rowId: match[2] as string } : undefined;
}
