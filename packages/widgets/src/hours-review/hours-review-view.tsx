import { useEffect, useId, useRef } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { Skeleton, SkeletonBone } from '../shared/skeleton.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import { HoursReviewEntry } from './hours-review-entry.tsx';
import type { HoursReviewActions, HoursReviewState } from './hours-review-model.ts';

/** Props of {@link HoursReviewView}: the review's `state` and `actions` (from {@link useHoursReview}). @public */
export type HoursReviewViewProps = WidgetBinding<HoursReviewState, HoursReviewActions>;

/** What an empty queue says. */
export const EMPTY_QUEUE_TEXT = 'No hours are waiting for review.';

/**
 * The teachers' hours review (the portal's `/hours/review`): the queue with confirmed entries first and
 * disputed ones flagged, each with its facts, the supervisor's answer, the student's reflection and a
 * decision form (approve, partially approve with fewer hours, or decline; a comment for the latter two).
 * A saved decision is announced and its entry leaves the queue; the focus then returns to the heading,
 * since the form it was in is gone. "Export totals (CSV)" downloads every student's totals.
 * @public
 */
export function HoursReviewView({ state, actions }: HoursReviewViewProps) {
  const { status, entries, review, exportProgress } = state;
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const savedMessage = review.state === 'saved' ? review.message : null;
  useEffect(() => {
    if (savedMessage) heading.current?.focus();
  }, [savedMessage]);

  return (
    <section className="ok-hours-review" data-state={status} aria-labelledby={`${id}-title`}>
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
      {status === 'ready' && entries.length === 0 ? <p className="ok-hours-review__empty">{EMPTY_QUEUE_TEXT}</p> : null}
      {status === 'ready' && entries.length > 0 ? (
        <ul className="ok-hours-review__list" aria-label="Entries awaiting a decision">
          {entries.map((entry) => (
            <li key={entry.id}>
              <HoursReviewEntry entry={entry} progress={review} onReview={(draft) => actions.review(entry.id, draft)} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
