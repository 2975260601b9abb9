import { TABLES, type WorkCounts } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import type { Member } from '../../platform/caller.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { allRows } from '../../portal/alert-rows.ts';
import type { ApplicationRow } from '../../portal/rows.ts';
import { waitingApprovalCount } from '../approvals/approval-routes.ts';
import { entriesOfStaffSchools } from '../hours/hours-rows.ts';
import { openReportsFor } from '../moderation/report-routes.ts';

/**
 * What waits for the member, for the counts on the navigation and the top of their home page. Each
 * count is what the page it stands for lists (the approvals, the hours queue's entries ready for a
 * decision, the moderation queue, the applications to their postings still unanswered).
 */
export async function workCounts(api: ServerApi, member: Member): Promise<WorkCounts> {
  if (member.role === 'student') return { approvals: 0, hoursToReview: 0, reports: 0, applications: 0 };
  const teacher = member.role === 'teacher';
  const [approvals, hoursToReview, reports, applications] = await Promise.all([
    waitingApprovalCount(api, member),
    teacher ? hoursReadyForReview(api, member) : 0,
    teacher ? openReports(api, member) : 0,
    member.role === 'recruiter' || teacher ? unansweredApplications(api, member) : 0,
  ]);
  return { approvals, hoursToReview, reports, applications };
}

async function hoursReadyForReview(api: ServerApi, member: Member): Promise<number> {
  const rows = await entriesOfStaffSchools(api, member, [Query.equal('status', ['confirmed', 'disputed'])]);
  return rows.filter((row) => row.studentId !== member.id).length;
}

async function openReports(api: ServerApi, member: Member): Promise<number> {
  return (await openReportsFor(api, member)).length;
}

async function unansweredApplications(api: ServerApi, member: Member): Promise<number> {
  const rows = await allRows<ApplicationRow>(api, TABLES.applications, [
    Query.equal('jobCreatorId', member.id),
    Query.equal('status', 'pending'),
    Query.equal('postingRemoved', false),
  ]);
  return rows.length;
}
