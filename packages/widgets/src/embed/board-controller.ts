import { PublicClientError, type Job, type PublicClient, type PublicJobQuery } from '@opportunity-kit/sdk/public';
import { createPagedListController } from '../shared/paged-list.ts';
import type { BoardFilters, BoardModel } from './board-model.ts';

/** How long typing rests before the board searches. */
export const SEARCH_DELAY_MS = 300;

export interface BoardController {
  /** Loads the first page for the current filters; a newer load wins over an older one still running. */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  /** Applies filters now (a select changed, or the search was submitted). */
  applyFilters(patch: Partial<BoardFilters>): Promise<void>;
  /** Records typed search text and searches once typing rests. */
  typeSearch(text: string): void;
  /** Shows a posting of the list. */
  open(job: Job): void;
  /** Shows a posting by id (a shared link), which may be missing or private. */
  openById(id: string): Promise<void>;
  close(): void;
  dispose(): void;
}

export function createBoardController(client: PublicClient, model: BoardModel, pageSize = 12): BoardController {
  let searchTimer: ReturnType<typeof setTimeout> | undefined;

  const query = (cursor?: string): PublicJobQuery => {
    const { search, postingType, location } = model.filters.value;
    return {
      limit: pageSize,
      ...(search.trim() ? { search } : {}),
      ...(postingType ? { postingType } : {}),
      ...(location ? { location } : {}),
      ...(cursor ? { cursor } : {}),
    };
  };

  // A visitor reads the spec's generic text: a `PublicClientError`'s message is for the school's developer,
  // and its `network` code also covers a site the school has not registered (CORS), not only a lost connection.
  const list = createPagedListController(
    {
      status: model.status,
      items: model.jobs,
      nextCursor: model.nextCursor,
      loadingMore: model.loadingMore,
      error: model.error,
      loadMoreError: model.loadMoreError,
    },
    async (cursor) => {
      const page = await client.listJobs(query(cursor));
      return { ...page, items: page.jobs };
    },
    {
      onFirstPage(page) {
        model.total.value = page.total;
      },
    },
  );

  function load(): Promise<void> {
    clearTimeout(searchTimer);
    return list.load();
  }

  return {
    load,
    loadMore: list.loadMore,

    applyFilters(patch) {
      model.filters.value = { ...model.filters.value, ...patch };
      return load();
    },

    typeSearch(text) {
      model.filters.value = { ...model.filters.value, search: text };
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => void load(), SEARCH_DELAY_MS);
    },

    open(job) {
      model.detail.value = { status: 'ready', job };
    },

    async openById(id) {
      model.detail.value = { status: 'loading' };
      try {
        model.detail.value = { status: 'ready', job: await client.getJob(id) };
      } catch (error) {
        model.detail.value = { status: error instanceof PublicClientError && error.code === 'not-found' ? 'missing' : 'error' };
      }
    },

    close() {
      model.detail.value = { status: 'closed' };
    },

    dispose() {
      clearTimeout(searchTimer);
      list.dispose();
    },
  };
}
