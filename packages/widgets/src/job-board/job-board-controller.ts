import { batch, computed } from '@preact/signals-react';
import {
  alertCriteriaOf,
  applyJobChange,
  PortalError,
  type AlertsModule,
  type ApplicationsModule,
  type JobFilter,
  type JobsModule,
  type Unsubscribe,
} from '@opportunity-kit/sdk';
import { withStartDate, type Job, type PostingType } from '@opportunity-kit/sdk/domain';
import { createSavedMarks, type SavedApi } from '../saved-postings/saved-marks.ts';
import { createLatestRequest } from '../shared/latest-request.ts';
import { createPagedListController, pagedListState } from '../shared/paged-list.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import { isReversedRange, type JobBoardActions, type JobBoardFilters, type JobBoardModel, type JobBoardState } from './job-board-model.ts';

/** The part of the SDK's jobs module the board uses; with `suggestSearch`, a search that finds nothing offers a correction. @public */
export type JobBoardApi = Pick<JobsModule, 'list' | 'subscribe' | 'recordView'> & Partial<Pick<JobsModule, 'suggestSearch'>>;

/** The part of the SDK's applications module the board uses: which shown postings the student applied to. @public */
export type JobBoardApplicationsApi = Pick<ApplicationsModule, 'appliedTo'>;

/** The part of the SDK's alerts module the board uses: "Save this search". @public */
export type JobBoardAlertsApi = Pick<AlertsModule, 'create'>;

/** The confirmation of "Save this search". */
export const SEARCH_SAVED = "Saved. We'll tell you about new matches.";

export interface JobBoardControllerOptions {
  /** Cards per page (12 by default). */
  pageSize?: number | undefined;
  /** Told each new state of the filter panel. */
  onFiltersChange?: ((filters: JobBoardFilters) => void) | undefined;
  /** Asked which postings of each page the student applied to; without it no card says "Applied". */
  applications?: JobBoardApplicationsApi | undefined;
  /** The student's saved postings; without it the cards have no Save button. */
  saved?: SavedApi | undefined;
  /** The student's saved searches; without it the board offers no "Save this search". */
  alerts?: JobBoardAlertsApi | undefined;
}

/** How long typing rests before the board searches. */
export const SEARCH_DELAY_MS = 300;

/** The SDK's listing filter for the panel's state: the type of the listing page, and what is set. */
export function toJobFilter(postingType: PostingType, filters: JobBoardFilters): JobFilter {
  const search = filters.search.trim();
  return {
    postingType,
    ...(search ? { search } : {}),
    ...(filters.locations.length ? { locations: filters.locations } : {}),
    ...(filters.clusters.length ? { clusters: filters.clusters } : {}),
    ...(filters.startDate ? { startDate: filters.startDate } : {}),
    // A reversed range is refused in the panel (its end date shows why), not searched as an empty one.
    ...(filters.startDate && filters.endDate && !isReversedRange(filters) ? { endDate: filters.endDate } : {}),
    ...(filters.sortByViews ? { sortByViews: true } : {}),
    ...(filters.privateOnly ? { privateOnly: true } : {}),
    ...(filters.allAges ? { allAges: true } : {}),
  };
}

const messageOf = (thrown: unknown) => PortalError.from(thrown).message;

/** Loads the listing for the filters, follows its live changes while started, and pages on with "Load more". */
export function createJobBoardController(
  api: JobBoardApi,
  model: JobBoardModel,
  { pageSize = 12, onFiltersChange, applications, saved, alerts }: JobBoardControllerOptions = {},
): WidgetController<JobBoardState, JobBoardActions> {
  const marks = saved ? createSavedMarks(saved) : null;
  let savedLoaded = false;
  if (alerts) model.searchSave.value = { status: 'idle' };
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: Unsubscribe | undefined;
  let running = false;
  const subscriptions = createLatestRequest();
  const suggestions = createLatestRequest();

  const filter = () => toJobFilter(model.postingType, model.filters.value);
  const list = createPagedListController(
    model,
    async (cursor) => {
      const page = await api.list(filter(), { limit: pageSize, ...(cursor ? { cursor } : {}) });
      void lookUpApplied(page.items);
      return page;
    },
    { messageOf, keyOf: (job) => job.id },
  );

  // Whether the student applied does not depend on the filters, so an answer that arrives late is still true.
  async function lookUpApplied(jobs: readonly Job[]): Promise<void> {
    if (!applications || !jobs.length) return;
    try {
      const applied = await applications.appliedTo(jobs.map((job) => job.id));
      if (applied.size) model.appliedJobIds.value = new Set([...model.appliedJobIds.value, ...applied.keys()]);
    } catch {
      // Cards then show no "Applied"; the detail page and the form still tell.
    }
  }

  // A subscription computes `matches` against the filter it was given, so a new filter needs a new one;
  // a change is applied only to a list of that same filter.
  function follow(current: JobFilter): void {
    void unsubscribe?.();
    const mine = subscriptions.begin();
    unsubscribe = api.subscribe(current, (change) => {
      if (!mine.isCurrent() || model.status.value !== 'ready') return;
      const page = applyJobChange({ items: model.items.value, total: model.total.value, nextCursor: model.nextCursor.value }, change, current);
      batch(() => {
        model.items.value = page.items;
        model.total.value = page.total;
      });
    });
  }

  // Only a search that found nothing asks for a correction (one small read), and only its answer is shown.
  async function suggest(): Promise<void> {
    const mine = suggestions.begin();
    model.searchSuggestion.value = null;
    await list.load();
    const current = filter();
    if (!api.suggestSearch || !current.search || model.status.value !== 'ready' || model.items.value.length || !mine.isCurrent()) return;
    try {
      const suggestion = await api.suggestSearch(current);
      if (mine.isCurrent()) model.searchSuggestion.value = suggestion;
    } catch {
      // No correction then: the empty result still says what to do.
    }
  }

  function load(): void {
    clearTimeout(searchTimer);
    if (running) follow(filter());
    void suggest();
  }

  function changeFilters(filters: JobBoardFilters): void {
    batch(() => {
      model.filters.value = filters;
      // The outcome said something about the search before this change; a new search may be saved again.
      if (alerts && model.searchSave.value.status !== 'pending') model.searchSave.value = { status: 'idle' };
    });
    onFiltersChange?.(filters);
  }

  async function saveSearch(): Promise<void> {
    if (!alerts || model.searchSave.value.status === 'pending') return;
    model.searchSave.value = { status: 'pending' };
    try {
      await alerts.create(alertCriteriaOf(filter()));
      model.searchSave.value = { status: 'saved', message: SEARCH_SAVED };
    } catch (thrown) {
      model.searchSave.value = { status: 'failed', message: messageOf(thrown) };
    }
  }

  const setFilters = (patch: Partial<JobBoardFilters>) => {
    changeFilters({ ...model.filters.value, ...patch });
    load();
  };

  const actions: JobBoardActions = {
    setFilters,
    setStartDate(date) {
      const { startDate, endDate } = withStartDate(model.filters.value, date || undefined);
      setFilters({ startDate, endDate });
    },
    typeSearch(text) {
      changeFilters({ ...model.filters.value, search: text });
      clearTimeout(searchTimer);
      searchTimer = setTimeout(load, SEARCH_DELAY_MS);
    },
    submitSearch: load,
    searchFor(text) {
      changeFilters({ ...model.filters.value, search: text });
      load();
    },
    loadMore: () => void list.loadMore(),
    retry: load,
    open(job: Job) {
      // Counting a view is not the visitor's own action, so a failure is not theirs to see; the
      // live update (or the next load) shows the new count.
      api.recordView(job.id).catch(() => undefined);
    },
    toggleSave: (job) => void marks?.toggle(job.id),
    saveSearch: () => void saveSearch(),
  };

  return {
    state: computed(() => ({
      ...pagedListState(model),
      postingType: model.postingType,
      filters: model.filters.value,
      jobs: model.items.value,
      appliedJobIds: model.appliedJobIds.value,
      savedJobIds: marks?.savedJobIds.value ?? null,
      saveError: marks?.error.value ?? null,
      searchSave: model.searchSave.value,
      searchSuggestion: model.searchSuggestion.value,
    })),
    actions,
    start() {
      running = true;
      load();
      // The saved postings do not depend on the filters: asked once for the board's life.
      if (marks && !savedLoaded) {
        savedLoaded = true;
        void marks.load();
      }
      return () => {
        running = false;
        clearTimeout(searchTimer);
        suggestions.invalidate();
        list.stop();
        subscriptions.invalidate();
        void unsubscribe?.();
        unsubscribe = undefined;
      };
    },
  };
}
