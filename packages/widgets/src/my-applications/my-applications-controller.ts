import { batch } from '@preact/signals-react';
import type { ApplicationsModule } from '@opportunity-kit/sdk';
import type { MyApplicationsModel } from './my-applications-model.ts';

/** What the student's list of applications needs of the SDK. @public */
export type MyApplicationsApi = Pick<ApplicationsModule, 'listMine'>;

export interface MyApplicationsController {
  load(): Promise<void>;
  loadMore(): Promise<void>;
  dispose(): void;
}

export function createMyApplicationsController(api: MyApplicationsApi, model: MyApplicationsModel, pageSize = 25): MyApplicationsController {
  let generation = 0;

  return {
    async load() {
      const mine = ++generation;
      model.status.value = 'loading';
      try {
        const page = await api.listMine({ limit: pageSize });
        if (mine !== generation) return;
        batch(() => {
          model.items.value = page.items;
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
        const page = await api.listMine({ limit: pageSize, cursor });
        if (mine !== generation) return;
        batch(() => {
          model.items.value = [...model.items.value, ...page.items];
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
