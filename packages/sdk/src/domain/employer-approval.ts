import type { Job } from './entities.ts';

/** A teacher's decision on a recruiter. @public */
export type ApprovalDecision = 'approved' | 'declined';

/** Where a recruiter stands: waiting from their first posting until a teacher decides. @public */
export type ApprovalStatus = 'pending' | ApprovalDecision;

/** A recruiter in the teachers' approval queue, with the postings students will see once approved. @public */
export interface WaitingRecruiter {
  recruiterId: string;
  recruiterName: string;
  recruiterEmail: string;
  /** The organisation named on the recruiter's first posting. */
  organisation: string;
  /** When the recruiter's first posting asked for approval (ISO string). */
  requestedAt: string;
  postings: Job[];
}

/** What a decision answers. @public */
export interface ApprovalOutcome {
  recruiterId: string;
  organisation: string;
  status: ApprovalStatus;
  reason: string | null;
  decidedAt: string | null;
}

/** The mark a recruiter sees on their postings until a teacher approves them (the spec's text). @public */
export const WAITING_FOR_APPROVAL = "Waiting for the school's approval";

/** The longest reason a teacher may give for declining. */
export const APPROVAL_REASON_MAX = 1000;

/** The refusal of a decision, field by field, or null when it may be sent. */
export function approvalDecisionProblem(
  decision: string | undefined,
  reason: string | null | undefined,
): Partial<Record<'decision' | 'reason', string>> | null {
  const trimmed = reason?.trim() ?? '';
  if (decision !== 'approved' && decision !== 'declined') return { decision: 'Please choose to approve or decline' };
  if (decision === 'declined' && !trimmed) return { reason: 'Please give the employer a reason for declining' };
  if (trimmed.length > APPROVAL_REASON_MAX) return { reason: `Please keep the reason under ${APPROVAL_REASON_MAX} characters` };
  return null;
}
