import { useEffect, useState } from 'react';
import { MESSAGES, type PostingType } from '@opportunity-kit/sdk/domain';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import type { JobActionState, JobDetailActions } from './job-detail-model.ts';

export interface RemovePostingProps {
  /** The posting's type: the spec's question names a Job; the other types are "this opportunity". */
  postingType: PostingType;
  /** The removal: pending, done, or why it failed. */
  removal: JobActionState;
  /** Removes the posting once the dialog is confirmed. */
  actions: Pick<JobDetailActions, 'remove'>;
  /** Focus has nowhere to return once the posting is gone: the page decides where it goes. */
  onFocusLost(): void;
}

/** The spec's words for a Job; a Gig, an Enrichment or a Volunteering posting is not a job to the people removing it. */
const confirmation = (postingType: PostingType) => (postingType === 'Job' ? MESSAGES.confirmRemoveJob : 'Are you sure you want to remove this opportunity?');

/**
 * "Remove Opportunity" and its confirmation, "Are you sure you want to remove this job?", in the
 * kit's modal dialog (focus starts on Cancel, Escape cancels, focus returns to the button). While
 * the removal runs the dialog stays open and says so; a failure closes it and is announced beside
 * the button, so the member can try again.
 */
export function RemovePosting({ postingType, removal, actions, onFocusLost }: RemovePostingProps) {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (removal.status === 'done' || removal.status === 'failed') setConfirming(false);
  }, [removal.status]);
  return (
    <div className="ok-job-detail__remove">
      <button
        className="ok-job-detail__button ok-primary-button ok-job-detail__button--danger"
        type="button"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        Remove Opportunity
      </button>
      {removal.status === 'failed' ? (
        <p className="ok-job-detail__failure" role="alert">
          {removal.message}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Remove Opportunity"
          message={confirmation(postingType)}
          confirmLabel="Remove"
          busy={removal.status === 'pending'}
          busyLabel="Removing…"
          onConfirm={actions.remove}
          onCancel={() => setConfirming(false)}
          onFocusLost={onFocusLost}
        />
      ) : null}
    </div>
  );
}
