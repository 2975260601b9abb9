import type { Job } from './entities.ts';

/** A school's or the board's decision on a recruiter. @public */
export type ApprovalDecision = 'approved' | 'declined';

/**
 * Where a recruiter stands with a school or with the board: waiting from their first posting until
 * someone decides. The board's `approved` is its trusted list: every school sees the recruiter's
 * postings, except a school that declines them for itself. @public
 */
export type ApprovalStatus = 'pending' | ApprovalDecision;

/**
 * A recruiter in an approval queue, with the postings students will see once approved: a school's
 * staff see those waiting for their school (and those the board trusts, which their school may still
 * decline); the board's administrators those the board has not decided. @public
 */
export interface WaitingRecruiter {
  recruiterId: string;
  recruiterName: string;
  recruiterEmail: string;
  /** The organisation named on the recruiter's first posting. */
  organisation: string;
  /** When the recruiter's first posting asked for approval (ISO string). */
  requestedAt: string;
  /** The school this entry asks a decision of; null: the board's own decision (its trusted list). */
  schoolId: string | null;
  schoolName: string | null;
  /** The board's decision: `approved` means trusted by the board. */
  boardStatus: ApprovalStatus;
  /** The decision this entry asks for: the school's (`approved` when it follows the board's trust), or the board's. */
  status: ApprovalStatus;
  /** The recruiter's postings meant for this school (for the board: all of them). */
  postings: Job[];
}

/** What a decision answers. @public */
export interface ApprovalOutcome {
  recruiterId: string;
  /** The school that decided; null for the board. */
  schoolId: string | null;
  organisation: string;
  status: ApprovalStatus;
  reason: string | null;
  decidedAt: string | null;
}

/** The mark a recruiter sees on their postings until a school (or the board) approves them (the spec's text). @public */
export const WAITING_FOR_APPROVAL = "Waiting for the school's approval";

/** Said when a decision repeats the one standing, or a school would approve an employer the board declined. @public */
export const APPROVAL_MESSAGES = {
  alreadyApproved: 'This employer is already approved.',
  alreadyDeclined: 'This employer is already declined.',
  boardDeclined: 'The board declined this employer: no school can approve them.',
  notAsked: 'This employer has not asked for approval.',
  onlyStaff: 'Only a school’s staff or the board’s administrators can approve employers.',
} as const;

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
