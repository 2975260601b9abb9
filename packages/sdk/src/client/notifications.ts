import { Query } from 'appwrite';
import { DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import { toNotification, type MarkedRead, type PortalNotification, type UnsubscribeBody } from '../domain/wire/alerts.ts';
import { segment, type PortalContext } from './context.ts';
import { guard } from './errors.ts';
import { tableChannel, type LiveAction, type LiveErrorHandler, type Unsubscribe } from './live.ts';
import type { PortalRow } from './mapping.ts';
import { pageQueries, toPage, type Page, type PageRequest } from './pagination.ts';

/** A change to one of the signed-in student's notifications, as realtime reports it. @public */
export interface NotificationChange {
  action: LiveAction;
  notification: PortalNotification;
}

/** The signed-in student's in-app notifications (issue 17): the bell, its list, and marking them read. @public */
export interface NotificationsModule {
  /** Newest first, one page at a time (only the student's own are ever returned). */
  list(page?: PageRequest): Promise<Page<PortalNotification>>;
  /** How many are unread, for the bell's badge. */
  unreadCount(): Promise<number>;
  /** Marks one read; answers it with its `readAt`. */
  markRead(id: string): Promise<PortalNotification>;
  /** Marks every unread one read; answers how many were. */
  markAllRead(): Promise<MarkedRead>;
  /** Reports each new notification and each one marked read, live; re-read `unreadCount()` on a change or count locally. */
  subscribe(onChange: (change: NotificationChange) => void, onError?: LiveErrorHandler): Unsubscribe;
  /** The digest e-mail's one-click unsubscribe (no sign-in needed): the `token` of the mailed link. */
  unsubscribeDigest(token: string): Promise<{ message: string }>;
}

export function createNotifications(context: Pick<PortalContext, 'command' | 'tables' | 'live'>): NotificationsModule {
  const { tables } = context;
  return {
    async list(page) {
      const list = await guard(() =>
        tables.listRows<PortalRow>({
          databaseId: DATABASE_ID,
          tableId: TABLES.notifications,
          queries: [Query.orderDesc('$createdAt'), Query.orderDesc('$id'), ...pageQueries(page)],
        }),
      );
      return toPage(list, page, toNotification);
    },
    async unreadCount() {
      const list = await guard(() =>
        tables.listRows<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.notifications, queries: [Query.isNull('readAt'), Query.limit(1)] }),
      );
      return list.total;
    },
    markRead: (id) => context.command<PortalNotification>('PUT', `/notifications/${segment(id)}/read`),
    markAllRead: () => context.command<MarkedRead>('PUT', '/notifications/read'),
    subscribe(onChange, onError) {
      return context.live.listen(tableChannel(TABLES.notifications), (action, row) => onChange({ action, notification: toNotification(row) }), onError);
    },
    unsubscribeDigest: (token) => context.command<{ message: string }>('POST', '/unsubscribe', { token } satisfies UnsubscribeBody),
  };
}
