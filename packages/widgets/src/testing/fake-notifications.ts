import { PortalError, type NotificationChange, type PortalNotification } from '@opportunity-kit/sdk';
import type { NotificationBellApi } from '../notification-bell/notification-bell-controller.ts';

/** A notification as the SDK answers one; unread, about a saved search's new match, unless told otherwise. */
export function aNotification(overrides: Partial<PortalNotification> = {}): PortalNotification {
  const jobTitle = overrides.jobTitle ?? 'Barista';
  return {
    id: 'n1',
    kind: 'alert-match',
    message: `New match for your saved search: ${jobTitle} at Bean Co`,
    jobId: 'job1',
    jobTitle,
    applicationId: null,
    alertId: 'alert1',
    readAt: null,
    createdAt: '2026-11-21T09:00:00.000+00:00',
    ...overrides,
  };
}

/**
 * An in-memory stand-in for the SDK's notifications module, for stories and controller tests: it
 * answers like the SDK (newest first, cursor pages, `PortalError`s), can push live changes, and can
 * be told to fail.
 */
export interface FakeNotifications extends NotificationBellApi {
  /** Stores a new notification on top and reports it live, as the server and the realtime socket would. */
  arrive(notification: PortalNotification): void;
  /** Delivers a live change to every subscriber without storing anything. */
  emit(change: NotificationChange): void;
  /** Makes the named call reject with this error from now on. */
  fail(call: keyof NotificationBellApi, error?: PortalError): void;
  /** How many live subscriptions are open. */
  subscribers(): number;
  readonly calls: Array<{ call: keyof NotificationBellApi; args: unknown[] }>;
}

export function fakeNotifications(initial: PortalNotification[], readAt = '2026-11-21T10:00:00.000+00:00'): FakeNotifications {
  let stored = [...initial];
  const listeners = new Set<(change: NotificationChange) => void>();
  const failures = new Map<keyof NotificationBellApi, PortalError>();
  const calls: FakeNotifications['calls'] = [];

  function enter(call: keyof NotificationBellApi, args: unknown[]): void {
    calls.push({ call, args });
    const failure = failures.get(call);
    if (failure) throw failure;
  }

  const emit = (change: NotificationChange) => listeners.forEach((listener) => listener(change));

  return {
    calls,
    emit,
    arrive(notification) {
      stored = [notification, ...stored];
      emit({ action: 'create', notification });
    },
    fail: (call, error = new PortalError('network')) => void failures.set(call, error),
    subscribers: () => listeners.size,
    async list(page = {}) {
      enter('list', [page]);
      const start = page.cursor ? stored.findIndex((item) => item.id === page.cursor) + 1 : 0;
      const limit = page.limit ?? 25;
      const items = stored.slice(start, start + limit);
      return { items, total: stored.length, nextCursor: start + limit < stored.length ? (items[items.length - 1]?.id ?? null) : null };
    },
    async unreadCount() {
      enter('unreadCount', []);
      return stored.filter((item) => item.readAt === null).length;
    },
    async markRead(id) {
      enter('markRead', [id]);
      const found = stored.find((item) => item.id === id);
      if (!found) throw new PortalError('not-found', 'This notification no longer exists.');
      const updated = { ...found, readAt: found.readAt ?? readAt };
      stored = stored.map((item) => (item.id === id ? updated : item));
      return updated;
    },
    async markAllRead() {
      enter('markAllRead', []);
      const marked = stored.filter((item) => item.readAt === null).length;
      stored = stored.map((item) => (item.readAt ? item : { ...item, readAt }));
      return { marked };
    },
    subscribe(onChange) {
      calls.push({ call: 'subscribe', args: [] });
      listeners.add(onChange);
      return async () => void listeners.delete(onChange);
    },
  };
}
