import { DATABASE_ID, TABLES, type ApprovalStatus } from '@opportunity-kit/sdk/domain';
import { Permission, Role, type Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';

/** One row per recruiter account (its id the recruiter's user id), made with their first posting. */
export type RecruiterApprovalRow = Models.Row & {
  organisation: string;
  recruiterName: string;
  recruiterEmail: string;
  status: ApprovalStatus;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
};

/**
 * `EMPLOYER_APPROVAL=off` lets a school publish recruiters' postings at once; anything else (and no
 * value) keeps approval on, because students are minors and vetting employers is the safe default.
 */
export function employerApprovalRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.EMPLOYER_APPROVAL?.trim().toLowerCase() !== 'off';
}

/** Read by the recruiter it is about and by teachers; written only by `commands`. */
export function approvalPermissions(recruiterId: string): string[] {
  return [Permission.read(Role.user(recruiterId)), Permission.read(Role.label('teacher'))];
}

export async function recruiterApproval(api: ServerApi, recruiterId: string): Promise<RecruiterApprovalRow | undefined> {
  return orUndefined(api.tables.getRow<RecruiterApprovalRow>({ databaseId: DATABASE_ID, tableId: TABLES.recruiterApprovals, rowId: recruiterId }));
}

/**
 * Whether a creator's public postings must stay hidden from students and the public. Only a recruiter
 * who asked for approval has a row, so teachers' postings (and a school with approval off) never wait.
 */
export async function awaitsApproval(api: ServerApi, creatorId: string): Promise<boolean> {
  if (!employerApprovalRequired()) return false;
  const approval = await recruiterApproval(api, creatorId);
  return approval !== undefined && approval.status !== 'approved';
}

/** The recruiter's approval, asked for with their first posting; answers whether their postings wait. */
export async function requestApproval(api: ServerApi, recruiter: { id: string; name: string; email: string }, organisation: string): Promise<boolean> {
  if (!employerApprovalRequired()) return false;
  const existing = await recruiterApproval(api, recruiter.id);
  if (existing) return existing.status !== 'approved';
  try {
    await api.tables.createRow<RecruiterApprovalRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.recruiterApprovals,
      rowId: recruiter.id,
      data: { organisation, recruiterName: recruiter.name, recruiterEmail: recruiter.email, status: 'pending', reason: null, decidedBy: null, decidedAt: null },
      permissions: approvalPermissions(recruiter.id),
    });
  } catch (thrown) {
    // Two first postings at once: the other one asked, and a teacher may already have decided.
    if (!hasStatus(thrown, 409)) throw thrown;
    return (await recruiterApproval(api, recruiter.id))?.status !== 'approved';
  }
  return true;
}
