import { DATABASE_ID, postingMatcher, prepareCriteria, TABLES, toJob, type Job, type NotificationKind } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { candidateAlerts, fileAlerts, unfiledAlerts } from '../portal/alert-keys.ts';
import { allRows, derivedRowId, notifyMany, type AlertRow, type NotificationRow } from '../portal/alert-rows.ts';
import { postingAssignment } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';
import { postingAudience, studentMayOpen, studentMaySee, studentViewers, type StudentViewer } from '../portal/student-view.ts';

/** What a match run did, for the execution's log and the tests. */
export interface MatchOutcome {
  jobId: string;
  notified: string[];
  /** Students whose notices of the posting were taken back: they may no longer see it. */
  withdrawn: string[];
}

/** Saved searches from before the index filed by one run: a few requests, whatever is left to file. */
const FILED_PER_RUN = 1_000;

/** Notices that name a posting the student found through the school (the bell keeps decisions on one's own application). */
const POSTING_NOTICES: readonly NotificationKind[] = ['alert-match', 'deadline', 'assignment'];

export const alertMatchMessage = (job: Pick<Job, 'title' | 'company'>): string =>
  `New match for your saved search: ${job.title}${job.company ? ` at ${job.company}` : ''}`;

/**
 * Runs on a posting's create or update event: every student who may now see the posting and has a
 * saved search it matches is notified, once per posting (the notification's id is derived from the
 * student and the posting, so a later edit, or the event running twice, adds nothing). The row is
 * read again rather than taken from the event, so a run that starts late judges the posting as it is.
 */
export async function matchPosting(api: ServerApi, jobId: string): Promise<MatchOutcome> {
  const row = await orUndefined(api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: jobId }));
  if (!row) return { jobId, notified: [], withdrawn: [] };
  const assignment = await postingAssignment(api, row);
  const { withdrawn, kept } = await withdrawNotices(api, row);
  const audience = postingAudience(row, assignment);
  if (audience === 'nobody') return { jobId, notified: [], withdrawn };
  const job = toJob(row);
  const matchable = { ...job, searchText: row.searchText };
  // Searches saved before the index are candidates of every posting until filed, a share at each run.
  const unfiled = audience === 'all-students' ? await unfiledAlerts(api) : [];
  await fileAlerts(api, unfiled.slice(0, FILED_PER_RUN));
  const alerts =
    audience === 'all-students'
      ? [...(await candidateAlerts(api, matchable)), ...unfiled]
      : await allRows<AlertRow>(api, TABLES.alerts, [Query.equal('studentId', audience.studentId)]);
  const matches = postingMatcher(matchable);
  const firstMatch = new Map<string, string>();
  for (const alert of alerts) {
    if (firstMatch.has(alert.studentId) || !matches(prepareCriteria(alert))) continue;
    firstMatch.set(alert.studentId, alert.$id);
  }
  const viewers = await studentViewers(api, [...firstMatch.keys()], [row]);
  const notices = [...firstMatch]
    .filter(([studentId]) => studentMaySee(row, assignment, viewers.get(studentId) as StudentViewer))
    .map(([studentId, alertId]) => ({
      rowId: derivedRowId('alert-match', studentId, job.id),
      columns: {
        studentId,
        kind: 'alert-match' as const,
        message: alertMatchMessage(job),
        jobId: job.id,
        jobTitle: job.title,
        applicationId: null,
        alertId,
        readAt: null,
      },
    }));
  const notified = (await notifyMany(api, notices, kept)).map((notice) => notice.columns.studentId);
  return { jobId, notified, withdrawn };
}

/**
 * Takes back the bell's notices of a posting from every student who may no longer open it (a teacher
 * hid it, its recruiter was declined, it was made private or assigned to someone else), so the bell
 * never keeps the title of a posting the student cannot open. A closed posting still opens, as closed.
 * Answers whose notices went, and the ids of the posting's notices that stay (none is written twice).
 */
async function withdrawNotices(api: ServerApi, row: JobRow): Promise<{ withdrawn: string[]; kept: Set<string> }> {
  const notices = await allRows<NotificationRow>(api, TABLES.notifications, [Query.equal('jobId', row.$id), Query.equal('kind', [...POSTING_NOTICES])]);
  const viewers = await studentViewers(
    api,
    notices.map((notice) => notice.studentId),
    [row],
  );
  const stale = notices.filter((notice) => !studentMayOpen(row, viewers.get(notice.studentId) as StudentViewer));
  for (const notice of stale) {
    await orUndefined(api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.notifications, rowId: notice.$id }));
  }
  const staleIds = new Set(stale.map((notice) => notice.$id));
  return {
    withdrawn: [...new Set(stale.map((notice) => notice.studentId))],
    kept: new Set(notices.filter((notice) => !staleIds.has(notice.$id)).map((notice) => notice.$id)),
  };
}
