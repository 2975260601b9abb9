import type { NormalizedAlertCriteria } from '../alerts.ts';
import { POSTING_TYPES, type PostingType } from '../constants.ts';
import type { Job } from '../entities.ts';
import type { WireRow } from './rows.ts';

/**
 * The wire contract of saved postings, saved searches and notifications (issue 17): the columns of
 * their tables, what the commands answer, and the one mapping from a row.
 */

/** Where a saved posting stands now: still open, closed or filled, or gone (removed, or no longer readable). @public */
export type SavedPostingStatus = 'open' | 'closed' | 'removed';

/** A posting a student saved; title, company, type and deadline are kept from when it was saved, so a removed one still reads. @public */
export interface SavedPosting {
  jobId: string;
  title: string;
  company: string;
  postingType: PostingType;
  applicationDeadline: string | null;
  savedAt: string;
  status: SavedPostingStatus;
  /** The posting as the student may read it now; null once it is removed. */
  job: Job | null;
}

/** The columns of a `saved_postings` row (read by its student only). */
export type SavedPostingColumns = {
  studentId: string;
  jobId: string;
  title: string;
  company: string;
  postingType: PostingType;
  applicationDeadline: string | null;
};

/** A saved search. @public */
export interface Alert extends NormalizedAlertCriteria {
  id: string;
  createdAt: string;
}

/** The columns of an `alerts` row (read by its student only). */
export type AlertColumns = NormalizedAlertCriteria & { studentId: string };

/** Why a notification was sent. @public */
export type NotificationKind = 'alert-match' | 'application-status' | 'deadline';
/** @public */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ['alert-match', 'application-status', 'deadline'];

/** An in-app notification of the signed-in student. @public */
export interface PortalNotification {
  id: string;
  kind: NotificationKind;
  /** What the bell's list shows, e.g. `New match for your saved search: Barista at Bean Co`. */
  message: string;
  jobId: string;
  jobTitle: string;
  applicationId: string | null;
  alertId: string | null;
  /** When it was marked as read; null while unread. */
  readAt: string | null;
  createdAt: string;
}

/** The columns of a `notifications` row (read by its student only; written by the server). */
export type NotificationColumns = {
  studentId: string;
  kind: NotificationKind;
  message: string;
  jobId: string;
  jobTitle: string;
  applicationId: string | null;
  alertId: string | null;
  readAt: string | null;
};

/** The columns of a `digest_subscriptions` row (row id = the student's id; no client reads it). */
export type DigestSubscriptionColumns = {
  studentId: string;
  /** SHA-256 of the unsubscribe token mailed with each digest. */
  tokenHash: string;
  unsubscribedAt: string | null;
  /** The UTC day of the last digest sent, `YYYY-MM-DD`: at most one a day. */
  lastDigestDay: string | null;
  lastDigestAt: string | null;
};

/** `POST /unsubscribe`: the token of the mailed link. */
export interface UnsubscribeBody {
  token: string;
}

/** What `PUT /notifications/read` answers: how many were marked. @public */
export interface MarkedRead {
  marked: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

export function toAlert(row: WireRow): Alert {
  return {
    id: row.$id,
    createdAt: row.$createdAt,
    search: optionalText(row.search),
    postingTypes: texts(row.postingTypes).filter((type): type is PostingType => (POSTING_TYPES as readonly string[]).includes(type)),
    locations: texts(row.locations),
    clusters: texts(row.clusters),
    startDate: optionalText(row.startDate),
    endDate: optionalText(row.endDate),
  };
}

export function toNotification(row: WireRow): PortalNotification {
  const kind = NOTIFICATION_KINDS.find((candidate) => candidate === row.kind) ?? 'alert-match';
  return {
    id: row.$id,
    kind,
    message: text(row.message),
    jobId: text(row.jobId),
    jobTitle: text(row.jobTitle),
    applicationId: optionalText(row.applicationId),
    alertId: optionalText(row.alertId),
    readAt: optionalText(row.readAt),
    createdAt: row.$createdAt,
  };
}
