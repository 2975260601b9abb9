import { NOTIFICATION_KIND_NAMES, notificationPath, type NotificationColumns, type NotificationKind } from '@opportunity-kit/sdk/domain';
import { ID, Messaging } from 'node-appwrite';
import { portalOrigin } from '../platform/portal-url.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { notifyOnce } from './alert-rows.ts';
import { issueUnsubscribeToken, mailSettingsOf, mailSettingsRow, mailsKind } from './mail-settings.ts';

/**
 * One notification system for every role (issue 24): a notice is a row in the recipient's bell (live
 * through realtime) and, for the kinds that ask someone to act, an e-mail through Appwrite Messaging,
 * at once or in their daily summary as they chose, never of a kind they stopped.
 */

/** What happened, for whom. */
export interface Notice {
  recipientId: string;
  kind: NotificationKind;
  message: string;
  jobId: string;
  jobTitle: string;
  applicationId?: string | null;
}

/**
 * The kinds mailed as they happen (unless the member chose a daily summary). Saved-search matches and
 * deadlines can be many a day, so they only ever come in the daily summary; a school's decision on an
 * employer is mailed by the approvals command itself, with its reason.
 */
const MAILED_AT_ONCE: ReadonlySet<NotificationKind> = new Set([
  'application-status',
  'assignment',
  'approval-waiting',
  'application-received',
  'application-reminder',
]);

/** The kinds a daily summary holds for a member who chose it; the digest kinds are in everyone's. */
export const SUMMARY_KINDS_BY_DEFAULT: readonly NotificationKind[] = ['alert-match', 'deadline'];
export const SUMMARY_KINDS_WHEN_DAILY: readonly NotificationKind[] = [...SUMMARY_KINDS_BY_DEFAULT, ...MAILED_AT_ONCE];

/**
 * Writes the notice once under `rowId` (an id derived from what it is about, so a trigger that runs
 * twice notifies once) and mails it if that is the recipient's choice. Answers whether it was new.
 */
export async function notify(api: ServerApi, rowId: string, notice: Notice): Promise<boolean> {
  const created = await notifyOnce(api, rowId, noticeColumns(notice));
  if (created) await mailNotice(api, notice);
  return created;
}

/** The row of a notice, unread. */
export function noticeColumns(notice: Notice): NotificationColumns {
  return {
    studentId: notice.recipientId,
    kind: notice.kind,
    message: notice.message,
    jobId: notice.jobId,
    jobTitle: notice.jobTitle,
    applicationId: notice.applicationId ?? null,
    alertId: null,
    readAt: null,
  };
}

/**
 * Mails a notice just written, if its kind is mailed as it happens and the recipient wants it so.
 * Never throws: the bell holds the notice, and a mail that cannot go out (no provider, no
 * PORTAL_URL) must not undo the decision or application that caused it.
 */
export async function mailNotice(api: ServerApi, notice: Notice): Promise<void> {
  if (!MAILED_AT_ONCE.has(notice.kind)) return;
  try {
    const settings = mailSettingsOf(await mailSettingsRow(api, notice.recipientId));
    if (settings.delivery === 'daily' || !mailsKind(settings, notice.kind)) return;
    const portal = portalOrigin();
    const token = await issueUnsubscribeToken(api, notice.recipientId);
    await new Messaging(api.client).createEmail({
      messageId: ID.unique(),
      subject: NOTICE_SUBJECTS[notice.kind],
      content: noticesMailText([notice], portal, token, 'instant'),
      users: [notice.recipientId],
    });
  } catch {
    // See above: the notice stays in the bell.
  }
}

/** Subjects hold no text anyone typed (a title, a name): a mail's subject is what spam filters and lock screens show. */
const NOTICE_SUBJECTS: Readonly<Record<NotificationKind, string>> = {
  'alert-match': 'New postings match your saved search',
  deadline: 'A deadline is coming up',
  'application-status': 'A decision on your application',
  assignment: 'You have been assigned an opportunity',
  'approval-waiting': "An employer is waiting for your school's approval",
  'approval-decided': 'A school decided on your employer account',
  'application-received': 'A student applied to your posting',
  'application-reminder': 'An application is waiting for your answer',
};

const SECTION_TITLES: Readonly<Record<NotificationKind, string>> = {
  'alert-match': 'New postings matching your saved searches:',
  deadline: 'Deadlines coming up for postings you saved:',
  'application-status': 'Decisions on your applications:',
  assignment: 'Opportunities assigned to you:',
  'approval-waiting': "Employers waiting for your school's approval:",
  'approval-decided': 'Decisions on your employer account:',
  'application-received': 'New applications to your postings:',
  'application-reminder': 'Applications waiting for your answer:',
};

export const unsubscribeLink = (portal: string, token: string, kind?: NotificationKind): string =>
  `${portal}/unsubscribe?token=${encodeURIComponent(token)}${kind ? `&kind=${encodeURIComponent(kind)}` : ''}`;

/**
 * Plain text: each notice under its kind's heading with the page it leads to, then how to change the
 * settings and a one-click unsubscribe for each kind in the mail and for every e-mail.
 */
export function noticesMailText(
  notices: readonly Pick<Notice, 'kind' | 'message' | 'jobId'>[],
  portal: string,
  token: string,
  delivery: 'instant' | 'daily',
): string {
  const kinds = [...new Set(notices.map((notice) => notice.kind))];
  const sections = kinds.flatMap((kind) => [
    SECTION_TITLES[kind],
    ...notices.filter((notice) => notice.kind === kind).map((notice) => `- ${notice.message}\n  ${portal}${notificationPath(notice)}`),
    '',
  ]);
  return [
    ...sections,
    delivery === 'instant'
      ? `You get these e-mails as things happen. To get one summary a day instead: ${portal}/email-settings`
      : `To change which e-mails you get, or get them as things happen: ${portal}/email-settings`,
    ...kinds.flatMap((kind) => [`To stop e-mails about ${NOTIFICATION_KIND_NAMES[kind]} (no sign-in needed):`, unsubscribeLink(portal, token, kind)]),
    'To stop these e-mails, open this link (no sign-in needed):',
    unsubscribeLink(portal, token),
  ].join('\n');
}
