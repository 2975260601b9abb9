import { batch, computed } from '@preact/signals-react';
import { PortalError, type NotificationChange, type NotificationsModule, type PortalNotification, type Unsubscribe } from '@opportunity-kit/sdk';
import { createLatestRequest } from '../shared/latest-request.ts';
import { createPagedListController, pagedListState } from '../shared/paged-list.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { NotificationBellActions, NotificationBellModel, NotificationBellState } from './notification-bell-model.ts';

/** The part of the SDK's notifications module the bell uses. @public */
export type NotificationBellApi = Pick<NotificationsModule, 'list' | 'unreadCount' | 'markRead' | 'markAllRead' | 'subscribe'>;

export interface NotificationBellControllerOptions {
  /** Notifications per page of the list (10 by default). */
  pageSize?: number | undefined;
  /** "Now" for a notification marked read before the server answers; the device's clock by default. */
  now?: (() => Date) | undefined;
}

const messageOf = (thrown: unknown) => PortalError.from(thrown).message;

function applyChange(items: readonly PortalNotification[], { action, notification }: NotificationChange): PortalNotification[] {
  const others = items.filter((item) => item.id !== notification.id);
  if (action === 'delete') return others;
  if (action === 'create' && others.length === items.length) return [notification, ...items];
  return items.map((item) => (item.id === notification.id ? notification : item));
}

/**
 * Counts the unread notifications and follows them live while started; the list loads when it is
 * first opened and then follows the same live changes. Marking read shows at once and is undone,
 * with the reason, when the server refuses.
 */
export function createNotificationBellController(
  api: NotificationBellApi,
  model: NotificationBellModel,
  { pageSize = 10, now = () => new Date() }: NotificationBellControllerOptions = {},
): WidgetController<NotificationBellState, NotificationBellActions> {
  let unsubscribe: Unsubscribe | undefined;
  let running = false;
  let listRequested = false;
  const counts = createLatestRequest();
  const list = createPagedListController(model, (cursor) => api.list({ limit: pageSize, ...(cursor ? { cursor } : {}) }), {
    messageOf,
    keyOf: (item) => item.id,
  });

  // The server's count is the truth: a change may come from another tab or device, so it is read
  // again after each one rather than counted here.
  async function refreshCount(): Promise<void> {
    const mine = counts.begin();
    try {
      const count = await api.unreadCount();
      if (mine.isCurrent()) model.unreadCount.value = count;
    } catch {
      // The badge keeps its last count; the next change or start reads it again.
    }
  }

  function loadList(): void {
    listRequested = true;
    void list.load();
  }

  const replace = (updated: PortalNotification) => {
    model.items.value = model.items.value.map((item) => (item.id === updated.id ? updated : item));
  };

  const actions: NotificationBellActions = {
    toggle() {
      const opening = !model.open.value;
      model.open.value = opening;
      if (opening && (!listRequested || model.status.value === 'error')) loadList();
    },
    close() {
      model.open.value = false;
    },
    markRead(notification) {
      if (notification.readAt) return;
      const readAt = now().toISOString();
      batch(() => {
        model.actionError.value = null;
        replace({ ...notification, readAt });
        model.unreadCount.value = Math.max(0, model.unreadCount.value - 1);
      });
      api.markRead(notification.id).then(replace, (thrown: unknown) =>
        batch(() => {
          replace({ ...notification, readAt: null });
          model.unreadCount.value += 1;
          model.actionError.value = messageOf(thrown);
        }),
      );
    },
    markAllRead() {
      const before = { items: model.items.value, unreadCount: model.unreadCount.value };
      const readAt = now().toISOString();
      batch(() => {
        model.actionError.value = null;
        model.items.value = before.items.map((item) => (item.readAt ? item : { ...item, readAt }));
        model.unreadCount.value = 0;
      });
      api.markAllRead().catch((thrown: unknown) => {
        const unread = new Set(before.items.filter((item) => !item.readAt).map((item) => item.id));
        batch(() => {
          model.items.value = model.items.value.map((item) => (unread.has(item.id) ? { ...item, readAt: null } : item));
          model.unreadCount.value = before.unreadCount;
          model.actionError.value = messageOf(thrown);
        });
      });
    },
    open(notification) {
      model.open.value = false;
      actions.markRead(notification);
    },
    loadMore: () => void list.loadMore(),
    retry: loadList,
  };

  return {
    state: computed(() => ({
      ...pagedListState(model),
      unreadCount: model.unreadCount.value,
      open: model.open.value,
      notifications: model.items.value,
      actionError: model.actionError.value,
    })),
    actions,
    start() {
      running = true;
      void refreshCount();
      unsubscribe = api.subscribe((change) => {
        if (!running) return;
        if (listRequested && model.status.value === 'ready') model.items.value = applyChange(model.items.value, change);
        void refreshCount();
      });
      // Started again (React's strict mode): a list that was asked for is read again.
      if (listRequested) loadList();
      return () => {
        running = false;
        counts.invalidate();
        list.stop();
        void unsubscribe?.();
        unsubscribe = undefined;
      };
    },
  };
}
