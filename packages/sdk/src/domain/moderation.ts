/**
 * Reports and moderation (issue 15): any member reports a posting, a blog post or a comment with a
 * reason; a teacher hides it (its author still reads it, with the reason) or dismisses the report.
 * The same rules run in the SDK before a call leaves and in the `commands` function.
 */

/** What can be reported: a posting, a blog post or a comment. @public */
export type ReportKind = 'job' | 'post' | 'comment';
/** Every {@link ReportKind}. @public */
export const REPORT_KINDS: readonly ReportKind[] = ['job', 'post', 'comment'];

/** Where a report stands: waiting in the teachers' queue, or decided. @public */
export type ReportStatus = 'open' | 'hidden' | 'dismissed';
/** Every {@link ReportStatus}. @public */
export const REPORT_STATUSES: readonly ReportStatus[] = ['open', 'hidden', 'dismissed'];

/** What a teacher decides on a report. @public */
export type ModerationDecision = 'hide' | 'dismiss';
/** Every {@link ModerationDecision}. @public */
export const MODERATION_DECISIONS: readonly ModerationDecision[] = ['hide', 'dismiss'];

/** Longest reason a teacher gives for hiding (the column's size). @public */
export const MODERATION_REASON_MAX = 1000;
/** Longest reason of a report: enough to say what is wrong, short enough for a queue teachers read through. @public */
export const REPORT_REASON_MAX = 300;
/** How many reports one member may send in a day (UTC), so that nobody floods the teachers' queue. @public */
export const REPORTS_PER_DAY = 10;

/** A report as its reporter and teachers read it. @public */
export interface Report {
  id: string;
  reporterId: string;
  kind: ReportKind;
  targetId: string;
  reason: string;
  status: ReportStatus;
  createdAt: string;
}

/** A report in the teachers' queue, with the text of what was reported (empty when it is gone). @public */
export interface QueuedReport extends Report {
  targetText: string;
  targetAuthorId: string;
  /** Who wrote it: a post's or comment's author, a posting's poster (their e-mail); empty when it is gone. */
  targetAuthorName: string;
  /** When it was written (ISO string); null when it is gone. */
  targetCreatedAt: string | null;
  /** Where a teacher opens it in the portal (`/job/{id}`, or the blog for a post or comment); null when it is gone. */
  targetPath: string | null;
  /** Who reported it (their name, else their e-mail; empty for an account since deleted). */
  reporterName: string;
}

/** One decision, as the audit table keeps it. @public */
export interface ModerationAuditEntry {
  id: string;
  teacherId: string;
  teacherName: string;
  action: ModerationDecision;
  kind: ReportKind;
  targetId: string;
  reportId: string;
  reason: string | null;
  at: string;
}

/** What a missing reason is answered with: a report's, and a teacher's for hiding (its author reads it). @public */
export const MODERATION_REASON_MISSING = {
  report: 'Please say why you report this.',
  hide: 'Please give the reason its author will see.',
} as const;

export type ReasonCheck = { ok: true; reason: string } | { ok: false; message: string };

/**
 * A reason is required (trimmed) and at most `max` characters: {@link MODERATION_REASON_MAX} for
 * a teacher's, {@link REPORT_REASON_MAX} for a report's.
 */
export function checkModerationReason(reason: string | undefined, missing: string, max: number = MODERATION_REASON_MAX): ReasonCheck {
  const trimmed = (reason ?? '').trim();
  if (trimmed === '') return { ok: false, message: missing };
  if (trimmed.length > max) return { ok: false, message: `Please keep the reason under ${max} characters.` };
  return { ok: true, reason: trimmed };
}

/** The author's note on their own hidden content. @public */
export const hiddenNote = (reason: string): string => `Hidden by a teacher: ${reason}`;
