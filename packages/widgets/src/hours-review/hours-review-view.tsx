import { useEffect, useId, useRef } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { Skeleton, SkeletonBone } from '../shared/skeleton.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import { HoursReviewBulkBar } from './hours-review-bulk-bar.tsx';
import { HoursReviewFilterBar } from './hours-review-filter-bar.tsx';
import type { HoursQueueRest, HoursReviewActions, HoursReviewState } from './hours-review-model.ts';
import { HoursQueueProgress } from './hours-review-progress.tsx';
import { HoursReviewTable } from './hours-review-table.tsx';

/** Props of {@link HoursReviewView}: the review's `state` and `actions` (from {@link useHoursReview}). @public */
export type HoursReviewViewProps = WidgetBinding<HoursReviewState, HoursReviewActions>;

/** What an empty queue says. */
export const EMPTY_QUEUE_TEXT = 'No hours are waiting for review.';

/** What the table says when the filters keep none of the queue. */
export const NO_MATCH_TEXT = 'No entries match these filters.';

const NOTHING_MORE: HoursQueueRest = { state: 'none' };

/**
 * The teachers' hours review (the portal's `/hours/review`): the queue as a compact table (confirmed
 * entries first), shown with its first page while the rest loads behind it (with its progress), with filters (status, student, organisation, dates) and a search, sortable columns,
 * each entry's facts and decision form on demand (approve, partially approve with fewer hours, or
 * decline; a comment for the latter two), and "Approve selected" for many confirmed entries at once,
 * after a confirmation. Outcomes are announced; the focus then returns to the heading, since the row
 * or form it was in is gone. "Export totals (CSV)" downloads every student's totals.
 * @public
 */
export function HoursReviewView({ state, actions }: HoursReviewViewProps) {
  const { status, entries, review, exportProgress, bulk } = state;
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const savedMessage = review.state === 'saved' ? review.message : null;
  const bulkOutcome = bulk.state === 'done' || bulk.state === 'failed' ? bulk.message : null;
  useEffect(() => {
    if (savedMessage || bulkOutcome) heading.current?.focus();
  }, [savedMessage, bulkOutcome]);
  const rows = state.visibleEntries.slice(0, state.rowLimit);

  return (
    <section className="ok-hours-review" data-state={status} data-rest={state.rest.state} aria-labelledby={`${id}-title`}>
      <header className="ok-hours-review__header">
        <h2 className="ok-hours-review__title ok-focus-target" id={`${id}-title`} ref={heading} tabIndex={-1}>
          Hours review
        </h2>
        <button type="button" className="ok-hours-review__export ok-pill-button" disabled={exportProgress.state === 'working'} onClick={actions.exportTotals}>
          {exportProgress.state === 'working' ? 'Exporting…' : 'Export totals (CSV)'}
        </button>
      </header>
      {exportProgress.state === 'failed' ? (
        <p className="ok-hours-review__alert" role="alert">
          {exportProgress.message}
        </p>
      ) : null}
      <p className="ok-hours-review__saved" role="status">
        {savedMessage}
      </p>
      {status === 'loading' ? (
        <Skeleton count={2}>
          <SkeletonBone width="medium" />
          <SkeletonBone />
          <SkeletonBone width="long" />
        </Skeleton>
      ) : null}
      {status === 'error' ? (
        <div className="ok-hours-review__alert" role="alert">
          <p>{state.error ?? MESSAGES.genericError}</p>
          <button type="button" className="ok-pill-button" onClick={actions.retry}>
            Try again
          </button>
        </div>
      ) : null}
      <HoursQueueProgress rest={status === 'ready' ? state.rest : NOTHING_MORE} loaded={entries.length} onRetry={actions.retryRest} />
      {status === 'ready' ? <HoursReviewBulkBar bulk={bulk} selected={state.selectedIds.size} actions={actions} /> : null}
      {status === 'ready' && entries.length === 0 ? <p className="ok-hours-review__empty">{EMPTY_QUEUE_TEXT}</p> : null}
      {status === 'ready' && entries.length > 0 ? (
        <>
          <HoursReviewFilterBar
            filters={state.filters}
            students={state.students}
            organisations={state.organisations}
            onFilter={actions.filter}
            onClear={actions.clearFilters}
          />
          {rows.length === 0 ? (
            <p className="ok-hours-review__empty">{NO_MATCH_TEXT}</p>
          ) : (
            <HoursReviewTable
              rows={rows}
              total={state.visibleEntries.length}
              sort={state.sort}
              selectedIds={state.selectedIds}
              selectableIds={state.selectableIds}
              review={review}
              onSort={actions.sortBy}
              onToggle={actions.toggleSelected}
              onToggleAll={actions.toggleAllConfirmed}
              onReview={actions.review}
              onShowMore={actions.showMore}
            />
          )}
        </>
      ) : null}
    </section>
  );
}
