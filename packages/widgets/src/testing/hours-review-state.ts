import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import {
  filterEntries,
  NO_FILTERS,
  organisationsOf,
  QUEUE_ORDER,
  sortEntries,
  studentsOf,
  type HoursReviewFilters,
} from '../hours-review/hours-review-filters.ts';
import { ROWS_PER_STEP, type HoursReviewActions, type HoursReviewState } from '../hours-review/hours-review-model.ts';

/**
 * The hours review's state for views without a controller (stories, view tests, the benchmark): the
 * queue `entries`, with what the controller derives from them (visible rows, students, organisations,
 * what "Select all confirmed" chooses) computed by the same functions, then `overrides`.
 */
export function anHoursReviewState(
  entries: readonly ServiceHoursEntry[],
  overrides: Partial<Omit<HoursReviewState, 'visibleEntries' | 'selectableIds' | 'students' | 'organisations'>> = {},
): HoursReviewState {
  const filters: HoursReviewFilters = overrides.filters ?? NO_FILTERS;
  const filtered = filterEntries(entries, filters);
  return {
    status: 'ready',
    error: null,
    entries,
    rest: { state: 'none' },
    review: { state: 'idle' },
    exportProgress: { state: 'idle' },
    sort: QUEUE_ORDER,
    rowLimit: ROWS_PER_STEP,
    selectedIds: new Set(),
    bulk: { state: 'idle' },
    ...overrides,
    filters,
    visibleEntries: sortEntries(filtered, overrides.sort ?? QUEUE_ORDER),
    students: studentsOf(entries),
    organisations: organisationsOf(entries),
    selectableIds: filtered.filter((entry) => entry.status === 'confirmed').map((entry) => entry.id),
  };
}

/** Every action of the hours review as a spy of the test framework (`vi.fn`, storybook's `fn`). */
export function hoursReviewActions(spy: () => () => void): HoursReviewActions {
  return {
    review: spy(),
    exportTotals: spy(),
    retry: spy(),
    retryRest: spy(),
    filter: spy(),
    clearFilters: spy(),
    sortBy: spy(),
    showMore: spy(),
    toggleSelected: spy(),
    toggleAllConfirmed: spy(),
    requestApproval: spy(),
    cancelApproval: spy(),
    confirmApproval: spy(),
  };
}
