import { DATABASE_ID, TABLES, type ApprovalStatus } from '@opportunity-kit/sdk/domain';
import { Permission, Role, type Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { allSchools } from './schools.ts';

/** One row per recruiter account (its id the recruiter's user id), made with their first posting. */
export type RecruiterApprovalRow = Models.Row & {
  organisation: string;
  recruiterName: string;
  recruiterEmail: string;
  status: ApprovalStatus;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  /** The schools that approved the recruiter for themselves (issue 23); null on rows from before schools. */
  approvedSchools?: string[] | null;
  /** The schools that declined the recruiter for themselves, even when the board trusts them. */
  declinedSchools?: string[] | null;
};

/**
 * `EMPLOYER_APPROVAL=off` lets a school publish recruiters' postings at once; anything else (and no
 * value) keeps approval on, because students are minors and vetting employers is the safe default.
 */
export function employerApprovalRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.EMPLOYER_APPROVAL?.trim().toLowerCase() !== 'off';
}

/** Read by the recruiter it is about and by the board's staff; written only by `commands`. */
export function approvalPermissions(recruiterId: string): string[] {
  return [Permission.read(Role.user(recruiterId)), Permission.read(Role.label('teacher'))];
}

export async function recruiterApproval(api: ServerApi, recruiterId: string): Promise<RecruiterApprovalRow | undefined> {
  return orUndefined(api.tables.getRow<RecruiterApprovalRow>({ databaseId: DATABASE_ID, tableId: TABLES.recruiterApprovals, rowId: recruiterId }));
}

/**
 * The schools a recruiter's public posting reaches among `targets` (issue 23): none once the board
 * declined the recruiter; else each school that approved them, or every school once the board trusts
 * them, except a school that declined them for itself. A creator with no approval row (a teacher, or
 * a board with approval off) reaches every target.
 */
export function schoolsReached(targets: readonly string[], approval: RecruiterApprovalRow | undefined): string[] {
  if (!approval) return [...targets];
  if (approval.status === 'declined') return [];
  const approved = new Set(approval.approvedSchools ?? []);
  const declined = new Set(approval.declinedSchools ?? []);
  return targets.filter((schoolId) => !declined.has(schoolId) && (approval.status === 'approved' || approved.has(schoolId)));
}

/** Whom a posting's public readers are, as `postingPermissions` takes them. */
export interface PostingReach {
  /** No school may see it yet: its recruiter waits for approval (or was declined everywhere it was meant for). */
  awaitingApproval: boolean;
  /** `board`: every school and the public; else the schools whose members read it. */
  reachedSchools: readonly string[] | 'board';
}

/**
 * Where a posting reaches now: the schools its creator picked (none: the whole board) that approved
 * its creator. Every write of a posting's permissions starts here, so the board's and each school's
 * decisions hold on every path.
 */
export async function postingReach(api: ServerApi, posting: { creatorId: string; schoolIds?: readonly string[] | null }): Promise<PostingReach> {
  const approval = employerApprovalRequired() ? await recruiterApproval(api, posting.creatorId) : undefined;
  const picked = posting.schoolIds ?? [];
  if (!approval && picked.length === 0) return { awaitingApproval: false, reachedSchools: 'board' };
  const board = (await allSchools(api)).map((school) => school.id);
  // A board with no school yet has nobody to reach but the public, once the recruiter is approved.
  if (board.length === 0) return { awaitingApproval: approval !== undefined && approval.status !== 'approved', reachedSchools: 'board' };
  const targets = picked.length === 0 ? board : board.filter((schoolId) => picked.includes(schoolId));
  const reached = schoolsReached(targets, approval);
  return { awaitingApproval: reached.length === 0, reachedSchools: reached.length === board.length ? 'board' : reached };
}

/** Asks for the recruiter's approval with their first posting (once per account; a later posting finds it asked). */
export async function requestApproval(api: ServerApi, recruiter: { id: string; name: string; email: string }, organisation: string): Promise<void> {
  if (!employerApprovalRequired()) return;
  if (await recruiterApproval(api, recruiter.id)) return;
  try {
    await api.tables.createRow<RecruiterApprovalRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.recruiterApprovals,
      rowId: recruiter.id,
      data: {
        organisation,
        recruiterName: recruiter.name,
        recruiterEmail: recruiter.email,
        status: 'pending',
        reason: null,
        decidedBy: null,
        decidedAt: null,
        approvedSchools: [],
        declinedSchools: [],
      },
      permissions: approvalPermissions(recruiter.id),
    });
  } catch (thrown) {
    // Two first postings at once: the other one asked.
    if (!hasStatus(thrown, 409)) throw thrown;
  }
}
