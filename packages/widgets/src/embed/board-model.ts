import { signal, type Signal } from '@preact/signals-react';
import type { Job, PostingType } from '@opportunity-kit/sdk/public';
import { createPagedListModel, type PagedListModel, type PagedListState } from '../shared/paged-list.ts';

/** What the visitor filters by; `''` means "any". */
export interface BoardFilters {
  search: string;
  postingType: PostingType | '';
  location: string;
}

/** The detail pane: closed, loading a linked posting, showing one, or why it cannot. */
export type DetailState =
  { status: 'closed' } | { status: 'loading' } | { status: 'ready'; job: Job } | { status: 'missing' } | { status: 'error'; message?: string };

/** The board's signals: the paged list of public postings, the filters, and the detail pane. */
export interface BoardModel extends PagedListModel<Job> {
  filters: Signal<BoardFilters>;
  detail: Signal<DetailState>;
  /** The backend refused this page's site (not a registered web platform): trying again cannot help. */
  siteRefused: Signal<boolean>;
}

export function createBoardModel(filters: BoardFilters): BoardModel {
  return { ...createPagedListModel<Job>(), filters: signal(filters), detail: signal<DetailState>({ status: 'closed' }), siteRefused: signal(false) };
}

/** What the embed's board shows: its controller's `state`, and {@link BoardView}'s. */
export interface BoardState extends PagedListState {
  /** What the filters select. */
  readonly filters: BoardFilters;
  /** The postings loaded so far, in the listing's order. */
  readonly jobs: readonly Job[];
  /** The detail pane, shown in place of the list unless closed. */
  readonly detail: DetailState;
  /** The backend refused this page's site: the error says whom to ask, and offers no retry. */
  readonly siteRefused: boolean;
}

/** What a visitor can do on the embed's board. */
export interface BoardActions {
  /** Records typed search text; the board searches once typing rests. */
  typeSearch(text: string): void;
  /** Searches now (the search was submitted). */
  submitSearch(): void;
  /** Applies a change of the type or location at once. */
  setFilters(patch: Partial<BoardFilters>): void;
  /** Appends the next page; after a failure, retries it. */
  loadMore(): void;
  /** Loads the list again after it failed. */
  retry(): void;
  /** Shows a posting of the list. */
  open(job: Job): void;
  /** Shows a posting by id (a shared `?opportunity=<id>` address), which may be missing or private. */
  openById(id: string): void;
  /** Closes the detail and returns to the list. */
  close(): void;
}
