import { signal, type Signal } from '@preact/signals-react';
import type { Job, PostingType } from '@opportunity-kit/sdk/public';
import type { LoadStatus } from '../shared/load-status.ts';

/** What the visitor filters by; `''` means "any". */
export interface BoardFilters {
  search: string;
  postingType: PostingType | '';
  location: string;
}

/** The detail pane: closed, loading a linked posting, showing one, or why it cannot. */
export type DetailState = { status: 'closed' } | { status: 'loading' } | { status: 'ready'; job: Job } | { status: 'missing' } | { status: 'error' };

/** The board's state, as signals: the element renders from it and the controller writes it. */
export interface BoardModel {
  filters: Signal<BoardFilters>;
  status: Signal<LoadStatus>;
  jobs: Signal<Job[]>;
  total: Signal<number>;
  nextCursor: Signal<string | null>;
  loadingMore: Signal<boolean>;
  /** Why the list could not load, or null. */
  error: Signal<string | null>;
  /** Why the last "Load more" failed (the list stays and the button retries), or null. */
  loadMoreError: Signal<string | null>;
  detail: Signal<DetailState>;
}

export function createBoardModel(filters: BoardFilters): BoardModel {
  return {
    filters: signal(filters),
    status: signal<LoadStatus>('loading'),
    jobs: signal<Job[]>([]),
    total: signal(0),
    nextCursor: signal<string | null>(null),
    loadingMore: signal(false),
    error: signal<string | null>(null),
    loadMoreError: signal<string | null>(null),
    detail: signal<DetailState>({ status: 'closed' }),
  };
}
