import type { MouseEvent } from 'react';
import type { Job, PostingState } from '@opportunity-kit/sdk/domain';
import type { JobActionState, JobDetailActions } from './job-detail-model.ts';

export interface ManagePostingProps {
  job: Job;
  /** The edit form's address. */
  editHref: string;
  /** The applications manager's address, for the posting's creator (who decides on them); null for others. */
  applicationsHref: string | null;
  stateChange: JobActionState;
  actions: Pick<JobDetailActions, 'setPostingState'>;
  go(path: string): (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The state changes a posting in one state offers: an open one closes or fills, any other reopens. */
const CHANGES: Readonly<Record<PostingState, ReadonlyArray<{ to: PostingState; label: string }>>> = {
  open: [
    { to: 'closed', label: 'Close Opportunity' },
    { to: 'filled', label: 'Mark Filled' },
  ],
  closed: [{ to: 'open', label: 'Reopen Opportunity' }],
  filled: [{ to: 'open', label: 'Reopen Opportunity' }],
};

/**
 * What the posting's creator and teachers do with it: Edit (their one primary action), the
 * applications (the creator), and closing, filling or reopening it, with the outcome announced.
 */
export function ManagePosting({ job, editHref, applicationsHref, stateChange, actions, go }: ManagePostingProps) {
  const pending = stateChange.status === 'pending';
  return (
    <div className="ok-job-detail__row">
      <a className="ok-job-detail__button ok-primary-button" href={editHref} onClick={go(editHref)}>
        Edit Opportunity
      </a>
      {applicationsHref ? (
        <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={applicationsHref} onClick={go(applicationsHref)}>
          Manage applications
        </a>
      ) : null}
      {CHANGES[job.state].map(({ to, label }) => (
        <button
          key={to}
          className="ok-job-detail__button ok-primary-button ok-job-detail__button--quiet"
          type="button"
          aria-disabled={pending}
          onClick={() => {
            if (!pending) actions.setPostingState(to);
          }}
        >
          {label}
        </button>
      ))}
      {stateChange.status === 'done' || stateChange.status === 'failed' ? (
        <p
          className={stateChange.status === 'failed' ? 'ok-job-detail__failure' : 'ok-job-detail__result'}
          role={stateChange.status === 'failed' ? 'alert' : 'status'}
        >
          {stateChange.message}
        </p>
      ) : null}
    </div>
  );
}
