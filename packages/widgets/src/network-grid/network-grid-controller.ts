import type { ProfilesModule } from '@opportunity-kit/sdk';
import { createPagedListController, type PagedListController } from '../shared/paged-list.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import type { NetworkGridModel } from './network-grid-model.ts';

/** What the network grid needs of the SDK. @public */
export type NetworkGridApi = Pick<ProfilesModule, 'listPublic'>;

export type NetworkGridController = PagedListController;

export function createNetworkGridController(api: NetworkGridApi, model: NetworkGridModel, pageSize = 24): NetworkGridController {
  return createPagedListController(model, (cursor) => api.listPublic({ limit: pageSize, ...(cursor ? { cursor } : {}) }), {
    messageOf: portalErrorMessage,
  });
}
