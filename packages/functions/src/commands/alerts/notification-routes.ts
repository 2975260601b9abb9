import {
  ALERT_MESSAGES,
  DATABASE_ID,
  NOTIFICATION_KINDS,
  TABLES,
  toNotification,
  type MailSettings,
  type MarkedRead,
  type NotificationKind,
  type PortalNotification,
} from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { invalidInput, notFound } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import { allRows, type NotificationRow } from '../../portal/alert-rows.ts';
import { mailSettingsOf, mailSettingsRow, saveMailSettings, unsubscribeWithToken } from '../../portal/mail-settings.ts';
import { requireMember } from '../../platform/caller.ts';

/**
 * Notifications are written by the server only (each member reads their own rows directly, live
 * through realtime); marking them read is a command, since no row grants its recipient `update`.
 */

/** PUT /notifications/{id}/read — marks one of the member's notifications read (again: no change). */
export const markNotificationRead: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const rowId = params.id as string;
  const row = await orUndefined(api.tables.getRow<NotificationRow>({ databaseId: DATABASE_ID, tableId: TABLES.notifications, rowId }));
  if (!row || row.studentId !== member.id) throw notFound(ALERT_MESSAGES.notificationNotFound);
  if (row.readAt) return toNotification(row) satisfies PortalNotification;
  const updated = await api.tables.updateRow<NotificationRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.notifications,
    rowId,
    data: { readAt: new Date().toISOString() },
  });
  return toNotification(updated) satisfies PortalNotification;
};

/** PUT /notifications/read — marks every unread notification of the member read. */
export const markAllNotificationsRead: Command = async ({ caller, api }) => {
  const member = requireMember(caller);
  const unread = await allRows<NotificationRow>(api, TABLES.notifications, [Query.equal('studentId', member.id), Query.isNull('readAt')]);
  const readAt = new Date().toISOString();
  for (const row of unread) {
    await api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.notifications, rowId: row.$id, data: { readAt } });
  }
  return { marked: unread.length } satisfies MarkedRead;
};

/**
 * POST /unsubscribe — a mail's one-click unsubscribe, the mailed token alone, no sign-in: with a
 * `kind`, no more e-mails of that kind; without, no e-mail at all.
 */
export const unsubscribeDigest: Command = async ({ body, api }) => {
  const token = body.text('token');
  const kindText = body.text('kind');
  body.done();
  const kind = kindText === undefined ? undefined : NOTIFICATION_KINDS.find((candidate) => candidate === kindText);
  if (kindText !== undefined && !kind) throw invalidInput({ kind: ALERT_MESSAGES.unsubscribeInvalid });
  await unsubscribeWithToken(api, token, kind);
  return { message: kind ? ALERT_MESSAGES.unsubscribedKind : ALERT_MESSAGES.unsubscribed };
};

/** GET /notifications/settings — the caller's e-mail settings. */
export const readMailSettings: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  return mailSettingsOf(await mailSettingsRow(api, member.id)) satisfies MailSettings;
};

/** PUT /notifications/settings — the caller chooses instant or daily e-mail, the kinds they get, or none at all. */
export const updateMailSettings: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const delivery = body.text('delivery');
  const mutedKinds = body.textList('mutedKinds') ?? [];
  const allStopped = body.boolean('allStopped') ?? false;
  body.done();
  if (delivery !== 'instant' && delivery !== 'daily') throw invalidInput({ delivery: ALERT_MESSAGES.deliveryInvalid });
  const known = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);
  if (!mutedKinds.every(known)) throw invalidInput({ mutedKinds: ALERT_MESSAGES.kindsInvalid });
  return (await saveMailSettings(api, member.id, { delivery, mutedKinds: mutedKinds.filter(known), allStopped })) satisfies MailSettings;
};
