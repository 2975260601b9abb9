import type { DateString } from '../dates.ts';
import { hoursChecksOf, type HoursCheckColumns, type HoursChecks } from '../hours-activity.ts';
import {
  fromQuarterHours,
  type HoursApprovalSkipReason,
  type HoursReviewDecision,
  type ServiceHoursInput,
  type ServiceHoursStatus,
  type SupervisorDecision,
} from '../service-hours.ts';

/**
 * The wire contract of community involvement hours: the `service_hours` columns, the entry the
 * `commands` routes answer, and each route's body and answer.
 */

/** One logged entry, as its student and teachers see it. @public */
export interface ServiceHoursEntry {
  id: string;
  studentId: string;
  studentEmail: string;
  studentName: string;
  organisation: string;
  activity: string;
  date: DateString;
  hours: number;
  supervisorName: string;
  supervisorEmail: string;
  reflection: string | null;
  /** The posting it was pre-filled from, if any. */
  jobId: string | null;
  status: ServiceHoursStatus;
  /** When the supervisor confirmed or disputed it. */
  supervisorAnsweredAt: string | null;
  /**
   * True while the supervisor's current link has not been e-mailed (the mail failed, or the server
   * stopped before sending it): "Resend to supervisor" sends it.
   */
  supervisorMailOwed: boolean;
  /** Hours that count: the logged hours when approved, fewer when partial, 0 when declined; null before review. */
  approvedHours: number | null;
  reviewerId: string | null;
  reviewerName: string | null;
  reviewComment: string | null;
  reviewedAt: string | null;
  /** Why the supervisor disputed the hours (required with a dispute); null otherwise. */
  disputeReason: string | null;
  /** What the youth-work rules said when it was logged, and the parent's signatures (issue 26). */
  checks: HoursChecks;
  createdAt: string;
}

/** The columns of a `service_hours` row: hours are stored as whole quarter hours, so sums stay exact. */
export interface ServiceHoursColumns extends HoursCheckColumns {
  studentId: string;
  studentEmail: string;
  studentName: string | null;
  organisation: string;
  activity: string;
  date: string;
  quarterHours: number;
  supervisorName: string;
  supervisorEmail: string;
  reflection: string | null;
  jobId: string | null;
  status: ServiceHoursStatus;
  supervisorAnsweredAt: string | null;
  /**
   * Set in the same write that makes a new supervisor link (a new entry, a changed one, a new link),
   * cleared once that link is mailed: a crash in between leaves the entry saying its mail is owed.
   * Absent (null) on rows written before it existed, whose mails went out.
   */
  supervisorMailOwedSince?: string | null;
  approvedQuarterHours: number | null;
  reviewerId: string | null;
  reviewerName: string | null;
  reviewComment: string | null;
  reviewedAt: string | null;
  /** The supervisor's reason for a dispute; absent (null) on rows written before it existed. */
  disputeReason?: string | null;
  /**
   * The student's school when they logged the entry (issue 23): its staff read and decide it. Null for
   * a student of no school, and absent on rows written before schools existed.
   */
  schoolId?: string | null;
}

/** The columns of an `hours_confirmations` row (row id = the entry's id; nobody but the function reads it). */
export interface HoursConfirmationColumns {
  entryId: string;
  /** SHA-256 of the mailed token, hex: the token itself is never stored. */
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  /**
   * SHA-256 of what the link was mailed for (organisation, activity, date, hours, supervisor): the
   * link confirms only that. Absent (null) on links mailed before it existed.
   */
  contentHash?: string | null;
  /** The hash of the link this one replaced, so its holder is told a newer link was mailed. */
  replacedTokenHash?: string | null;
}

export function toServiceHoursEntry(row: ServiceHoursColumns & { $id: string; $createdAt: string }): ServiceHoursEntry {
  return {
    id: row.$id,
    studentId: row.studentId,
    studentEmail: row.studentEmail,
    studentName: row.studentName ?? '',
    organisation: row.organisation,
    activity: row.activity,
    date: row.date,
    hours: fromQuarterHours(row.quarterHours),
    supervisorName: row.supervisorName,
    supervisorEmail: row.supervisorEmail,
    reflection: row.reflection ?? null,
    jobId: row.jobId ?? null,
    status: row.status,
    supervisorAnsweredAt: row.supervisorAnsweredAt ?? null,
    supervisorMailOwed: Boolean(row.supervisorMailOwedSince),
    approvedHours: row.approvedQuarterHours === null || row.approvedQuarterHours === undefined ? null : fromQuarterHours(row.approvedQuarterHours),
    reviewerId: row.reviewerId ?? null,
    reviewerName: row.reviewerName ?? null,
    reviewComment: row.reviewComment ?? null,
    reviewedAt: row.reviewedAt ?? null,
    disputeReason: row.disputeReason ?? null,
    checks: hoursChecksOf(row),
    createdAt: row.$createdAt,
  };
}

/** `POST /hours`: a new entry; `PUT /hours/{id}`: its new fields (the supervisor's must stay the same). */
export type LogHoursBody = ServiceHoursInput;

/** `POST /hours/{id}/confirmation/view`: the token from the supervisor's link. */
export interface ConfirmationTokenBody {
  token: string;
}

/** `POST /hours/{id}/confirmation`: the supervisor's answer. */
export interface ConfirmationDecisionBody {
  token: string;
  decision: SupervisorDecision;
  /** Why the hours are not right: required with `disputed`, ignored with `confirmed`. */
  reason?: string;
}

/** What the confirmation page shows a supervisor holding a valid link: the entry's public facts only. @public */
export interface HoursConfirmationView {
  id: string;
  studentName: string;
  organisation: string;
  activity: string;
  date: DateString;
  hours: number;
  supervisorName: string;
  expiresAt: string;
}

/** What the supervisor's answer leaves: the entry's new status and a thank-you. @public */
export interface HoursConfirmationAnswer {
  id: string;
  status: SupervisorDecision;
  message: string;
}

/** `POST /hours/{id}/review`. */
export interface HoursReviewBody {
  decision: HoursReviewDecision;
  hours?: number | null;
  comment?: string | null;
}

/** `POST /hours/review`: approve several confirmed entries at their full hours (at most `HOURS_BULK_APPROVAL_MAX`). */
export interface HoursBulkApprovalBody {
  ids: string[];
  decision: 'approved';
}

/** What a bulk approval did with one id: approved (the entry as it is now), or skipped and why. @public */
export type HoursApprovalOutcome =
  { id: string; outcome: 'approved'; entry: ServiceHoursEntry } | { id: string; outcome: 'skipped'; reason: HoursApprovalSkipReason };

/** `POST /hours/review`'s answer: one outcome per id sent (an id sent twice once), in the order sent. @public */
export interface HoursBulkApprovalAnswer {
  /** What was done with each id. */
  results: HoursApprovalOutcome[];
}

/**
 * `GET /hours/queue?limit=&cursor=`: one page of a teacher's queue, in the queue's order (confirmed
 * first, then disputed, then unanswered; oldest first within each), at most `HOURS_QUEUE_PAGE_MAX`
 * (100) entries.
 * @public
 */
export interface HoursQueuePage {
  entries: ServiceHoursEntry[];
  /** How many entries the whole queue holds now (Appwrite counts at most 5,000). */
  total: number;
  /**
   * Sent as `cursor` for the next page; null on the last one. It says where the page ended (an
   * entry's place in the queue order), so entries decided meanwhile leave no gap and no repeat.
   */
  nextCursor: string | null;
}

/** `GET /hours/summary`: the caller's progress; only approved hours count. @public */
export interface HoursSummary {
  approvedHours: number;
  pendingHours: number;
  requiredHours: number;
}

/** `GET /hours/record.pdf` and `GET /hours/export.csv`: a file, base64-encoded in the JSON envelope. */
export interface HoursFile {
  fileName: string;
  contentType: string;
  base64: string;
}

/** One student's line of the teachers' CSV export. @public */
export interface StudentHoursTotal {
  studentId: string;
  studentName: string;
  studentEmail: string;
  approvedHours: number;
  pendingHours: number;
}
