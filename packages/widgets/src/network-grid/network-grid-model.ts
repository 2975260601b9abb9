import type { Profile } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel } from '../shared/paged-list.ts';

/** The network grid's state, as signals. */
export type NetworkGridModel = PagedListModel<Profile>;

export function createNetworkGridModel(): NetworkGridModel {
  return createPagedListModel<Profile>();
}
