import { useEffect, useId, useRef, type MouseEvent } from 'react';
import type { PortalNotification } from '@opportunity-kit/sdk';
import { MESSAGES, notificationPath, relativeTimeLabel } from '@opportunity-kit/sdk/domain';
import { LoadMore } from '../shared/paged-list-more.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { NotificationBellActions, NotificationBellState } from './notification-bell-model.ts';

/**
 * Props of {@link NotificationBellView}: the bell's `state` and `actions` (from {@link useNotificationBell}),
 * and where a notification leads.
 * @public
 */
export interface NotificationBellViewProps extends WidgetBinding<NotificationBellState, NotificationBellActions> {
  /** Where a notification leads; by default the portal's page for it (`notificationPath`: its posting, the applications, the approvals…). */
  notificationHref?: ((notification: PortalNotification) => string) | undefined;
  /** What an empty list says; by default the student's hint about saved searches. */
  emptyText?: string | undefined;
  /** A link under the list to the member's e-mail settings (none when not given). */
  settingsHref?: string | undefined;
  /** Called instead of following a notification's link, for client-side routers (plain clicks only). */
  onNavigate?: ((href: string) => void) | undefined;
  /** "Now" for the relative times; the device's clock by default. */
  now?: Date | undefined;
}

/** The bell's texts that the spec does not fix. @public */
export const NOTIFICATION_BELL_TEXTS = {
  title: 'Notifications',
  empty: 'No notifications yet. Save a search on a listing, and new matches will show up here.',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  unread: 'Unread',
  more: 'Show older',
  retry: 'Try again',
  settings: 'E-mail settings',
  /** The bell's accessible name, which carries the count the badge shows. */
  bellName: (unread: number) => `Notifications, ${unread} unread`,
} as const;

/** Where a notification leads by default: the portal's page for its kind (`notificationPath`). @public */
export function defaultNotificationHref(notification: PortalNotification): string {
  return notificationPath(notification);
}

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * A bell button with the unread count, opening the student's notifications below it, newest first:
 * each with its message linking to the posting or application, whether it is unread, and "Mark as
 * read"; "Mark all as read" above them. Escape or a click elsewhere closes the list, and Escape puts
 * focus back on the bell. On a narrow screen the list spans the nearest positioned ancestor (a
 * navigation bar); from 40rem it hangs below the bell.
 * @public
 */
export function NotificationBellView(props: NotificationBellViewProps) {
  const {
    state,
    actions,
    notificationHref = defaultNotificationHref,
    onNavigate,
    now = new Date(),
    emptyText = NOTIFICATION_BELL_TEXTS.empty,
    settingsHref,
  } = props;
  const { open, unreadCount } = state;
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      actions.close();
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) actions.close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, actions]);

  const follow = (notification: PortalNotification | null, href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (notification) actions.open(notification);
    else actions.close();
    if (!onNavigate || !isPlainClick(event)) return;
    event.preventDefault();
    onNavigate(href);
  };

  return (
    <div className="ok-notification-bell" data-state={open ? 'open' : 'closed'} ref={rootRef}>
      <button
        type="button"
        className="ok-notification-bell__button"
        ref={buttonRef}
        aria-label={NOTIFICATION_BELL_TEXTS.bellName(unreadCount)}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={actions.toggle}
      >
        <BellIcon />
        {unreadCount > 0 ? (
          <span className="ok-notification-bell__badge" aria-hidden="true">
            {badgeText(unreadCount)}
          </span>
        ) : null}
      </button>
      {open ? (
        <section className="ok-notification-bell__panel" id={`${id}-panel`} aria-labelledby={`${id}-title`} data-state={state.status}>
          <div className="ok-notification-bell__header">
            <h2 className="ok-notification-bell__title" id={`${id}-title`}>
              {NOTIFICATION_BELL_TEXTS.title}
            </h2>
            {state.status === 'ready' && state.notifications.length > 0 ? (
              <button type="button" className="ok-notification-bell__action" onClick={actions.markAllRead} disabled={unreadCount === 0}>
                {NOTIFICATION_BELL_TEXTS.markAllRead}
              </button>
            ) : null}
          </div>
          {state.actionError ? (
            <p className="ok-notification-bell__error" role="alert">
              {state.actionError}
            </p>
          ) : null}
          {state.status === 'loading' ? (
            <p className="ok-notification-bell__note" role="status">
              {MESSAGES.loading}
            </p>
          ) : null}
          {state.status === 'error' ? (
            <div className="ok-notification-bell__note" role="alert">
              <p>{state.error ?? MESSAGES.genericError}</p>
              <button type="button" className="ok-notification-bell__action" onClick={actions.retry}>
                {NOTIFICATION_BELL_TEXTS.retry}
              </button>
            </div>
          ) : null}
          {state.status === 'ready' && state.notifications.length === 0 ? <p className="ok-notification-bell__note">{emptyText}</p> : null}
          {state.status === 'ready' && state.notifications.length > 0 ? (
            <ul className="ok-notification-bell__list" aria-labelledby={`${id}-title`}>
              {state.notifications.map((notification) => {
                const href = notificationHref(notification);
                const unread = notification.readAt === null;
                return (
                  <li key={notification.id} className="ok-notification-bell__item" data-state={unread ? 'unread' : 'read'}>
                    <a className="ok-notification-bell__link" href={href} onClick={follow(notification, href)}>
                      {notification.message}
                    </a>
                    <span className="ok-notification-bell__meta">
                      {unread ? <span className="ok-notification-bell__unread">{NOTIFICATION_BELL_TEXTS.unread}</span> : null}
                      <time dateTime={notification.createdAt}>{relativeTimeLabel(new Date(notification.createdAt), now)}</time>
                    </span>
                    {unread ? (
                      <button type="button" className="ok-notification-bell__action" onClick={() => actions.markRead(notification)}>
                        {NOTIFICATION_BELL_TEXTS.markRead}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {state.status === 'ready' && state.hasMore ? (
            <LoadMore
              label={NOTIFICATION_BELL_TEXTS.more}
              loadingMore={state.loadingMore}
              error={state.moreError}
              onLoadMore={actions.loadMore}
              buttonClassName="ok-notification-bell__action"
              errorClassName="ok-notification-bell__error"
            />
          ) : null}
          {settingsHref ? (
            <p className="ok-notification-bell__footer">
              <a className="ok-notification-bell__link" href={settingsHref} onClick={follow(null, settingsHref)}>
                {NOTIFICATION_BELL_TEXTS.settings}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function BellIcon() {
  return (
    <svg className="ok-notification-bell__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Zm-2 1H7v-6a5 5 0 0 1 10 0v6Z"
      />
    </svg>
  );
}
