import { signal, type Signal } from '@preact/signals-react';
import type { PortalNotification } from '@opportunity-kit/sdk';
import { createPagedListModel, type PagedListModel, type PagedListState } from '../shared/paged-list.ts';

/** The bell's signals: the unread count, whether its list is open, the paged list, and the last failed action. */
export interface NotificationBellModel extends PagedListModel<PortalNotification> {
  unreadCount: Signal<number>;
  open: Signal<boolean>;
  actionError: Signal<string | null>;
}

export function createNotificationBellModel(): NotificationBellModel {
  return { ...createPagedListModel<PortalNotification>(), unreadCount: signal(0), open: signal(false), actionError: signal<string | null>(null) };
}

/**
 * What a notification bell shows: {@link useNotificationBell}'s `state`, and {@link NotificationBellView}'s.
 * The paged part describes the list, which loads when it is first opened.
 * @public
 */
export interface NotificationBellState extends PagedListState {
  /** How many notifications are unread: the badge, and the bell's accessible name. */
  readonly unreadCount: number;
  /** Whether the list is open under the bell. */
  readonly open: boolean;
  /** The notifications loaded so far, newest first. */
  readonly notifications: readonly PortalNotification[];
  /** Why the last "Mark as read" or "Mark all as read" failed (what it changed is undone); null otherwise. */
  readonly actionError: string | null;
}

/** What a person can do with the bell: {@link useNotificationBell}'s `actions`. @public */
export interface NotificationBellActions {
  /** Opens the list (loading it the first time) or closes it. */
  toggle(): void;
  /** Closes the list (Escape, a click elsewhere, a link followed). */
  close(): void;
  /** Marks one notification read. */
  markRead(notification: PortalNotification): void;
  /** Marks every notification read. */
  markAllRead(): void;
  /** A notification's link was followed: closes the list and marks it read. */
  open(notification: PortalNotification): void;
  /** Appends the next page; after a failure, tries the same page again. */
  loadMore(): void;
  /** Loads the list again, after it failed. */
  retry(): void;
}
