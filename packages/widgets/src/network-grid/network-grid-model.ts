import type { Profile } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel } from '../shared/paged-list.ts';

/** `loading` the first page, `ready` with the grid, `error` when it could not load. @public */
export type NetworkStatus = 'loading' | 'ready' | 'error';

/** The network grid's state, as signals. */
export type NetworkGridModel = PagedListModel<Profile>;

export function createNetworkGridModel(): NetworkGridModel {
  return createPagedListModel<Profile>();
}
