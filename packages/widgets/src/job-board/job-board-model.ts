import { signal, type Signal } from '@preact/signals-react';
import type { Job, PostingType } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel, type PagedListState } from '../shared/paged-list.ts';

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
  /**
   * A student's listing also shows what their age does not allow yet (marked "From age N"); off, the
   * default, it is "Open to me" (issue 26).
   */
  allAges: boolean;
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
  allAges: false,
};

/** Whether anything is set in the panel: a search, an option, a date or a switch. */
export function hasActiveFilters(filters: JobBoardFilters): boolean {
  return (Object.keys(NO_FILTERS) as Array<keyof JobBoardFilters>).some((key) => JSON.stringify(filters[key]) !== JSON.stringify(NO_FILTERS[key]));
}

/** Whether the panel's end date lies before its start date: refused, so the range is not applied. */
export function isReversedRange(filters: Pick<JobBoardFilters, 'startDate' | 'endDate'>): boolean {
  return Boolean(filters.startDate && filters.endDate && filters.endDate < filters.startDate);
}

/** Whether the panel sets anything a saved search keeps (a search, a location, a cluster or a date; not the sort or the private switch). */
export function hasSearchCriteria(filters: JobBoardFilters): boolean {
  return Boolean(filters.search.trim() || filters.locations.length || filters.clusters.length || filters.startDate);
}

/**
 * "Save this search": not offered (`unavailable`: no alerts module, or the viewer is no student),
 * `idle`, `pending`, `saved` with its confirmation, or `failed` with the reason (a 21st search, no criteria).
 * @public
 */
export type SaveSearchState =
  { status: 'unavailable' } | { status: 'idle' } | { status: 'pending' } | { status: 'saved'; message: string } | { status: 'failed'; message: string };

/** The board's signals: the paged list of postings, what the filter panel selects, and the student's saved marks and search. */
export interface JobBoardModel extends PagedListModel<Job> {
  readonly postingType: PostingType;
  filters: Signal<JobBoardFilters>;
  appliedJobIds: Signal<ReadonlySet<string>>;
  searchSave: Signal<SaveSearchState>;
  searchSuggestion: Signal<string | null>;
}

export function createJobBoardModel(postingType: PostingType, filters: JobBoardFilters = NO_FILTERS): JobBoardModel {
  return {
    ...createPagedListModel<Job>(),
    postingType,
    filters: signal(filters),
    appliedJobIds: signal<ReadonlySet<string>>(new Set()),
    searchSave: signal<SaveSearchState>({ status: 'unavailable' }),
    searchSuggestion: signal<string | null>(null),
  };
}

/** What a job board shows: {@link useJobBoard}'s `state`, and {@link JobBoardView}'s. @public */
export interface JobBoardState extends PagedListState {
  /** The listing's posting type: it names the empty message. */
  readonly postingType: PostingType;
  /** What the filter panel selects. */
  readonly filters: JobBoardFilters;
  /** The postings loaded so far, in the listing's order. */
  readonly jobs: readonly Job[];
  /** The shown postings the signed-in student applied to (their cards say "Applied"). */
  readonly appliedJobIds: ReadonlySet<string>;
  /** The postings the signed-in student saved (their cards' Save is pressed); null when the board offers no saving. */
  readonly savedJobIds: ReadonlySet<string> | null;
  /** Why the last save or unsave failed (the card went back as it was); null otherwise. */
  readonly saveError: string | null;
  /** "Save this search": whether it is offered, and the outcome of the last one. */
  readonly searchSave: SaveSearchState;
  /** When the search found nothing: the corrected search the board offers ("Did you mean cashier?"); null or absent otherwise. */
  readonly searchSuggestion?: string | null | undefined;
}

/** What a person can do on a job board: {@link useJobBoard}'s `actions`. @public */
export interface JobBoardActions {
  /** Records typed search text; the board searches once typing rests. */
  typeSearch(text: string): void;
  /** Searches now (the search was submitted). */
  submitSearch(): void;
  /** Searches for `text` now, as if typed and submitted ("Did you mean …?"). Optional for hosts' own actions; without it the view types and submits. */
  searchFor?(text: string): void;
  /** Applies a change of the filter panel at once (every control but the search text); {@link NO_FILTERS} clears them. */
  setFilters(patch: Partial<JobBoardFilters>): void;
  /** Sets a start date (undefined clears it), clearing an end date that now lies before it. */
  setStartDate(date: string | undefined): void;
  /** Appends the next page; after a failure, tries the same page again. */
  loadMore(): void;
  /** Loads the first page again, after it failed. */
  retry(): void;
  /** A card was opened from the listing: counts one view. */
  open(job: Job): void;
  /** Saves a posting the student has not saved, unsaves one they have; shown at once, undone with the reason if refused. */
  toggleSave(job: Job): void;
  /** Keeps the panel's current search and filters as a saved search (an alert). */
  saveSearch(): void;
}
