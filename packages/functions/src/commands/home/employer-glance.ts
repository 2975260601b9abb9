import { TABLES, type EmployerGlance } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import type { Member } from '../../platform/caller.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { allRows } from '../../portal/alert-rows.ts';
import { reminderDays } from '../../portal/reminder-days.ts';
import type { ApplicationRow, JobRow } from '../../portal/rows.ts';

const HOUR_MS = 3_600_000;

/**
 * The poster's own postings, newest first, with their applicants (all, new since `since`, waiting for an
 * answer), whether each still waits for a school's approval, and the median time they took to answer
 * an application (from applying to the first decision), and after how many days an unanswered one reminds them.
 */
export async function employerGlance(api: ServerApi, member: Member, since: string | undefined): Promise<EmployerGlance> {
  const [jobs, applications] = await Promise.all([
    allRows<JobRow>(api, TABLES.jobs, [Query.equal('creatorId', member.id)]),
    allRows<ApplicationRow>(api, TABLES.applications, [Query.equal('jobCreatorId', member.id), Query.equal('postingRemoved', false)]),
  ]);
  const sinceMs = since ? Date.parse(since) : Number.NaN;
  const postings = jobs
    .sort((a, b) => b.$createdAt.localeCompare(a.$createdAt))
    .map((job) => {
      const mine = applications.filter((application) => application.jobId === job.$id);
      return {
        jobId: job.$id,
        title: job.title,
        applicants: mine.length,
        newApplicants: Number.isNaN(sinceMs) ? 0 : mine.filter((application) => Date.parse(application.$createdAt) > sinceMs).length,
        waiting: mine.filter((application) => application.status === 'pending').length,
        waitingForApproval: job.waitingForApproval === true,
        closed: job.closedAs !== null && job.closedAs !== undefined,
      };
    });
  const waits = applications
    .filter((application) => application.decidedAt)
    .map((application) => (Date.parse(application.decidedAt as string) - Date.parse(application.$createdAt)) / HOUR_MS)
    .sort((a, b) => a - b);
  return { postings, medianResponseHours: median(waits), answered: waits.length, reminderDays: reminderDays() };
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round(value * 10) / 10;
}
