import { batch } from '@preact/signals-react';
import type { ProfilesModule } from '@opportunity-kit/sdk';
import type { NetworkGridModel } from './network-grid-model.ts';

/** What the network grid needs of the SDK. @public */
export type NetworkGridApi = Pick<ProfilesModule, 'listPublic'>;

export interface NetworkGridController {
  load(): Promise<void>;
  loadMore(): Promise<void>;
  dispose(): void;
}

export function createNetworkGridController(api: NetworkGridApi, model: NetworkGridModel, pageSize = 24): NetworkGridController {
  let generation = 0;

  return {
    async load() {
      const mine = ++generation;
      model.status.value = 'loading';
      try {
        const page = await api.listPublic({ limit: pageSize });
        if (mine !== generation) return;
        batch(() => {
          model.profiles.value = page.items;
          model.nextCursor.value = page.nextCursor;
          model.status.value = 'ready';
        });
      } catch {
        if (mine === generation) model.status.value = 'error';
      }
    },

    async loadMore() {
      const cursor = model.nextCursor.value;
      if (!cursor || model.loadingMore.value) return;
      const mine = generation;
      model.loadingMore.value = true;
      try {
        const page = await api.listPublic({ limit: pageSize, cursor });
        if (mine !== generation) return;
        batch(() => {
          model.profiles.value = [...model.profiles.value, ...page.items];
          model.nextCursor.value = page.nextCursor;
        });
      } catch {
        if (mine === generation) model.status.value = 'error';
      } finally {
        if (mine === generation) model.loadingMore.value = false;
      }
    },

    dispose() {
      generation++;
    },
  };
}
