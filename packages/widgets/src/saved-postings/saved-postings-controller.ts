import { batch, computed } from '@preact/signals-react';
import { PortalError, type Alert, type AlertsModule, type SavedPosting } from '@opportunity-kit/sdk';
import { createLatestRequest } from '../shared/latest-request.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { SavedApi } from './saved-marks.ts';
import type { SavedPostingsActions, SavedPostingsModel, SavedPostingsState } from './saved-postings-model.ts';

/** The part of the SDK's alerts module the Saved page uses. @public */
export type SavedSearchesApi = Pick<AlertsModule, 'list' | 'remove'>;

/** What the page announces after an Unsave. */
export const unsavedMessage = (title: string) => `${title} was removed from your saved postings.`;
/** What the page announces after a saved search was deleted. */
export const SEARCH_DELETED = 'The saved search was deleted.';

const messageOf = (thrown: unknown) => PortalError.from(thrown).message;

/** Loads the student's saved postings and searches together, and unsaves or deletes one on request. */
export function createSavedPostingsController(
  saved: SavedApi,
  alerts: SavedSearchesApi,
  model: SavedPostingsModel,
): WidgetController<SavedPostingsState, SavedPostingsActions> {
  const requests = createLatestRequest();

  async function load(): Promise<void> {
    const mine = requests.begin();
    batch(() => {
      model.status.value = 'loading';
      model.error.value = null;
      model.outcome.value = { status: 'idle' };
    });
    try {
      const [postings, searches] = await Promise.all([saved.list(), alerts.list()]);
      if (!mine.isCurrent()) return;
      batch(() => {
        model.postings.value = postings;
        model.alerts.value = searches;
        model.status.value = 'ready';
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.error.value = messageOf(thrown);
        model.status.value = 'error';
      });
    }
  }

  const setPending = (id: string, waiting: boolean) => {
    const next = new Set(model.pending.value);
    if (waiting) next.add(id);
    else next.delete(id);
    model.pending.value = next;
  };

  /** Runs one removal: the entry leaves its list only once the server agrees, so a failure leaves everything as it was. */
  async function removeOne(id: string, call: () => Promise<unknown>, onDone: () => void, message: string): Promise<void> {
    if (model.pending.value.has(id)) return;
    const mine = requests.current();
    batch(() => {
      setPending(id, true);
      model.outcome.value = { status: 'idle' };
    });
    try {
      await call();
      if (!mine.isCurrent()) return;
      batch(() => {
        onDone();
        model.outcome.value = { status: 'done', message };
      });
    } catch (thrown) {
      if (mine.isCurrent()) model.outcome.value = { status: 'failed', message: messageOf(thrown) };
    } finally {
      if (mine.isCurrent()) setPending(id, false);
    }
  }

  const actions: SavedPostingsActions = {
    unsave: (posting: SavedPosting) =>
      void removeOne(
        posting.jobId,
        () => saved.unsave(posting.jobId),
        () => (model.postings.value = model.postings.value.filter((entry) => entry.jobId !== posting.jobId)),
        unsavedMessage(posting.title),
      ),
    removeAlert: (alert: Alert) =>
      void removeOne(
        alert.id,
        () => alerts.remove(alert.id),
        () => (model.alerts.value = model.alerts.value.filter((entry) => entry.id !== alert.id)),
        SEARCH_DELETED,
      ),
    retry: () => void load(),
  };

  return {
    state: computed(() => ({
      status: model.status.value,
      error: model.error.value,
      postings: model.postings.value,
      alerts: model.alerts.value,
      pending: model.pending.value,
      outcome: model.outcome.value,
    })),
    actions,
    start() {
      void load();
      return () => requests.invalidate();
    },
  };
}
