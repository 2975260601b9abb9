import { useEffect, useRef } from 'react';
import type { HoursBulkProgress, HoursReviewActions } from './hours-review-model.ts';

interface HoursReviewBulkBarProps {
  bulk: HoursBulkProgress;
  /** How many confirmed entries are chosen. */
  selected: number;
  actions: Pick<HoursReviewActions, 'requestApproval' | 'cancelApproval' | 'confirmApproval'>;
}

const entriesText = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/**
 * "Approve selected (N)", its confirmation step, and what the approval did, announced in a live
 * region. The focus moves to the confirmation's first button when it opens and back when it is cancelled.
 */
export function HoursReviewBulkBar({ bulk, selected, actions }: HoursReviewBulkBarProps) {
  const approveButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const confirming = bulk.state === 'confirming';
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current && bulk.state === 'idle') approveButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming, bulk.state]);

  return (
    <div className="ok-hours-review__bulk">
      {confirming ? (
        <div className="ok-hours-review__confirm" role="group" aria-label="Confirm the approval">
          <p>Approve {entriesText(bulk.count)} at their full hours? A decision is final.</p>
          <button ref={confirmButton} type="button" className="ok-hours-review__approve ok-pill-button" onClick={actions.confirmApproval}>
            Approve {entriesText(bulk.count)}
          </button>
          <button type="button" className="ok-pill-button" onClick={actions.cancelApproval}>
            Cancel
          </button>
        </div>
      ) : (
        <button
          ref={approveButton}
          type="button"
          className="ok-hours-review__approve ok-pill-button"
          disabled={selected === 0 || bulk.state === 'approving'}
          onClick={actions.requestApproval}
        >
          Approve selected ({selected})
        </button>
      )}
      <p className="ok-hours-review__bulk-status" role="status" data-state={bulk.state}>
        {bulk.state === 'approving' ? `Approving… ${bulk.done} of ${bulk.total} sent` : bulk.state === 'done' || bulk.state === 'failed' ? bulk.message : null}
      </p>
    </div>
  );
}
