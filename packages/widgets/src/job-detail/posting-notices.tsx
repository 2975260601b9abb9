import type { MouseEvent } from 'react';
import type { AppliedState } from '@opportunity-kit/sdk';
import { hiddenNote, MESSAGES, myApplicationMessage, WAITING_FOR_APPROVAL, type Job } from '@opportunity-kit/sdk/domain';

/** What a reader who may not learn who holds an assigned posting reads instead (students are minors). */
export const ASSIGNED_TO_SOMEONE = MESSAGES.assignedToSomeone;

/** The banner of a posting that takes no more applications. */
export const POSTING_STATE_BANNERS = {
  closed: 'This opportunity is closed',
  filled: 'This opportunity has been filled',
} as const;

/**
 * Whether the posting is closed or filled, as a banner, and whom it is assigned to: the e-mail only
 * reaches the assigned student and the posting's managers (the SDK leaves it out for everyone else).
 * A recruiter's posting that students cannot see yet says so, for the recruiter and teachers who read it.
 */
export function PostingNotices({ job }: { job: Job }) {
  const banner = job.state === 'open' ? null : POSTING_STATE_BANNERS[job.state];
  if (!banner && !job.assigned && !job.assignedStudentEmail && !job.waitingForApproval && !job.hiddenReason) return null;
  return (
    <div className="ok-job-detail__notices">
      {/* Only its creator and teachers still read a posting a teacher hid after a report. */}
      {job.hiddenReason ? <p className="ok-job-detail__hidden-note">{hiddenNote(job.hiddenReason)}</p> : null}
      {job.waitingForApproval ? <p className="ok-job-detail__waiting">{WAITING_FOR_APPROVAL}</p> : null}
      {banner ? (
        <p className="ok-job-detail__banner" data-state={job.state}>
          {banner}
        </p>
      ) : null}
      {job.assignedStudentEmail ? (
        <p className="ok-job-detail__assignment">
          Assigned to <span className="ok-job-detail__email">{job.assignedStudentEmail}</span>
        </p>
      ) : job.assigned ? (
        <p className="ok-job-detail__assignment">{ASSIGNED_TO_SOMEONE}</p>
      ) : null}
    </div>
  );
}

export interface AppliedPanelProps {
  applied: AppliedState;
  /** My applications' address. */
  href: string;
  onOpen(event: MouseEvent<HTMLAnchorElement>): void;
}

/** A student who applied: "Applied", the application's status in words, and where to follow it. */
export function AppliedPanel({ applied, href, onOpen }: AppliedPanelProps) {
  return (
    <section className="ok-job-detail__applied" aria-label="Applied" data-state={applied.status}>
      <p className="ok-job-detail__applied-title">
        <span aria-hidden="true">✓ </span>Applied
      </p>
      <p className="ok-job-detail__applied-status">{myApplicationMessage(applied)}</p>
      <a className="ok-job-detail__applied-link" href={href} onClick={onOpen}>
        My applications
      </a>
    </section>
  );
}
