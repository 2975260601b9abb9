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

/**
 * Why a notification was sent (issue 24: every role has a bell). A student's: a saved search matched,
 * a saved posting's deadline nears, a decision on an application, an assignment. Staff's: an employer
 * waits for their school's approval. An employer's: a school decided on them, a student applied, an
 * application has waited too long for an answer.
 * @public
 */
export type NotificationKind =
  'alert-match' | 'application-status' | 'deadline' | 'assignment' | 'approval-waiting' | 'approval-decided' | 'application-received' | 'application-reminder';
/** Every kind of notification, in the order settings list them. @public */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'alert-match',
  'application-status',
  'deadline',
  'assignment',
  'approval-waiting',
  'approval-decided',
  'application-received',
  'application-reminder',
];

/**
 * Where a notification leads in the portal: a decision to the student's applications, an approval
 * waiting to the approvals, an employer's application news to their applications, a school's decision
 * to the employer's home; anything else to its posting.
 * @public
 */
export function notificationPath(notification: Pick<PortalNotification, 'kind' | 'jobId'>): string {
  switch (notification.kind) {
    case 'application-status':
      return '/my-applications';
    case 'approval-waiting':
      return '/approvals';
    case 'approval-decided':
      return '/landing';
    case 'application-received':
    case 'application-reminder':
      return '/application-manager';
    default:
      return `/job/${encodeURIComponent(notification.jobId)}`;
  }
}

/** An in-app notification of the signed-in member. @public */
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

/**
 * The columns of a `notifications` row (read by its recipient only; written by the server). `studentId`
 * is the recipient, whatever their role: the column is named for the students' bell it began as.
 */
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

/** How a member's notifications reach their inbox: each one as it happens, or one summary a day. @public */
export type MailDelivery = 'instant' | 'daily';

/**
 * The columns of a `digest_subscriptions` row: one member's mail settings and the state of their
 * daily mail (row id = the member's id, in `studentId`: the table is named for the students' digest it
 * began as; every role has one since issue 24). No client reads it.
 */
export type DigestSubscriptionColumns = {
  studentId: string;
  /** SHA-256 of the unsubscribe token of the latest mail (a new one with each mail). */
  tokenHash: string;
  /** Set by the "stop every e-mail" link: nothing is mailed until the member turns mail on again. */
  unsubscribedAt: string | null;
  /** The UTC day of the last daily summary sent, `YYYY-MM-DD`: at most one a day. */
  lastDigestDay: string | null;
  lastDigestAt: string | null;
  /** Null: instant (the default). */
  delivery?: MailDelivery | null;
  /** The kinds the member stopped e-mails of (one click in a mail, or their settings). */
  mutedKinds?: NotificationKind[] | null;
};

/** A member's e-mail settings, as `GET /notifications/settings` answers and `PUT` takes them. @public */
export interface MailSettings {
  /** As things happen, or one summary a day. */
  delivery: MailDelivery;
  /** The kinds of notification the member gets no e-mail for (the bell still shows them). */
  mutedKinds: NotificationKind[];
  /** True after "stop every e-mail": no e-mail at all until this is turned off. */
  allStopped: boolean;
}

/** `POST /unsubscribe`: the token of the mailed link. */
export interface UnsubscribeBody {
  token: string;
  /** One kind to stop e-mails of; none stops every e-mail. */
  kind?: NotificationKind;
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
