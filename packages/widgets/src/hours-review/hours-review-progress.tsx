import type { HoursQueueRest } from './hours-review-model.ts';

interface HoursQueueProgressProps {
  rest: HoursQueueRest;
  /** How many entries the table has. */
  loaded: number;
  onRetry(): void;
}

const count = (value: number): string => value.toLocaleString('en');

/** What the review's filters, sort and selection reach while the queue is not all loaded. */
export const PARTIAL_QUEUE_NOTE = 'Filters, sorting and “Select all confirmed” apply to the entries loaded so far.';

/**
 * The queue's pages arriving behind the table: "Loading 300 of 2,040 entries…" in a polite live region
 * (kept in the page from the start, so each change is announced), that filters, sort and selection
 * reach only what is loaded, and, once every page is in, "All 2,040 entries loaded." for screen readers
 * only. When a page fails, why, with a button that loads the rest; the entries loaded stay.
 */
export function HoursQueueProgress({ rest, loaded, onRetry }: HoursQueueProgressProps) {
  const shown = rest.state === 'none' ? loaded : Math.min(loaded, rest.total);
  return (
    <>
      <p className={`ok-hours-review__progress${rest.state === 'loading' ? '' : ' ok-visually-hidden'}`} role="status">
        {rest.state === 'loading'
          ? `Loading ${count(shown)} of ${count(rest.total)} entries…`
          : rest.state === 'loaded'
            ? `All ${count(rest.total)} entries loaded.`
            : null}
      </p>
      {rest.state === 'loading' ? <p className="ok-hours-review__partial">{PARTIAL_QUEUE_NOTE}</p> : null}
      {rest.state === 'failed' ? (
        <div className="ok-hours-review__alert" role="alert">
          <p>
            Only {count(shown)} of {count(rest.total)} entries could be loaded: {rest.message} {PARTIAL_QUEUE_NOTE}
          </p>
          <button type="button" className="ok-pill-button" onClick={onRetry}>
            Load the rest
          </button>
        </div>
      ) : null}
    </>
  );
}
