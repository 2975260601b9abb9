import { Query } from 'appwrite';
import { DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import {
  toNotification,
  type MailSettings,
  type MarkedRead,
  type NotificationKind,
  type PortalNotification,
  type UnsubscribeBody,
} from '../domain/wire/alerts.ts';
import { segment, type PortalContext } from './context.ts';
import { guard } from './errors.ts';
import { tableChannel, type LiveAction, type LiveErrorHandler, type Unsubscribe } from './live.ts';
import type { PortalRow } from './mapping.ts';
import { pageQueries, toPage, type Page, type PageRequest } from './pagination.ts';

/** A change to one of the signed-in member's notifications, as realtime reports it. @public */
export interface NotificationChange {
  action: LiveAction;
  notification: PortalNotification;
}

/**
 * The signed-in member's in-app notifications (issue 17; every role's since issue 24): the bell, its
 * list, marking them read, and how they are e-mailed.
 * @public
 */
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
  /**
   * A mail's one-click unsubscribe (no sign-in needed): the `token` of the mailed link, and its `kind`
   * to stop e-mails of that kind only (none: every e-mail).
   */
  unsubscribeDigest(token: string, kind?: NotificationKind): Promise<{ message: string }>;
  /** The signed-in member's e-mail settings. */
  mailSettings(): Promise<MailSettings>;
  /** Saves them: as things happen or once a day, which kinds, or none at all. */
  saveMailSettings(settings: MailSettings): Promise<MailSettings>;
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
    unsubscribeDigest: (token, kind) =>
      context.command<{ message: string }>('POST', '/unsubscribe', { token, ...(kind ? { kind } : {}) } satisfies UnsubscribeBody),
    mailSettings: () => context.command<MailSettings>('GET', '/notifications/settings'),
    saveMailSettings: (settings) => context.command<MailSettings>('PUT', '/notifications/settings', { ...settings }),
  };
}
