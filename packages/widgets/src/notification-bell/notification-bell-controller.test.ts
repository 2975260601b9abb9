import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { createNotificationBellController } from './notification-bell-controller.ts';
import { createNotificationBellModel } from './notification-bell-model.ts';
import { aNotification, fakeNotifications } from '../testing/fake-notifications.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const NOW = new Date('2026-11-21T12:00:00.000Z');

function bell(items = [aNotification({ id: 'b', jobTitle: 'Cashier' }), aNotification({ id: 'a', readAt: '2026-11-20T10:00:00.000+00:00' })]) {
  const api = fakeNotifications(items);
  const controller = createNotificationBellController(api, createNotificationBellModel(), { pageSize: 2, now: () => NOW });
  return { api, controller, state: () => controller.state.value, actions: controller.actions };
}

describe('notification bell controller', () => {
  it('counts the unread ones at start, and counts again on each live change until stopped', async () => {
    const { api, controller, state } = bell();
    const stop = controller.start();
    await settle();
    expect(state().unreadCount).toBe(1);
    // The list is not read until the bell is opened.
    expect(api.calls.some((call) => call.call === 'list')).toBe(false);

    api.arrive(aNotification({ id: 'c', jobTitle: 'Lifeguard' }));
    await settle();
    expect(state().unreadCount).toBe(2);

    stop();
    await settle();
    expect(api.subscribers()).toBe(0);
    api.arrive(aNotification({ id: 'd' }));
    await settle();
    expect(state().unreadCount).toBe(2);
  });

  it('loads the list when first opened, newest first, and adds a new one on top live', async () => {
    const { api, controller, state, actions } = bell();
    controller.start();
    actions.toggle();
    expect(state()).toMatchObject({ open: true, status: 'loading' });
    await settle();
    expect(state().notifications.map((item) => item.id)).toEqual(['b', 'a']);

    api.arrive(aNotification({ id: 'c' }));
    await settle();
    expect(state().notifications.map((item) => item.id)).toEqual(['c', 'b', 'a']);

    actions.close();
    actions.toggle();
    await settle();
    expect(api.calls.filter((call) => call.call === 'list')).toHaveLength(1);
  });

  it('marks one read at once, and all read, with the count following', async () => {
    const { api, controller, state, actions } = bell([aNotification({ id: 'c' }), aNotification({ id: 'b' }), aNotification({ id: 'a' })]);
    controller.start();
    actions.toggle();
    await settle();
    expect(state().unreadCount).toBe(3);

    actions.markRead(state().notifications[0]!);
    expect(state().unreadCount).toBe(2);
    expect(state().notifications[0]!.readAt).toBe(NOW.toISOString());
    await settle();
    expect(api.calls.find((call) => call.call === 'markRead')?.args).toEqual(['c']);

    actions.markAllRead();
    expect(state().unreadCount).toBe(0);
    expect(state().notifications.every((item) => item.readAt !== null)).toBe(true);
    await settle();
    expect(await api.unreadCount()).toBe(0);
  });

  it('undoes a refused mark and says why', async () => {
    const { api, controller, state, actions } = bell();
    controller.start();
    actions.toggle();
    await settle();
    api.fail('markRead', new PortalError('not-found', 'This notification no longer exists.'));
    actions.markRead(state().notifications[0]!);
    expect(state().unreadCount).toBe(0);
    await settle();
    expect(state()).toMatchObject({ unreadCount: 1, actionError: 'This notification no longer exists.' });
    expect(state().notifications[0]!.readAt).toBeNull();

    api.fail('markAllRead', new PortalError('network'));
    actions.markAllRead();
    await settle();
    expect(state().unreadCount).toBe(1);
    expect(state().notifications.map((item) => item.readAt === null)).toEqual([true, false]);
    expect(state().actionError).toBe(new PortalError('network').message);
  });

  it('following a notification closes the list and marks it read', async () => {
    const { controller, state, actions } = bell();
    controller.start();
    actions.toggle();
    await settle();
    actions.open(state().notifications[0]!);
    expect(state()).toMatchObject({ open: false, unreadCount: 0 });
  });

  it('shows why the list failed, and loads it again on retry', async () => {
    const { api, controller, state, actions } = bell();
    api.fail('list', new PortalError('network'));
    controller.start();
    actions.toggle();
    await settle();
    expect(state()).toMatchObject({ status: 'error', error: new PortalError('network').message });
    const healthy = fakeNotifications([aNotification({ id: 'x' })]);
    api.list = healthy.list;
    actions.retry();
    await settle();
    expect(state().notifications.map((item) => item.id)).toEqual(['x']);
  });
});
