import { batch } from '@preact/signals-react';
import type { ApplicationsModule } from '@opportunity-kit/sdk';
import { MESSAGES, statusUpdatedMessage, type Application, type ApplicationStatus } from '@opportunity-kit/sdk/domain';
import { createPagedListController } from '../shared/paged-list.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import type { ApplicationsManagerModel, ManagerFilter } from './applications-manager-model.ts';

/** What the applications manager needs of the SDK. @public */
export type ApplicationsManagerApi = Pick<ApplicationsModule, 'listForManager' | 'setStatus'>;

export interface ApplicationsManagerController {
  /** Loads the first page for the current filter; a newer load wins over an older one still running. */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  setFilter(filter: ManagerFilter): Promise<void>;
  /** Shows one application in the detail pane, or closes it (null). */
  select(id: string | null): void;
  /** Accepts or rejects the selected application; the selection is cleared once it is saved. */
  decide(status: Exclude<ApplicationStatus, 'pending'>): Promise<void>;
  dispose(): void;
}

const matches = (filter: ManagerFilter, application: Application) => filter === 'all' || application.status === filter;

export function createApplicationsManagerController(
  api: ApplicationsManagerApi,
  model: ApplicationsManagerModel,
  pageSize = 25,
): ApplicationsManagerController {
  const statusOf = (filter: ManagerFilter) => (filter === 'all' ? {} : { status: filter });
  const list = createPagedListController(
    model,
    (cursor) => api.listForManager(statusOf(model.filter.value), { limit: pageSize, ...(cursor ? { cursor } : {}) }),
    {
      onFirstPage(page) {
        if (!page.items.some((item) => item.id === model.selectedId.value)) model.selectedId.value = null;
      },
      messageOf: portalErrorMessage,
    },
  );
  const { load } = list;

  return {
    load,
    loadMore: list.loadMore,

    setFilter(filter) {
      batch(() => {
        model.filter.value = filter;
        model.decision.value = { state: 'idle' };
      });
      return load();
    },

    select(id) {
      batch(() => {
        model.selectedId.value = id;
        model.decision.value = { state: 'idle' };
      });
    },

    async decide(status) {
      const selected = model.selected.value;
      if (!selected || model.decision.value.state === 'saving') return;
      model.decision.value = { state: 'saving', status };
      try {
        const updated = await api.setStatus(selected.id, status);
        batch(() => {
          const filter = model.filter.value;
          // The list keeps showing only what its filter asks for: an accepted application leaves "Pending".
          model.items.value = model.items.value.flatMap((item) => (item.id !== updated.id ? [item] : matches(filter, updated) ? [updated] : []));
          model.selectedId.value = null;
          model.decision.value = { state: 'done', message: statusUpdatedMessage(updated.status) };
        });
      } catch {
        model.decision.value = { state: 'failed', message: MESSAGES.genericError };
      }
    },

    dispose: list.dispose,
  };
}
