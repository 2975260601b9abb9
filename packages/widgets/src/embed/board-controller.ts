import { batch } from '@preact/signals-react';
import { PublicClientError, type Job, type PublicClient, type PublicJobQuery } from '@opportunity-kit/sdk/public';
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
  let generation = 0;
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

  async function load(): Promise<void> {
    clearTimeout(searchTimer);
    const mine = ++generation;
    batch(() => {
      model.status.value = 'loading';
      model.loadingMore.value = false;
    });
    try {
      const page = await client.listJobs(query());
      if (mine !== generation) return;
      batch(() => {
        model.jobs.value = page.jobs;
        model.total.value = page.total;
        model.nextCursor.value = page.nextCursor;
        model.status.value = 'ready';
      });
    } catch {
      if (mine === generation) model.status.value = 'error';
    }
  }

  return {
    load,

    async loadMore() {
      const cursor = model.nextCursor.value;
      if (!cursor || model.loadingMore.value) return;
      const mine = generation;
      model.loadingMore.value = true;
      try {
        const page = await client.listJobs(query(cursor));
        if (mine !== generation) return;
        batch(() => {
          model.jobs.value = [...model.jobs.value, ...page.jobs];
          model.nextCursor.value = page.nextCursor;
        });
      } catch {
        if (mine === generation) model.status.value = 'error';
      } finally {
        if (mine === generation) model.loadingMore.value = false;
      }
    },

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
      generation++;
    },
  };
}
