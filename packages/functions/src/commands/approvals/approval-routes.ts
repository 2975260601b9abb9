import { approvalDecisionProblem, DATABASE_ID, TABLES, toJob, type ApprovalDecision, type WaitingRecruiter } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed, notFound } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { approvalPermissions, recruiterApproval, type RecruiterApprovalRow } from '../../portal/employer-approval.ts';
import { postingPermissions } from '../../portal/permissions.ts';
import { postingAssignment, shareImageWithReaders } from '../../portal/postings.ts';
import type { JobRow } from '../../portal/rows.ts';
import { mailApprovalDecision } from './approval-mail.ts';

function requireTeacher(member: Member): void {
  if (member.role !== 'teacher') throw notAllowed('Only teachers can approve employers.');
}

async function postingsOf(api: ServerApi, recruiterId: string): Promise<JobRow[]> {
  const rows: JobRow[] = [];
  for (let cursor: string | undefined; ;) {
    const page = await api.tables.listRows<JobRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.jobs,
      queries: [Query.equal('creatorId', recruiterId), Query.orderAsc('$id'), Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    rows.push(...page.rows);
    if (page.rows.length < 100) return rows;
    cursor = page.rows[page.rows.length - 1]?.$id;
  }
}

/** GET /approvals — teachers: the recruiters waiting for approval, oldest first, each with their postings. */
export const approvalQueue: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  requireTeacher(member);
  const waiting = await api.tables.listRows<RecruiterApprovalRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.recruiterApprovals,
    queries: [Query.equal('status', 'pending'), Query.orderAsc('$createdAt'), Query.limit(100)],
  });
  return Promise.all(
    waiting.rows.map(async (row): Promise<WaitingRecruiter> => ({
      recruiterId: row.$id,
      recruiterName: row.recruiterName,
      recruiterEmail: row.recruiterEmail,
      organisation: row.organisation,
      requestedAt: row.$createdAt,
      postings: (await postingsOf(api, row.$id)).map(toJob),
    })),
  );
};

/**
 * POST /approvals/{recruiterId} — a teacher approves a recruiter (their public postings become
 * everyone's, which open listings receive as row updates) or declines with a reason; the recruiter is
 * mailed either way. Deciding what is already decided is refused, so nothing is mailed twice.
 */
export const decideApproval: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const decision = body.text('decision');
  const reason = body.text('reason')?.trim() || null;
  body.done();
  requireTeacher(member);
  const problem = approvalDecisionProblem(decision, reason);
  if (problem) throw invalidInput(problem);
  // A decision with no problem is one of the two.
  const status: ApprovalDecision = decision === 'approved' ? 'approved' : 'declined';

  const approval = await recruiterApproval(api, params.recruiterId as string);
  if (!approval) throw notFound('This employer has not asked for approval.');
  if (approval.status === status) {
    throw invalidInput({ form: status === 'approved' ? 'This employer is already approved.' : 'This employer is already declined.' });
  }
  const decided = await api.tables.updateRow<RecruiterApprovalRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.recruiterApprovals,
    rowId: approval.$id,
    data: { status, reason: status === 'declined' ? reason : null, decidedBy: member.id, decidedAt: new Date().toISOString() },
    permissions: approvalPermissions(approval.$id),
  });
  await republish(api, approval.$id, status !== 'approved');
  await mailApprovalDecision(api, { recruiterId: approval.$id, recruiterName: approval.recruiterName, organisation: approval.organisation, status, reason });
  return { recruiterId: decided.$id, organisation: decided.organisation, status: decided.status, reason: decided.reason, decidedAt: decided.decidedAt };
};

/** Gives each of the recruiter's postings (and its image) the readers the decision allows. */
async function republish(api: ServerApi, recruiterId: string, awaitingApproval: boolean): Promise<void> {
  for (const job of await postingsOf(api, recruiterId)) {
    const assigneeId = (await postingAssignment(api, job))?.studentId ?? null;
    // The whole row, so whatever else keeps a posting from its readers (a teacher hiding it) still holds.
    const audience = { ...job, awaitingApproval };
    await api.tables.updateRow<JobRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.jobs,
      rowId: job.$id,
      data: { waitingForApproval: awaitingApproval },
      permissions: postingPermissions(audience, assigneeId),
    });
    await shareImageWithReaders(api, audience, assigneeId);
  }
}
