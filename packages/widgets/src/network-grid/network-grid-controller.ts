import { computed } from '@preact/signals-react';
import type { ProfilesModule } from '@opportunity-kit/sdk';
import { createPagedListController, pagedListState } from '../shared/paged-list.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { NetworkGridActions, NetworkGridModel, NetworkGridState } from './network-grid-model.ts';

/** What the network grid needs of the SDK. @public */
export type NetworkGridApi = Pick<ProfilesModule, 'listPublic'>;

/** Loads the public profiles a page at a time, from the first page when started. */
export function createNetworkGridController(
  api: NetworkGridApi,
  model: NetworkGridModel,
  pageSize = 24,
): WidgetController<NetworkGridState, NetworkGridActions> {
  const list = createPagedListController(model, (cursor) => api.listPublic({ limit: pageSize, ...(cursor ? { cursor } : {}) }), {
    messageOf: portalErrorMessage,
    keyOf: (profile) => profile.id,
  });

  return {
    state: computed(() => ({
      ...pagedListState(model),
      profiles: model.items.value,
    })),
    actions: {
      loadMore: () => void list.loadMore(),
      retry: () => void list.load(),
    },
    start() {
      void list.load();
      return list.stop;
    },
  };
}
