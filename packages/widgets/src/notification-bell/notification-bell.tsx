import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createNotificationBellController, type NotificationBellApi } from './notification-bell-controller.ts';
import { createNotificationBellModel, type NotificationBellActions, type NotificationBellState } from './notification-bell-model.ts';
import { NotificationBellView, type NotificationBellViewProps } from './notification-bell-view.tsx';

/** Options of {@link useNotificationBell}: the SDK, and the list's page size. @public */
export interface NotificationBellOptions {
  /** The SDK's `notifications` module (`portal.notifications`), or anything with its `list`, `unreadCount`, `markRead`, `markAllRead` and `subscribe`. */
  notifications: NotificationBellApi;
  /** Notifications per page of the list (10 by default). */
  pageSize?: number | undefined;
}

/** Props of {@link NotificationBell}: the SDK, and where a notification leads. @public */
export interface NotificationBellProps
  extends NotificationBellOptions, Pick<NotificationBellViewProps, 'notificationHref' | 'onNavigate' | 'emptyText' | 'settingsHref'> {}

/**
 * The signed-in member's notifications without their markup: the unread count, live; the list,
 * loaded when first opened and live after that; marking one or all read. The options are read once.
 * @public
 */
export function useNotificationBell(options: NotificationBellOptions): WidgetBinding<NotificationBellState, NotificationBellActions> {
  return useWidgetController(() => createNotificationBellController(options.notifications, createNotificationBellModel(), { pageSize: options.pageSize }));
}

/**
 * A bell for a navigation bar, connected to the SDK: the signed-in member's unread count, live,
 * and their notifications below it with "Mark as read" and "Mark all as read".
 * @public
 */
export function NotificationBell({ notifications, pageSize, ...links }: NotificationBellProps) {
  const { state, actions } = useNotificationBell({ notifications, pageSize });
  return <NotificationBellView {...links} state={state} actions={actions} />;
}
