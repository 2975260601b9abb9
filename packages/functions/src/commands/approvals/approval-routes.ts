import {
  APPROVAL_MESSAGES,
  approvalDecisionProblem,
  DATABASE_ID,
  TABLES,
  toJob,
  type ApprovalDecision,
  type ApprovalOutcome,
  type ApprovalStatus,
  type School,
  type WaitingRecruiter,
} from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember, type Member } from '../../platform/caller.ts';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { invalidInput, notAllowed, notFound } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { allRows, derivedRowId, type NotificationRow } from '../../portal/alert-rows.ts';
import { decideTogether } from '../../portal/atomic-writes.ts';
import { notify } from '../../portal/notices.ts';
import { approvalPermissions, postingReach, recruiterApproval, type RecruiterApprovalRow } from '../../portal/employer-approval.ts';
import { postingPermissions } from '../../portal/permissions.ts';
import { postingAssignment, shareImageWithReaders } from '../../portal/postings.ts';
import type { JobRow } from '../../portal/rows.ts';
import { allSchools, membershipsOf, staffIdsOf } from '../../portal/schools.ts';
import { isBoardAdmin } from '../schools/school-access.ts';
import { mailApprovalDecision } from './approval-mail.ts';

/**
 * Employer approval across a board (issue 23): each school approves or declines a recruiter for
 * itself; the board's administrators keep a trusted list (approved once, seen by every school) and
 * may decline a recruiter board-wide. A school may still decline a recruiter the board trusts. Where a
 * posting reaches follows from these decisions (`postingReach`), rewritten on each.
 */

const PAGE = 100;

async function postingsOf(api: ServerApi, recruiterId: string): Promise<JobRow[]> {
  const rows: JobRow[] = [];
  for (let cursor: string | undefined; ;) {
    const page = await api.tables.listRows<JobRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.jobs,
      queries: [Query.equal('creatorId', recruiterId), Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    rows.push(...page.rows);
    if (page.rows.length < PAGE) return rows;
    cursor = page.rows[page.rows.length - 1]?.$id;
  }
}

async function approvalRows(api: ServerApi, status: readonly ApprovalStatus[]): Promise<RecruiterApprovalRow[]> {
  const rows: RecruiterApprovalRow[] = [];
  for (let cursor: string | undefined; ;) {
    const page = await api.tables.listRows<RecruiterApprovalRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.recruiterApprovals,
      queries: [Query.equal('status', [...status]), Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    rows.push(...page.rows);
    if (page.rows.length < PAGE) return rows.sort((a, b) => a.$createdAt.localeCompare(b.$createdAt));
    cursor = page.rows[page.rows.length - 1]?.$id;
  }
}

/** The school's own standing on a recruiter: its decision, else the board's trust, else waiting. */
function schoolStatus(row: RecruiterApprovalRow, schoolId: string): ApprovalStatus {
  if (row.status === 'declined' || (row.declinedSchools ?? []).includes(schoolId)) return 'declined';
  if (row.status === 'approved' || (row.approvedSchools ?? []).includes(schoolId)) return 'approved';
  return 'pending';
}

const meantFor = (job: JobRow, schoolId: string): boolean => !job.schoolIds?.length || job.schoolIds.includes(schoolId);

function entry(row: RecruiterApprovalRow, school: School | null, postings: JobRow[]): WaitingRecruiter {
  return {
    recruiterId: row.$id,
    recruiterName: row.recruiterName,
    recruiterEmail: row.recruiterEmail,
    organisation: row.organisation,
    requestedAt: row.$createdAt,
    schoolId: school?.id ?? null,
    schoolName: school?.name ?? null,
    boardStatus: row.status,
    status: school ? schoolStatus(row, school.id) : row.status,
    postings: postings.map(toJob),
  };
}

/**
 * GET /approvals — what waits for the caller's decision, oldest first: for each school they are staff
 * of, the recruiters with postings meant for it that neither it nor the board decided; for the board's
 * administrators, the recruiters the board has not decided.
 */
export const approvalQueue: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  return approvalsWhere(api, member, ['pending'], (status) => status === 'pending');
};

/**
 * GET /approvals/decided — the decisions the caller may change: per school, the recruiters it (or the
 * board's trust) approved and those it declined; for the board's administrators, the board's own.
 */
export const decidedApprovals: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  return approvalsWhere(api, member, ['pending', 'approved', 'declined'], (status) => status !== 'pending');
};

/** How many decisions wait for the member (0 for someone who decides for no school and not for the board), for the navigation's count. */
export async function waitingApprovalCount(api: ServerApi, member: Member): Promise<number> {
  if ((await schoolsDecidedFor(api, member)).length === 0 && !isBoardAdmin(member)) return 0;
  return (await approvalsWhere(api, member, ['pending'], (status) => status === 'pending')).length;
}

async function approvalsWhere(
  api: ServerApi,
  member: Member,
  boardStatuses: readonly ApprovalStatus[],
  wanted: (status: ApprovalStatus) => boolean,
): Promise<WaitingRecruiter[]> {
  const schools = await schoolsDecidedFor(api, member);
  const board = isBoardAdmin(member);
  if (schools.length === 0 && !board) throw notAllowed(APPROVAL_MESSAGES.onlyStaff);
  const found: WaitingRecruiter[] = [];
  for (const row of await approvalRows(api, board ? ['pending', 'approved', 'declined'] : boardStatuses)) {
    const postings = await postingsOf(api, row.$id);
    if (board && wanted(row.status)) found.push(entry(row, null, postings));
    for (const school of schools) {
      const meant = postings.filter((job) => meantFor(job, school.id));
      // A recruiter the board declined is the board's to decide again, not a school's.
      if (meant.length > 0 && row.status !== 'declined' && wanted(schoolStatus(row, school.id))) found.push(entry(row, school, meant));
    }
  }
  return found;
}

/** The schools the member decides for: those they are on the staff of. */
async function schoolsDecidedFor(api: ServerApi, member: Member): Promise<School[]> {
  const memberships = await membershipsOf(api, member.id);
  return memberships.filter((membership) => membership.staffRoles.length > 0).map((membership) => ({ id: membership.schoolId, name: membership.schoolName }));
}

/**
 * POST /approvals/{recruiterId} — decides for a school (`schoolId`, one the caller is staff of; the
 * only one, when they work for one) or, for a board administrator naming no school, for the board.
 * Approving makes the recruiter's public postings reach that school's students (every school's, and
 * the public, for the board), which open listings receive as row updates; declining needs a reason.
 * The recruiter is mailed either way. Repeating the standing decision is refused, so nothing is mailed
 * twice; two decisions at once are taken one after the other (a compare-and-set on the approval row).
 */
export const decideApproval: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const decision = body.text('decision');
  const reason = body.text('reason')?.trim() || null;
  const requestedSchool = body.text('schoolId');
  body.done();
  const school = await decidingFor(api, member, requestedSchool);
  const problem = approvalDecisionProblem(decision, reason);
  if (problem) throw invalidInput(problem);
  // A decision with no problem is one of the two.
  const status: ApprovalDecision = decision === 'approved' ? 'approved' : 'declined';
  const recruiterId = params.recruiterId as string;
  if (!(await recruiterApproval(api, recruiterId))) throw notFound(APPROVAL_MESSAGES.notAsked);

  const decided = await decideTogether(api, [{ tableId: TABLES.recruiterApprovals, rowId: recruiterId }], async () => {
    const approval = await recruiterApproval(api, recruiterId);
    if (!approval) throw notFound(APPROVAL_MESSAGES.notAsked);
    const data = school ? schoolDecision(approval, school.id, status) : boardDecision(approval, status);
    const stamp = { reason: status === 'declined' ? reason : null, decidedBy: member.id, decidedAt: new Date().toISOString() };
    return {
      writes: [
        {
          action: 'update',
          tableId: TABLES.recruiterApprovals,
          rowId: recruiterId,
          data: { ...data, ...stamp },
          permissions: approvalPermissions(recruiterId),
        },
      ],
      answer: { approval, decidedAt: stamp.decidedAt },
    };
  });
  await republish(api, recruiterId);
  const { approval } = decided;
  await mailApprovalDecision(api, {
    recruiterId,
    recruiterName: approval.recruiterName,
    organisation: approval.organisation,
    status,
    reason: status === 'declined' ? reason : null,
    decidedBy: school?.name ?? null,
  });
  await noticeToRecruiter(api, approval, school, status, reason, decided.decidedAt);
  await settleWaitingNotices(api, recruiterId, school);
  return {
    recruiterId,
    schoolId: school?.id ?? null,
    organisation: approval.organisation,
    status,
    reason: status === 'declined' ? reason : null,
    decidedAt: decided.decidedAt,
  } satisfies ApprovalOutcome;
};

/**
 * The decision in the recruiter's bell too (the mail above says it with its reason); the notice names
 * one of their postings the decision is about, which is where its link leads.
 */
async function noticeToRecruiter(
  api: ServerApi,
  approval: RecruiterApprovalRow,
  school: School | null,
  status: ApprovalDecision,
  reason: string | null,
  decidedAt: string,
): Promise<void> {
  const posting = (await postingsOf(api, approval.$id)).find((job) => !school || meantFor(job, school.id));
  if (!posting) return;
  const who = school?.name ?? 'The school board';
  const message =
    status === 'approved'
      ? `${who} approved ${approval.organisation}: your postings meant for ${school ? 'it' : 'every school'} are now visible to students.`
      : `${who} declined ${approval.organisation}, so ${school ? 'its' : 'no'} students see your postings.${reason ? ` Reason: ${reason}` : ''}`;
  await notify(api, derivedRowId('approval-decided', approval.$id, school?.id ?? 'board', decidedAt), {
    recipientId: approval.$id,
    kind: 'approval-decided',
    message: message.length > NOTICE_MAX ? `${message.slice(0, NOTICE_MAX - 1)}…` : message,
    jobId: posting.$id,
    jobTitle: posting.title,
  });
}

/**
 * The "waiting for your approval" notices of the staff the decision was for (that school's, or every
 * school's for the board) are read now: nothing waits for them any more, and their bells and counts
 * say so live.
 */
async function settleWaitingNotices(api: ServerApi, recruiterId: string, school: School | null): Promise<void> {
  const jobIds = (await postingsOf(api, recruiterId)).map((job) => job.$id);
  if (jobIds.length === 0) return;
  const staff = school ? new Set(await staffIdsOf(api, school.id)) : null;
  const readAt = new Date().toISOString();
  for (let start = 0; start < jobIds.length; start += PAGE) {
    const unread = await allRows<NotificationRow>(api, TABLES.notifications, [
      Query.equal('kind', 'approval-waiting'),
      Query.equal('jobId', jobIds.slice(start, start + PAGE)),
      Query.isNull('readAt'),
    ]);
    for (const row of unread) {
      if (staff && !staff.has(row.studentId)) continue;
      await api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.notifications, rowId: row.$id, data: { readAt } });
    }
  }
}

/** The notifications table's `message` holds 500 characters. */
const NOTICE_MAX = 500;

/** The school a decision is for, or null for the board's own (a board administrator naming no school). */
async function decidingFor(api: ServerApi, member: Member, requested: string | undefined): Promise<School | null> {
  if (!requested && isBoardAdmin(member)) return null;
  const schools = await schoolsDecidedFor(api, member);
  if (requested) {
    // A board administrator may decide for any school of the board; anyone else only for their own.
    const school =
      schools.find((candidate) => candidate.id === requested) ??
      (isBoardAdmin(member) ? (await allSchools(api)).find((candidate) => candidate.id === requested) : undefined);
    if (!school) throw notAllowed(APPROVAL_MESSAGES.onlyStaff);
    return school;
  }
  if (schools.length === 1) return schools[0] as School;
  if (schools.length === 0) throw notAllowed(APPROVAL_MESSAGES.onlyStaff);
  throw invalidInput({ schoolId: 'You are on the staff of several schools: please choose one.' });
}

function schoolDecision(approval: RecruiterApprovalRow, schoolId: string, status: ApprovalDecision): Partial<RecruiterApprovalRow> {
  if (approval.status === 'declined' && status === 'approved') throw invalidInput({ form: APPROVAL_MESSAGES.boardDeclined });
  const approved = new Set(approval.approvedSchools ?? []);
  const declined = new Set(approval.declinedSchools ?? []);
  const standing = declined.has(schoolId) ? 'declined' : approved.has(schoolId) || approval.status === 'approved' ? 'approved' : 'pending';
  if (standing === status) throw invalidInput({ form: status === 'approved' ? APPROVAL_MESSAGES.alreadyApproved : APPROVAL_MESSAGES.alreadyDeclined });
  (status === 'approved' ? approved : declined).add(schoolId);
  (status === 'approved' ? declined : approved).delete(schoolId);
  return { approvedSchools: [...approved].sort(), declinedSchools: [...declined].sort() };
}

function boardDecision(approval: RecruiterApprovalRow, status: ApprovalDecision): Partial<RecruiterApprovalRow> {
  if (approval.status === status) throw invalidInput({ form: status === 'approved' ? APPROVAL_MESSAGES.alreadyApproved : APPROVAL_MESSAGES.alreadyDeclined });
  return { status };
}

/**
 * Gives each of the recruiter's postings (and its image) the readers the decisions now allow. Each is
 * a compare-and-set on the posting: a teacher hiding it (or its creator editing it) between the read
 * and the write makes it decide again from the row as it is then, so a hidden posting stays hidden.
 */
async function republish(api: ServerApi, recruiterId: string): Promise<void> {
  for (const listed of await postingsOf(api, recruiterId)) {
    // A posting removed meanwhile (its guard answers 404) has nothing left to publish: the others go on.
    const shared = await orUndefined(
      decideTogether(api, [{ tableId: TABLES.jobs, rowId: listed.$id }], async () => {
        const job = await api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: listed.$id });
        const assigneeId = (await postingAssignment(api, job))?.studentId ?? null;
        const reach = await postingReach(api, job);
        // The whole row, so whatever else keeps a posting from its readers (a teacher hiding it) still holds.
        const audience = { ...job, ...reach };
        const permissions = postingPermissions(audience, assigneeId);
        return {
          writes: [{ action: 'update', tableId: TABLES.jobs, rowId: job.$id, data: { waitingForApproval: reach.awaitingApproval }, permissions }],
          answer: { audience, assigneeId },
        };
      }),
    );
    if (shared) await shareImageWithReaders(api, shared.audience, shared.assigneeId);
  }
}
