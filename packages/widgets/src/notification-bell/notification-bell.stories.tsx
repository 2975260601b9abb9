import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { aNotification, fakeNotifications } from '../testing/fake-notifications.ts';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationBellView } from './notification-bell-view.tsx';
import type { NotificationBellActions, NotificationBellState } from './notification-bell-model.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const notifications = [
  aNotification({
    id: 'n3',
    jobId: 'lifeguard',
    jobTitle: 'Lifeguard',
    message: 'New match for your saved search: Lifeguard at City Pools',
    createdAt: '2026-11-21T11:55:00.000Z',
  }),
  aNotification({
    id: 'n2',
    kind: 'deadline',
    jobId: 'camp',
    jobTitle: 'Science camp',
    message: 'Applications for Science camp close on 2026-11-23.',
    createdAt: '2026-11-21T06:00:00.000Z',
  }),
  aNotification({
    id: 'n1',
    kind: 'application-status',
    jobTitle: 'Theatre usher',
    message: 'Your application for Theatre usher was accepted.',
    applicationId: 'app1',
    readAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-19T15:00:00.000Z',
  }),
];

const ready: NotificationBellState = {
  unreadCount: 2,
  open: true,
  status: 'ready',
  error: null,
  notifications,
  total: notifications.length,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  actionError: null,
};

const actions: NotificationBellActions = {
  toggle: fn(),
  close: fn(),
  markRead: fn(),
  markAllRead: fn(),
  open: fn(),
  loadMore: fn(),
  retry: fn(),
};

const meta = {
  title: 'Notifications/NotificationBell',
  component: NotificationBellView,
  args: { state: ready, actions, now: NOW, onNavigate: fn() },
  // The list hangs below the bell, as it does in a navigation bar's right-hand corner.
  decorators: [
    (Story) => (
      <div style={{ position: 'relative', display: 'flex', justifyContent: 'flex-end', minHeight: '34rem', padding: '0.5rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NotificationBellView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing unread: the bell alone, no badge. */
export const NoneUnread: Story = {
  args: { state: { ...ready, open: false, unreadCount: 0 } },
  play: async ({ args, canvas, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Notifications, 0 unread' });
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(bell);
    await expect(args.actions.toggle).toHaveBeenCalled();
  },
};

/** Unread notifications: the badge shows how many, and the bell's name says it. */
export const Unread: Story = {
  args: { state: { ...ready, open: false, unreadCount: 2 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Notifications, 2 unread' })).toHaveTextContent('2');
  },
};

/** The list open: newest first, unread ones marked, each linking to its posting or application. */
export const ListOpen: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const panel = canvas.getByRole('region', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const links = canvas.getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['/job/lifeguard', '/job/camp', '/my-applications']);
    await expect(canvas.getAllByText('Unread')).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Mark as read' })[0]!);
    await expect(args.actions.markRead).toHaveBeenCalledWith(notifications[0]);
    await userEvent.click(canvas.getByRole('button', { name: 'Mark all as read' }));
    await expect(args.actions.markAllRead).toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.actions.close).toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Notifications, 2 unread' })).toHaveFocus();
  },
};

/** The list open with nothing in it: it says how notifications come. */
export const Empty: Story = {
  args: { state: { ...ready, unreadCount: 0, notifications: [], total: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No notifications yet/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  },
};

/** The list is loading. */
export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', notifications: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading');
  },
};

/** The list could not load: the reason, and Try again. */
export const LoadFailed: Story = {
  args: { state: { ...ready, status: 'error', error: 'The server could not be reached. Check your connection and try again.', notifications: [] } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The server could not be reached.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

/** Marking read failed: it is undone, and the reason shows. */
export const MarkFailed: Story = {
  args: { state: { ...ready, actionError: 'This notification no longer exists.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('This notification no longer exists.');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

// A fresh stand-in for each run of the story, so a notification it added does not stay for the next.
let connectedNotifications = fakeNotifications([]);

/** The connected bell over an SDK stand-in: a notification arrives live, and Mark as read clears the count. */
export const Connected: StoryObj<typeof NotificationBell> = {
  beforeEach: () => {
    connectedNotifications = fakeNotifications([notifications[2]!]);
  },
  // `NotificationBell` gets its own props only, not the view's `state` and `actions`; only they have controls.
  parameters: { controls: { include: ['pageSize', 'notificationHref', 'onNavigate', 'emptyText', 'settingsHref'] } },
  args: { onNavigate: fn() },
  render: ({ pageSize, notificationHref, onNavigate, emptyText, settingsHref }) => (
    <NotificationBell
      notifications={connectedNotifications}
      pageSize={pageSize}
      notificationHref={notificationHref}
      onNavigate={onNavigate}
      emptyText={emptyText}
      settingsHref={settingsHref}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Notifications, 0 unread' });
    connectedNotifications.arrive(notifications[0]!);
    const bell = await canvas.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument());
  },
};
