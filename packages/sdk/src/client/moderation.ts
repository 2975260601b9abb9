import {
  checkModerationReason,
  MODERATION_REASON_MISSING,
  REPORT_REASON_MAX,
  type ModerationDecision,
  type QueuedReport,
  type Report,
  type ReportKind,
} from '../domain/moderation.ts';
import type { PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** Reports and the teachers' moderation queue (issue 15). @public */
export interface ModerationModule {
  /**
   * Reports a posting, a blog post or a comment the member can read and did not write, with a reason.
   * Reporting the same thing again answers the first report. Something a teacher already hid is
   * refused (`invalid-input`) and changes nothing. A member sends at most `REPORTS_PER_DAY`
   * reports a day (`rate-limited` after that), each reason at most `REPORT_REASON_MAX` characters.
   */
  report(kind: ReportKind, id: string, reason: string): Promise<Report>;
  /** Teachers: the open reports, oldest first, with the text of what each reports. */
  queue(): Promise<QueuedReport[]>;
  /**
   * Teachers: hides what the report names (only its author, who sees `reason`, and teachers still read
   * it) or dismisses the report. Every decision is kept in the `moderation_audit` table.
   */
  decide(reportId: string, decision: ModerationDecision, reason?: string): Promise<Report>;
}

export function createModeration(context: Pick<PortalContext, 'command' | 'member'>): ModerationModule {
  return {
    async report(kind, id, reason) {
      const checked = checkModerationReason(reason, MODERATION_REASON_MISSING.report, REPORT_REASON_MAX);
      if (!checked.ok) throw invalidInput({ reason: checked.message });
      await context.member();
      return context.command<Report>('POST', '/reports', { kind, id, reason: checked.reason });
    },
    async queue() {
      await context.member();
      return context.command<QueuedReport[]>('GET', '/reports');
    },
    async decide(reportId, decision, reason) {
      if (decision === 'hide') {
        const checked = checkModerationReason(reason, MODERATION_REASON_MISSING.hide);
        if (!checked.ok) throw invalidInput({ reason: checked.message });
      }
      await context.member();
      return context.command<Report>('POST', `/reports/${encodeURIComponent(reportId)}/decision`, { decision, ...(reason ? { reason } : {}) });
    },
  };
}
