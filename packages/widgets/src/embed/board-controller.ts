import { computed } from '@preact/signals-react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PublicClientError, type Job, type PublicClient, type PublicJobQuery } from '@opportunity-kit/sdk/public';
import { createLatestRequest } from '../shared/latest-request.ts';
import { createPagedListController, pagedListState } from '../shared/paged-list.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { BoardActions, BoardFilters, BoardModel, BoardState } from './board-model.ts';
import { siteNotRegisteredMessage } from './format.ts';

/** How long typing rests before the board searches. */
export const SEARCH_DELAY_MS = 300;

/** Loads the public postings for the filters when started, pages on with "Load more", and shows one posting's detail. */
export function createBoardController(client: PublicClient, model: BoardModel, pageSize = 12): WidgetController<BoardState, BoardActions> {
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  // The detail the visitor asked for last: closing or opening another drops a linked posting still on its way.
  const details = createLatestRequest();

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

  // A visitor reads the spec's generic text: a `PublicClientError`'s message is for the school's developer. A site
  // the school has not registered is the exception: the visitor is told whom to ask, and the console what to register.
  const messageOf = (error: unknown): string => {
    if (!(error instanceof PublicClientError && error.code === 'unregistered-origin')) return MESSAGES.genericError;
    if (!model.siteRefused.value) console.error(`<opportunity-board>: ${error.message}`);
    model.siteRefused.value = true;
    return siteNotRegisteredMessage(location.origin);
  };
  const list = createPagedListController(
    model,
    async (cursor) => {
      const page = await client.listJobs(query(cursor));
      return { items: page.jobs, total: page.total, nextCursor: page.nextCursor };
    },
    { keyOf: (job: Job) => job.id, messageOf },
  );

  function load(): void {
    clearTimeout(searchTimer);
    void list.load();
  }

  async function openById(id: string): Promise<void> {
    const mine = details.begin();
    model.detail.value = { status: 'loading' };
    try {
      const job = await client.getJob(id);
      if (mine.isCurrent()) model.detail.value = { status: 'ready', job };
    } catch (error) {
      if (!mine.isCurrent()) return;
      model.detail.value =
        error instanceof PublicClientError && error.code === 'not-found' ? { status: 'missing' } : { status: 'error', message: messageOf(error) };
    }
  }

  const actions: BoardActions = {
    typeSearch(text) {
      model.filters.value = { ...model.filters.value, search: text };
      clearTimeout(searchTimer);
      searchTimer = setTimeout(load, SEARCH_DELAY_MS);
    },
    submitSearch: load,
    setFilters(patch: Partial<BoardFilters>) {
      model.filters.value = { ...model.filters.value, ...patch };
      load();
    },
    loadMore: () => void list.loadMore(),
    retry: load,
    open(job) {
      details.begin();
      model.detail.value = { status: 'ready', job };
    },
    openById: (id) => void openById(id),
    close() {
      details.begin();
      model.detail.value = { status: 'closed' };
    },
  };

  return {
    state: computed(() => ({
      ...pagedListState(model),
      filters: model.filters.value,
      jobs: model.items.value,
      detail: model.detail.value,
      siteRefused: model.siteRefused.value,
    })),
    actions,
    start() {
      load();
      return () => {
        clearTimeout(searchTimer);
        list.stop();
        details.invalidate();
      };
    },
  };
}
