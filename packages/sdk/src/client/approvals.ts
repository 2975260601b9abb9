import { approvalDecisionProblem, type ApprovalDecision, type ApprovalOutcome, type WaitingRecruiter } from '../domain/employer-approval.ts';
import type { PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** Teachers' approval of employers (issue 15): a recruiter's public postings reach students only once approved. @public */
export interface ApprovalsModule {
  /**
   * The approvals the caller decides, oldest first: per school they are staff of, the recruiters
   * waiting for it and those the board trusts (which it may still decline); for the board's
   * administrators, the recruiters the board has not decided. Anyone else is `not-allowed`.
   */
  queue(): Promise<WaitingRecruiter[]>;
  /**
   * The decisions the caller may change, per school they are staff of (its approvals, the board's
   * trust it follows, its declines) and, for the board's administrators, the board's own.
   */
  decided(): Promise<WaitingRecruiter[]>;
  /**
   * Approves a recruiter or declines them with a reason, for a school (`schoolId`: the entry's school,
   * one the caller is staff of; the only one when they work for one) or, for a board administrator
   * naming no school, for the whole board (its trusted list). Their public postings meant for that
   * school (every school, and the public, for the board) reach its students at once. The recruiter is
   * e-mailed either way. A decision already standing is refused (`invalid-input`), and so is a decline
   * without a reason.
   */
  decide(recruiterId: string, decision: ApprovalDecision, reason?: string, options?: { schoolId?: string | null | undefined }): Promise<ApprovalOutcome>;
}

export function createApprovals(context: Pick<PortalContext, 'command' | 'member'>): ApprovalsModule {
  return {
    async queue() {
      await context.member();
      return context.command<WaitingRecruiter[]>('GET', '/approvals');
    },
    async decided() {
      await context.member();
      return context.command<WaitingRecruiter[]>('GET', '/approvals/decided');
    },
    async decide(recruiterId, decision, reason, options = {}) {
      const problem = approvalDecisionProblem(decision, reason);
      if (problem) throw invalidInput(problem);
      await context.member();
      const trimmed = reason?.trim();
      return context.command<ApprovalOutcome>('POST', `/approvals/${encodeURIComponent(recruiterId)}`, {
        decision,
        ...(trimmed ? { reason: trimmed } : {}),
        ...(options.schoolId ? { schoolId: options.schoolId } : {}),
      });
    },
  };
}
