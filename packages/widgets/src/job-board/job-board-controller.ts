import { batch } from '@preact/signals-react';
import { applyJobChange, PortalError, type JobFilter, type JobsModule, type Unsubscribe } from '@opportunity-kit/sdk';
import { withStartDate, type Job, type PostingType } from '@opportunity-kit/sdk/domain';
import type { JobBoardFilters, JobBoardModel } from './job-board-model.ts';
import { createLatestRequest, type RequestToken } from '../shared/latest-request.ts';

/** The part of the SDK's jobs module the board uses. @public */
export type JobBoardApi = Pick<JobsModule, 'list' | 'subscribe' | 'recordView'>;

/** How long typing rests before the board searches. */
export const SEARCH_DELAY_MS = 300;

export interface JobBoardController {
  /** Loads the first page and follows live changes until the returned function is called. */
  start(): () => void;
  /** Loads the first page again (after a failure, or when the filters changed). */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  /** Applies a change of the filter panel at once (every control but the search text). */
  setFilters(patch: Partial<JobBoardFilters>): void;
  /** Sets a start date, clearing an end date that now lies before it. */
  setStartDate(date: string | undefined): void;
  /** Records typed search text and searches once typing rests. */
  typeSearch(text: string): void;
  /** Searches now (the search was submitted). */
  submitSearch(): void;
  /** A card was opened from the listing: counts one view. */
  open(job: Job): void;
}

/** The SDK's listing filter for the panel's state: the type of the listing page, and what is set. */
export function toJobFilter(postingType: PostingType, filters: JobBoardFilters): JobFilter {
  const search = filters.search.trim();
  return {
    postingType,
    ...(search ? { search } : {}),
    ...(filters.locations.length ? { locations: filters.locations } : {}),
    ...(filters.clusters.length ? { clusters: filters.clusters } : {}),
    ...(filters.startDate ? { startDate: filters.startDate } : {}),
    ...(filters.startDate && filters.endDate ? { endDate: filters.endDate } : {}),
    ...(filters.sortByViews ? { sortByViews: true } : {}),
    ...(filters.privateOnly ? { privateOnly: true } : {}),
  };
}

const messageOf = (thrown: unknown) => PortalError.from(thrown).message;

export function createJobBoardController(api: JobBoardApi, model: JobBoardModel, pageSize = 12): JobBoardController {
  // Each load begins a new request; answers and live changes of an older one are dropped.
  const requests = createLatestRequest();
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: Unsubscribe | undefined;
  let running = false;

  const filter = () => toJobFilter(model.postingType, model.filters.value);

  // A subscription computes `matches` against the filter it was given, so a new filter needs a new one.
  function follow(current: JobFilter, mine: RequestToken): void {
    void unsubscribe?.();
    unsubscribe = api.subscribe(current, (change) => {
      if (!mine.isCurrent() || model.status.value !== 'ready') return;
      model.page.value = applyJobChange(model.page.value, change, current);
    });
  }

  async function load(): Promise<void> {
    clearTimeout(searchTimer);
    const mine = requests.begin();
    const current = filter();
    batch(() => {
      model.status.value = 'loading';
      model.loadingMore.value = false;
      model.moreError.value = null;
    });
    if (running) follow(current, mine);
    try {
      const page = await api.list(current, { limit: pageSize });
      if (!mine.isCurrent()) return;
      batch(() => {
        model.page.value = page;
        model.status.value = 'ready';
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.error.value = messageOf(thrown);
        model.status.value = 'error';
      });
    }
  }

  const setFilters = (patch: Partial<JobBoardFilters>) => {
    model.filters.value = { ...model.filters.value, ...patch };
    void load();
  };

  return {
    start() {
      running = true;
      void load();
      return () => {
        running = false;
        requests.invalidate();
        clearTimeout(searchTimer);
        void unsubscribe?.();
        unsubscribe = undefined;
      };
    },

    load,

    async loadMore() {
      const cursor = model.page.value.nextCursor;
      if (!cursor || model.loadingMore.value || model.status.value !== 'ready') return;
      const mine = requests.current();
      batch(() => {
        model.loadingMore.value = true;
        model.moreError.value = null;
      });
      try {
        const next = await api.list(filter(), { cursor, limit: pageSize });
        if (!mine.isCurrent()) return;
        const shown = new Set(model.page.value.items.map((job) => job.id));
        model.page.value = {
          items: [...model.page.value.items, ...next.items.filter((job) => !shown.has(job.id))],
          total: next.total,
          nextCursor: next.nextCursor,
        };
      } catch (thrown) {
        if (mine.isCurrent()) model.moreError.value = messageOf(thrown);
      } finally {
        if (mine.isCurrent()) model.loadingMore.value = false;
      }
    },

    setFilters,

    setStartDate(date) {
      const { startDate, endDate } = withStartDate(model.filters.value, date || undefined);
      setFilters({ startDate, endDate });
    },

    typeSearch(text) {
      model.filters.value = { ...model.filters.value, search: text };
      clearTimeout(searchTimer);
      searchTimer = setTimeout(() => void load(), SEARCH_DELAY_MS);
    },

    submitSearch() {
      void load();
    },

    open(job) {
      // Counting a view is not the visitor's own action, so a failure is not theirs to see; the
      // live update (or the next load) shows the new count.
      api.recordView(job.id).catch(() => undefined);
    },
  };
}
