import { approvalDecisionProblem, type ApprovalDecision, type ApprovalOutcome, type WaitingRecruiter } from '../domain/employer-approval.ts';
import type { PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** Teachers' approval of employers (issue 15): a recruiter's public postings reach students only once approved. @public */
export interface ApprovalsModule {
  /** The recruiters waiting for approval, oldest first, each with their postings; teachers only (`not-allowed` otherwise). */
  queue(): Promise<WaitingRecruiter[]>;
  /**
   * Approves a recruiter (their public postings become visible to students and the public at once) or
   * declines with a reason; the recruiter is e-mailed either way. A decision already taken is refused
   * (`invalid-input`), and so is a decline without a reason.
   */
  decide(recruiterId: string, decision: ApprovalDecision, reason?: string): Promise<ApprovalOutcome>;
}

export function createApprovals(context: Pick<PortalContext, 'command' | 'member'>): ApprovalsModule {
  return {
    async queue() {
      await context.member();
      return context.command<WaitingRecruiter[]>('GET', '/approvals');
    },
    async decide(recruiterId, decision, reason) {
      const problem = approvalDecisionProblem(decision, reason);
      if (problem) throw invalidInput(problem);
      await context.member();
      const trimmed = reason?.trim();
      return context.command<ApprovalOutcome>('POST', `/approvals/${encodeURIComponent(recruiterId)}`, { decision, ...(trimmed ? { reason: trimmed } : {}) });
    },
  };
}
