import { batch, computed } from '@preact/signals-react';
import { isPortalError, type HoursDownload, type HoursModule, type Page, type ServiceHoursEntry } from '@opportunity-kit/sdk';
import { formatHours, validateHoursReview } from '@opportunity-kit/sdk/domain';
import { createLatestRequest, type RequestToken } from '../shared/latest-request.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import { runDownload } from '../shared/save-download.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import { approveChosen } from './hours-review-bulk.ts';
import { filterEntries, NO_FILTERS, organisationsOf, sortEntries, studentsOf, type HoursReviewFilters } from './hours-review-filters.ts';
import {
  leaveQueue,
  QUEUE_PAGE_SIZE,
  ROWS_PER_STEP,
  type HoursReviewActions,
  type HoursReviewDraft,
  type HoursReviewField,
  type HoursReviewModel,
  type HoursReviewState,
} from './hours-review-model.ts';

/** The part of the SDK's hours module the review uses. @public */
export type HoursReviewApi = Pick<HoursModule, 'queuePage' | 'review' | 'approveMany' | 'exportCsv'>;

/** Hands a generated file to the person (a browser download by default). @public */
export type SaveDownload = (file: HoursDownload) => void;

/** The draft's hours field as a number: empty is no hours at all, so the rule names it. */
function hoursOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

const REVIEW_FIELDS: readonly HoursReviewField[] = ['decision', 'hours', 'comment'];

const studentOf = (entry: ServiceHoursEntry) => entry.studentName || entry.studentEmail;

/** The sentence that tells the teacher what was saved, with the hours that now count. */
export function savedMessage(entry: ServiceHoursEntry, saved: ServiceHoursEntry): string {
  if (saved.status === 'declined') return `Declined: ${formatHours(entry.hours)} of ${studentOf(entry)} at ${entry.organisation} do not count.`;
  const counted = formatHours(saved.approvedHours ?? entry.hours);
  if (saved.status === 'partial') return `Partially approved: ${counted} of ${formatHours(entry.hours)} count for ${studentOf(entry)}.`;
  return `Approved: ${counted} count for ${studentOf(entry)}.`;
}

/**
 * Loads the teachers' queue (the table shows with its first page; the rest loads page by page behind
 * it), saves each decision (checked first with the domain's rule), and exports the totals.
 */
export function createHoursReviewController(
  api: HoursReviewApi,
  model: HoursReviewModel,
  save: SaveDownload,
): WidgetController<HoursReviewState, HoursReviewActions> {
  const loads = createLatestRequest();
  // Decisions and exports outlive a reload of the queue, but not the widget.
  const work = createLatestRequest();

  // Where the rest of the queue resumes after a page failed: the cursor of the page that did not arrive.
  let resumeAt: string | null = null;

  async function load(): Promise<void> {
    const mine = loads.begin();
    resumeAt = null;
    batch(() => {
      model.status.value = 'loading';
      model.error.value = null;
      model.rest.value = { state: 'none' };
    });
    try {
      const first = await api.queuePage({ limit: QUEUE_PAGE_SIZE });
      if (!mine.isCurrent()) return;
      batch(() => {
        model.entries.value = first.items;
        model.status.value = 'ready';
        if (first.nextCursor) model.rest.value = { state: 'loading', total: first.total };
      });
      if (first.nextCursor) await loadRest(first.nextCursor, mine);
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.error.value = portalErrorMessage(thrown);
        model.status.value = 'error';
      });
    }
  }

  /**
   * The pages after the first, one after the other, each added to the table as it arrives. A page that
   * fails keeps what arrived before it; `retryRest` resumes at that page.
   */
  async function loadRest(cursor: string, mine: RequestToken): Promise<void> {
    let next: string | null = cursor;
    try {
      while (next) {
        const page: Page<ServiceHoursEntry> = await api.queuePage({ limit: QUEUE_PAGE_SIZE, cursor: next });
        if (!mine.isCurrent()) return;
        // The server's pages never repeat an entry (the cursor is a place in the queue's order); a custom
        // `queuePage` might, and a row twice would be chosen and decided twice.
        const known = new Set(model.entries.value.map((entry) => entry.id));
        const fresh = page.items.filter((entry) => !known.has(entry.id));
        next = page.nextCursor;
        batch(() => {
          model.entries.value = [...model.entries.value, ...fresh];
          model.rest.value = { state: next ? 'loading' : 'loaded', total: page.total };
        });
      }
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      resumeAt = next;
      const rest = model.rest.value;
      model.rest.value = { state: 'failed', total: rest.state === 'none' ? model.entries.value.length : rest.total, message: portalErrorMessage(thrown) };
    }
  }

  function retryRest(): void {
    const rest = model.rest.value;
    if (rest.state !== 'failed' || !resumeAt) return;
    model.rest.value = { state: 'loading', total: rest.total };
    void loadRest(resumeAt, loads.current());
  }

  async function review(entryId: string, draft: HoursReviewDraft): Promise<void> {
    const entry = model.entries.value.find((candidate) => candidate.id === entryId);
    if (!entry || model.review.value.state === 'saving') return;
    const decision = { decision: draft.decision, hours: draft.decision === 'partial' ? hoursOf(draft.hours) : null, comment: draft.comment };
    const checked = validateHoursReview(decision, entry.hours);
    if (!checked.ok) {
      model.review.value = { state: 'refused', entryId, errors: checked.errors, message: null };
      return;
    }
    const mine = work.current();
    model.review.value = { state: 'saving', entryId };
    try {
      const saved = await api.review(entryId, { decision: checked.value.decision, hours: decision.hours, comment: checked.value.comment });
      if (!mine.isCurrent()) return;
      batch(() => {
        leaveQueue(model, new Set([entryId]));
        model.review.value = { state: 'saved', message: savedMessage(entry, saved) };
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      const fields = isPortalError(thrown) ? thrown.fields : {};
      const errors = Object.fromEntries(REVIEW_FIELDS.flatMap((field) => (fields[field] ? [[field, fields[field]]] : [])));
      const named = Object.keys(errors).length > 0;
      model.review.value = { state: 'refused', entryId, errors, message: named ? null : portalErrorMessage(thrown) };
    }
  }

  const exportTotals = () => runDownload(model.exportProgress, work.current(), () => api.exportCsv(), save);

  // Derived once per change of what they read, not per render: the table of a 2,000-entry queue stays quick.
  const filtered = computed(() => filterEntries(model.entries.value, model.filters.value));
  const visibleEntries = computed(() => sortEntries(filtered.value, model.sort.value));
  const students = computed(() => studentsOf(model.entries.value));
  const organisations = computed(() => organisationsOf(model.entries.value));
  const selectableIds = computed(() => filtered.value.filter((entry) => entry.status === 'confirmed').map((entry) => entry.id));

  function filter(change: Partial<HoursReviewFilters>): void {
    batch(() => {
      model.filters.value = { ...model.filters.value, ...change };
      model.rowLimit.value = ROWS_PER_STEP;
      // What is approved is what the teacher sees chosen: an entry the filters now hide is no longer chosen.
      const shown = new Set(selectableIds.value);
      model.selectedIds.value = new Set([...model.selectedIds.value].filter((id) => shown.has(id)));
    });
  }

  function toggleSelected(entryId: string): void {
    const selected = new Set(model.selectedIds.value);
    if (selected.has(entryId)) selected.delete(entryId);
    else if (selectableIds.value.includes(entryId)) selected.add(entryId);
    model.selectedIds.value = selected;
  }

  function toggleAllConfirmed(): void {
    const selected = model.selectedIds.value;
    const all = selectableIds.value.length > 0 && selectableIds.value.every((id) => selected.has(id));
    model.selectedIds.value = all ? new Set() : new Set(selectableIds.value);
  }

  const actions: HoursReviewActions = {
    review: (entryId, draft) => void review(entryId, draft),
    exportTotals: () => void exportTotals(),
    retry: () => void load(),
    retryRest,
    filter,
    clearFilters: () => filter(NO_FILTERS),
    sortBy(column) {
      const { column: current, direction } = model.sort.value;
      model.sort.value = { column, direction: current === column && direction === 'ascending' ? 'descending' : 'ascending' };
    },
    showMore: () => void (model.rowLimit.value += ROWS_PER_STEP),
    toggleSelected,
    toggleAllConfirmed,
    requestApproval() {
      const count = model.selectedIds.value.size;
      if (count > 0 && model.bulk.value.state !== 'approving') model.bulk.value = { state: 'confirming', count };
    },
    cancelApproval() {
      if (model.bulk.value.state === 'confirming') model.bulk.value = { state: 'idle' };
    },
    confirmApproval() {
      if (model.bulk.value.state === 'confirming') void approveChosen(api, model, work.current());
    },
  };

  return {
    state: computed(() => ({
      status: model.status.value,
      error: model.error.value,
      entries: model.entries.value,
      rest: model.rest.value,
      review: model.review.value,
      exportProgress: model.exportProgress.value,
      filters: model.filters.value,
      sort: model.sort.value,
      visibleEntries: visibleEntries.value,
      rowLimit: model.rowLimit.value,
      students: students.value,
      organisations: organisations.value,
      selectedIds: model.selectedIds.value,
      selectableIds: selectableIds.value,
      bulk: model.bulk.value,
    })),
    actions,
    start() {
      void load();
      return () => {
        loads.invalidate();
        work.invalidate();
        // A decision cut short is not saving any more: the form may be sent again after a restart.
        if (model.review.peek().state === 'saving') model.review.value = { state: 'idle' };
        if (model.exportProgress.peek().state === 'working') model.exportProgress.value = { state: 'idle' };
        if (model.bulk.peek().state === 'approving') model.bulk.value = { state: 'idle' };
      };
    },
  };
}
