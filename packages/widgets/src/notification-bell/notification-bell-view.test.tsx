import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { aNotification, fakeNotifications } from '../testing/fake-notifications.ts';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationBellView, type NotificationBellViewProps } from './notification-bell-view.tsx';
import type { NotificationBellActions, NotificationBellState } from './notification-bell-model.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const unreadMatch = aNotification({ id: 'n2', jobId: 'job2', jobTitle: 'Lifeguard', createdAt: '2026-11-21T11:00:00.000Z' });
const readDecision = aNotification({
  id: 'n1',
  kind: 'application-status',
  message: 'Your application for Theatre usher was accepted.',
  applicationId: 'app1',
  readAt: '2026-11-20T10:00:00.000Z',
});

const closed: NotificationBellState = {
  unreadCount: 1,
  open: false,
  status: 'loading',
  error: null,
  notifications: [],
  total: 0,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  actionError: null,
};
const listed: NotificationBellState = { ...closed, open: true, status: 'ready', notifications: [unreadMatch, readDecision], total: 2 };

function someActions(): NotificationBellActions {
  return { toggle: vi.fn(), close: vi.fn(), markRead: vi.fn(), markAllRead: vi.fn(), open: vi.fn(), loadMore: vi.fn(), retry: vi.fn() };
}

function props(state: Partial<NotificationBellState> = {}, overrides: Partial<NotificationBellViewProps> = {}): NotificationBellViewProps {
  return { state: { ...closed, ...state }, actions: someActions(), now: NOW, ...overrides };
}

describe('NotificationBellView', () => {
  it('names the bell with the unread count and shows it as a badge; no badge when nothing is unread', () => {
    const { container, rerender } = render(<NotificationBellView {...props({ unreadCount: 3 })} />);
    const bell = screen.getByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('.ok-notification-bell__badge')?.textContent).toBe('3');
    rerender(<NotificationBellView {...props({ unreadCount: 0 })} />);
    expect(screen.getByRole('button', { name: 'Notifications, 0 unread' })).toBeTruthy();
    expect(container.querySelector('.ok-notification-bell__badge')).toBeNull();
  });

  it('lists notifications newest first, each linked, the unread one marked with Mark as read', async () => {
    const { container } = render(<NotificationBellView {...props(listed)} />);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([unreadMatch.message, readDecision.message]);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/job/job2');
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/my-applications');
    expect(within(items[0]!).getByText('Unread')).toBeTruthy();
    expect(within(items[0]!).getByText('1 hour ago')).toBeTruthy();
    expect(within(items[1]!).queryByText('Unread')).toBeNull();
    expect(within(items[1]!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('sends Mark as read, Mark all as read and a followed link to the actions', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const view = props(listed, { onNavigate });
    render(<NotificationBellView {...view} />);
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(view.actions.markRead).toHaveBeenCalledWith(unreadMatch);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(view.actions.markAllRead).toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: unreadMatch.message }));
    expect(view.actions.open).toHaveBeenCalledWith(unreadMatch);
    expect(onNavigate).toHaveBeenCalledWith('/job/job2');
  });

  it('closes on Escape with focus back on the bell, and on a click elsewhere', async () => {
    const user = userEvent.setup();
    const view = props(listed);
    render(
      <>
        <NotificationBellView {...view} />
        <p>Elsewhere</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await user.keyboard('{Escape}');
    expect(view.actions.close).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByText('Elsewhere'));
    expect(view.actions.close).toHaveBeenCalledTimes(2);
  });

  it("leads each kind to its page, says the role's own empty text, and links the e-mail settings", async () => {
    const waiting = aNotification({ id: 'n3', kind: 'approval-waiting', message: 'Acme is waiting for Riverside Secondary’s approval' });
    const applied = aNotification({ id: 'n4', kind: 'application-received', message: 'Sam applied to Lifeguard.' });
    const onNavigate = vi.fn();
    const { rerender } = render(
      <NotificationBellView {...props({ ...listed, notifications: [waiting, applied] }, { onNavigate, settingsHref: '/email-settings' })} />,
    );
    expect(screen.getByRole('link', { name: /is waiting/ }).getAttribute('href')).toBe('/approvals');
    expect(screen.getByRole('link', { name: 'Sam applied to Lifeguard.' }).getAttribute('href')).toBe('/application-manager');
    await userEvent.click(screen.getByRole('link', { name: 'E-mail settings' }));
    expect(onNavigate).toHaveBeenCalledWith('/email-settings');
    rerender(<NotificationBellView {...props({ ...listed, notifications: [], total: 0 }, { emptyText: 'Nothing for staff yet.' })} />);
    expect(screen.getByText('Nothing for staff yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'E-mail settings' })).toBeNull();
  });

  it('says when there are none, why the list failed, and why a mark failed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<NotificationBellView {...props({ open: true, status: 'ready', unreadCount: 0 })} />);
    expect(screen.getByText(/No notifications yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();

    const failed = props({ open: true, status: 'error', error: 'The server could not be reached.' });
    rerender(<NotificationBellView {...failed} />);
    expect(screen.getByRole('alert').textContent).toContain('The server could not be reached.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.actions.retry).toHaveBeenCalled();

    rerender(<NotificationBellView {...props({ ...listed, actionError: 'This notification no longer exists.' })} />);
    expect(screen.getByRole('alert').textContent).toBe('This notification no longer exists.');
  });
});

describe('NotificationBell', () => {
  it('shows a notification that arrives live in the badge and the open list, and clears the count on Mark all as read', async () => {
    const user = userEvent.setup();
    const notifications = fakeNotifications([readDecision]);
    render(<NotificationBell notifications={notifications} />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    await act(async () => notifications.arrive(unreadMatch));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await within(panel).findByRole('link', { name: unreadMatch.message });
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    expect(await notifications.unreadCount()).toBe(0);
  });
});
