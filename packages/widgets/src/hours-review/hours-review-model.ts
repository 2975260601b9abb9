import { batch, signal, type Signal } from '@preact/signals-react';
import type { DownloadProgress } from '../shared/save-download.ts';
import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import { HOURS_QUEUE_PAGE_MAX, type HoursReviewDecision } from '@opportunity-kit/sdk/domain';
import type { LoadStatus } from '../shared/load-status.ts';
import {
  NO_FILTERS,
  QUEUE_ORDER,
  type HoursReviewFilters,
  type HoursReviewSort,
  type HoursSortColumn,
  type HoursStudentChoice,
} from './hours-review-filters.ts';

/** How many rows the table renders at first, and how many more each "Show more" adds. */
export const ROWS_PER_STEP = 100;

/** Entries per page of the queue: the first page fills the table's first rows, and the table shows as soon as it arrives. */
export const QUEUE_PAGE_SIZE = HOURS_QUEUE_PAGE_MAX;

/** A field of the review form that a refusal can name. @public */
export type HoursReviewField = 'decision' | 'hours' | 'comment';

/** What a teacher filled in for one entry, as typed: `hours` is the field's text. @public */
export interface HoursReviewDraft {
  /** Approve, partially approve or decline; undefined until one is chosen. */
  decision: HoursReviewDecision | undefined;
  /** For a partial approval: the hours that count, as typed. */
  hours: string;
  /** For the student; required to partially approve or decline. */
  comment: string;
}

/**
 * Where the teacher's last decision stands: being saved, refused (with the refused fields, or a
 * message for the whole form), or saved (the entry left the queue); `idle` before the first.
 * @public
 */
export type HoursReviewProgress =
  | { state: 'idle' }
  | { state: 'saving'; entryId: string }
  | { state: 'refused'; entryId: string; errors: Partial<Record<HoursReviewField, string>>; message: string | null }
  | { state: 'saved'; message: string };

/**
 * Approving the selected entries at once: asked to confirm (`count` entries), approving (`done` of
 * `total` sent so far, 50 per request), done (with what happened, e.g. "48 approved, 2 skipped: already
 * reviewed"), or failed (with why; what earlier requests approved stays approved); `idle` before.
 * @public
 */
export type HoursBulkProgress =
  | { state: 'idle' }
  | { state: 'confirming'; count: number }
  | { state: 'approving'; done: number; total: number }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string };

/**
 * The queue after its first page, which the table shows at once: `none` when that page held the whole
 * queue; else its pages loading in the background (`total` entries in the queue), all `loaded`, or
 * `failed` (with why) at a page, keeping every entry loaded before it.
 * @public
 */
export type HoursQueueRest =
  { state: 'none' } | { state: 'loading'; total: number } | { state: 'loaded'; total: number } | { state: 'failed'; total: number; message: string };

/** The CSV export: on its way, failed (with why), or `idle`. @public */
export type HoursExportProgress = DownloadProgress;

/** The review queue's signals. */
export interface HoursReviewModel {
  status: Signal<LoadStatus>;
  error: Signal<string | null>;
  entries: Signal<readonly ServiceHoursEntry[]>;
  rest: Signal<HoursQueueRest>;
  review: Signal<HoursReviewProgress>;
  exportProgress: Signal<HoursExportProgress>;
  filters: Signal<HoursReviewFilters>;
  sort: Signal<HoursReviewSort>;
  rowLimit: Signal<number>;
  selectedIds: Signal<ReadonlySet<string>>;
  bulk: Signal<HoursBulkProgress>;
}

export function createHoursReviewModel(): HoursReviewModel {
  return {
    status: signal<LoadStatus>('loading'),
    error: signal<string | null>(null),
    entries: signal<readonly ServiceHoursEntry[]>([]),
    rest: signal<HoursQueueRest>({ state: 'none' }),
    review: signal<HoursReviewProgress>({ state: 'idle' }),
    exportProgress: signal<HoursExportProgress>({ state: 'idle' }),
    filters: signal<HoursReviewFilters>(NO_FILTERS),
    sort: signal<HoursReviewSort>(QUEUE_ORDER),
    rowLimit: signal(ROWS_PER_STEP),
    selectedIds: signal<ReadonlySet<string>>(new Set()),
    bulk: signal<HoursBulkProgress>({ state: 'idle' }),
  };
}

/**
 * Takes decided entries off the queue: out of the table, the selection, and the count of a queue still
 * loading. (No later page brings them back: the server's pages hold undecided entries only.)
 */
export function leaveQueue(model: HoursReviewModel, ids: ReadonlySet<string>): void {
  if (ids.size === 0) return;
  batch(() => {
    const before = model.entries.value.length;
    model.entries.value = model.entries.value.filter((entry) => !ids.has(entry.id));
    const left = before - model.entries.value.length;
    const rest = model.rest.value;
    if (rest.state !== 'none' && left > 0) model.rest.value = { ...rest, total: Math.max(0, rest.total - left) };
    if ([...ids].some((id) => model.selectedIds.value.has(id))) model.selectedIds.value = new Set([...model.selectedIds.value].filter((id) => !ids.has(id)));
  });
}

/** What the hours review shows: {@link useHoursReview}'s `state`, and {@link HoursReviewView}'s. @public */
export interface HoursReviewState {
  /** Whether the queue is loading, shown, or could not load. */
  readonly status: LoadStatus;
  /** Why the queue could not load; null otherwise. */
  readonly error: string | null;
  /**
   * The entries loaded of those awaiting a decision: confirmed first, then disputed, then those the
   * supervisor has not answered. While `rest` is loading (or failed), only part of the queue.
   */
  readonly entries: readonly ServiceHoursEntry[];
  /** The pages after the first, loading in the background: filters, sort and selection reach what is loaded. */
  readonly rest: HoursQueueRest;
  /** The last decision: being saved, refused, or saved. */
  readonly review: HoursReviewProgress;
  /** The CSV export of every student's totals. */
  readonly exportProgress: HoursExportProgress;
  /** What the table shows of the queue. */
  readonly filters: HoursReviewFilters;
  /** The table's order; the queue's own (`status`, ascending) at first. */
  readonly sort: HoursReviewSort;
  /** The entries the filters keep, in the table's order; the table renders the first `rowLimit`. */
  readonly visibleEntries: readonly ServiceHoursEntry[];
  /** How many of `visibleEntries` the table renders ("Show more" renders more). */
  readonly rowLimit: number;
  /** Every student present in the queue, for the student filter. */
  readonly students: readonly HoursStudentChoice[];
  /** Every organisation present in the queue, for the organisation filter. */
  readonly organisations: readonly string[];
  /** The confirmed entries chosen for approval; only entries the filters show stay chosen. */
  readonly selectedIds: ReadonlySet<string>;
  /** The confirmed entries among `visibleEntries`: what "Select all confirmed" chooses. */
  readonly selectableIds: readonly string[];
  /** Approving the chosen entries at once. */
  readonly bulk: HoursBulkProgress;
}

/** What a teacher can do in the hours review: {@link useHoursReview}'s `actions`. @public */
export interface HoursReviewActions {
  /** Checks the draft as the server will and saves it; a saved entry leaves the queue. */
  review(entryId: string, draft: HoursReviewDraft): void;
  /** Downloads every student's totals as CSV. */
  exportTotals(): void;
  /** Loads the queue again, after it failed. */
  retry(): void;
  /** Loads the rest of the queue again, from the page that failed; the entries loaded stay. */
  retryRest(): void;
  /** Changes some filters; the table starts again at its first rows, and hidden entries are no longer chosen. */
  filter(change: Partial<HoursReviewFilters>): void;
  /** Removes every filter. */
  clearFilters(): void;
  /** Sorts by `column`, ascending first, descending when it already sorts ascending by it. */
  sortBy(column: HoursSortColumn): void;
  /** Renders the next rows of the table. */
  showMore(): void;
  /** Chooses a confirmed entry for approval, or leaves it out again. */
  toggleSelected(entryId: string): void;
  /** Chooses every confirmed entry the filters show, or none of them when all are chosen already. */
  toggleAllConfirmed(): void;
  /** Asks to confirm the approval of the chosen entries. */
  requestApproval(): void;
  /** Leaves the chosen entries as they are. */
  cancelApproval(): void;
  /** Approves the chosen entries at their full hours; approved entries leave the queue. */
  confirmApproval(): void;
}
