import { ALERT_MESSAGES, DATABASE_ID, TABLES, toNotification, type MarkedRead, type PortalNotification } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { notFound } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import { allRows, type NotificationRow } from '../../portal/alert-rows.ts';
import { unsubscribeWithToken } from '../../portal/digest-subscriptions.ts';
import { requireStudent } from './student.ts';

/**
 * Notifications are written by the server only (the student reads their rows directly, live through
 * realtime); marking them read is a command, since no row grants its student `update`.
 */

/** PUT /notifications/{id}/read — marks one of the student's notifications read (again: no change). */
export const markNotificationRead: Command = async ({ caller, params, api }) => {
  const student = requireStudent(caller);
  const rowId = params.id as string;
  const row = await orUndefined(api.tables.getRow<NotificationRow>({ databaseId: DATABASE_ID, tableId: TABLES.notifications, rowId }));
  if (!row || row.studentId !== student.id) throw notFound(ALERT_MESSAGES.notificationNotFound);
  if (row.readAt) return toNotification(row) satisfies PortalNotification;
  const updated = await api.tables.updateRow<NotificationRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.notifications,
    rowId,
    data: { readAt: new Date().toISOString() },
  });
  return toNotification(updated) satisfies PortalNotification;
};

/** PUT /notifications/read — marks every unread notification of the student read. */
export const markAllNotificationsRead: Command = async ({ caller, api }) => {
  const student = requireStudent(caller);
  const unread = await allRows<NotificationRow>(api, TABLES.notifications, [Query.equal('studentId', student.id), Query.isNull('readAt')]);
  const readAt = new Date().toISOString();
  for (const row of unread) {
    await api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.notifications, rowId: row.$id, data: { readAt } });
  }
  return { marked: unread.length } satisfies MarkedRead;
};

/** POST /unsubscribe — the digest's one-click unsubscribe: the mailed token alone, no sign-in. */
export const unsubscribeDigest: Command = async ({ body, api }) => {
  const token = body.text('token');
  body.done();
  await unsubscribeWithToken(api, token);
  return { message: ALERT_MESSAGES.unsubscribed };
};
