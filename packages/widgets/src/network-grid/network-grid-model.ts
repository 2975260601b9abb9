import type { Profile } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel, type PagedListState } from '../shared/paged-list.ts';

/** The network grid's signals: the paged list of public profiles. */
export type NetworkGridModel = PagedListModel<Profile>;

export function createNetworkGridModel(): NetworkGridModel {
  return createPagedListModel<Profile>();
}

/** What a network grid shows: {@link useNetworkGrid}'s `state`, and {@link NetworkGridView}'s. @public */
export interface NetworkGridState extends PagedListState {
  /** The public profiles loaded so far, in the grid's order. */
  readonly profiles: readonly Profile[];
}

/** What a person can do on a network grid: {@link useNetworkGrid}'s `actions`. @public */
export interface NetworkGridActions {
  /** Appends the next page; after a failure, tries the same page again. */
  loadMore(): void;
  /** Loads the first page again, after it failed. */
  retry(): void;
}
