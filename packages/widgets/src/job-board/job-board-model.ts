import { signal, type Signal } from '@preact/signals-react';
import type { Page } from '@opportunity-kit/sdk';
import type { Job, PostingType } from '@opportunity-kit/sdk/domain';
import type { LoadStatus } from '../shared/load-status.ts';

/**
 * What the filter panel selects. Dates are `YYYY-MM-DD`; the search text
 * is what the field shows, which the board applies once typing rests.
 * @public
 */
export interface JobBoardFilters {
  /** The search field's text: any of its words may match a posting's title, company, location, cluster, description or pay. */
  search: string;
  /** The checked locations; none means every location. */
  locations: readonly string[];
  /** The checked clusters; none means every cluster. */
  clusters: readonly string[];
  /** Alone: postings starting on or after this day. With `endDate`: postings that start and end in the range. */
  startDate: string | undefined;
  /** The range's last day; used only together with `startDate`. */
  endDate: string | undefined;
  /** "Sort based on Views": the most viewed first, then the newest. */
  sortByViews: boolean;
  /** "Private Filter": only private postings (offered to those who post). */
  privateOnly: boolean;
}

/** The filter panel with nothing set: every posting of the listing's type, newest first. @public */
export const NO_FILTERS: JobBoardFilters = {
  search: '',
  locations: [],
  clusters: [],
  startDate: undefined,
  endDate: undefined,
  sortByViews: false,
  privateOnly: false,
};

/** The board's state as signals: the connected widget renders from it, the controller writes it. */
export interface JobBoardModel {
  readonly postingType: PostingType;
  filters: Signal<JobBoardFilters>;
  /** `loading` the first page, `ready` with the page, `error` when it could not load. */
  status: Signal<LoadStatus>;
  /** Why the first page failed (the SDK's message); null when it did not. */
  error: Signal<string | null>;
  page: Signal<Page<Job>>;
  loadingMore: Signal<boolean>;
  /** Why the last "Load more" failed; null when it did not. */
  moreError: Signal<string | null>;
}

export function createJobBoardModel(postingType: PostingType, filters: JobBoardFilters = NO_FILTERS): JobBoardModel {
  return {
    postingType,
    filters: signal(filters),
    status: signal<LoadStatus>('loading'),
    error: signal<string | null>(null),
    page: signal<Page<Job>>({ items: [], total: 0, nextCursor: null }),
    loadingMore: signal(false),
    moreError: signal<string | null>(null),
  };
}
