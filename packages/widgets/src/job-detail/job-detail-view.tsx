import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import {
  canApply,
  canAssignStudents,
  canRemovePosting,
  formatHourlyRate,
  isEmailAddress,
  isHttpUrl,
  MESSAGES,
  type Job,
  type Viewer,
} from '@opportunity-kit/sdk/domain';
import { formatDay } from '../embed/format.ts';
import { AssignStudent } from './assign-student.tsx';
import type { JobActionState, JobDetailState } from './job-detail-model.ts';
import { RemovePosting } from './remove-posting.tsx';

/** Where the detail page's own buttons lead, for one posting. @public */
export interface JobDetailLinks {
  /** The application form (spec: `/job/{id}/application`). */
  apply: string;
  /** Interview practice (spec: `/interview/{id}`). */
  interview: string;
  /** Resume review (spec: `/resume/{id}`). */
  resume: string;
}

/** The spec's routes for a posting's pages. @public */
export function jobDetailLinks(job: Pick<Job, 'id'>): JobDetailLinks {
  const id = encodeURIComponent(job.id);
  return { apply: `/job/${id}/application`, interview: `/interview/${id}`, resume: `/resume/${id}` };
}

/** Props of {@link JobDetailView}. @public */
export interface JobDetailViewProps {
  /** The posting, or why it is not shown. */
  detail: JobDetailState;
  /** The signed-in member: the buttons follow the spec's role rules for them. */
  viewer: Viewer | null;
  /** The posting's image address, or null for none. */
  imageUrl: string | null;
  /** Where the posting's buttons lead; null until the posting is there. */
  links: JobDetailLinks | null;
  /** Client-side navigation for plain clicks on the links; without it the browser follows them. */
  onNavigate?: ((path: string, job: Job) => void) | undefined;
  /** The teacher's student assignment: pending, its confirmation, or why it failed. */
  assignment: JobActionState;
  /** The removal of the posting: pending, done, or why it failed. */
  removal: JobActionState;
  /** A teacher submitted the assignment e-mail; empty clears the assignment. */
  onAssign(studentEmail: string): void;
  /** The assignment editor opened or closed: the previous result no longer applies. */
  onResetAssignment(): void;
  /** The removal was confirmed in its dialog. */
  onRemove(): void;
  /** "Try again" was pressed after the posting failed to load. */
  onRetry(): void;
}

/**
 * One posting: its facts, its image, and its buttons (contact, apply, practise an interview, review a
 * resume, assign a student, remove), each shown only to whom the role rules allow (abilities of
 * `@opportunity-kit/sdk/domain`). Focus moves to the title when the
 * posting arrives, so a screen reader starts at the top of the new page.
 * @public
 */
export function JobDetailView(props: JobDetailViewProps) {
  const { detail } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (detail.status !== 'loading') heading.current?.focus();
  }, [detail.status]);

  if (detail.status !== 'ready') {
    return (
      <article className="ok-job-detail" data-state={detail.status}>
        {detail.status === 'loading' ? (
          <p className="ok-job-detail__status" role="status">
            {MESSAGES.loading}
          </p>
        ) : detail.status === 'missing' ? (
          <h1 className="ok-job-detail__title" ref={heading} tabIndex={-1}>
            {MESSAGES.jobNotFound}
          </h1>
        ) : (
          <div className="ok-job-detail__error" role="alert">
            <h1 className="ok-job-detail__title" ref={heading} tabIndex={-1}>
              {detail.message || MESSAGES.genericError}
            </h1>
            <button className="ok-job-detail__button ok-primary-button" type="button" onClick={props.onRetry}>
              Try again
            </button>
          </div>
        )}
      </article>
    );
  }

  const { job } = detail;
  const removed = props.removal.status === 'done';
  return (
    <article className="ok-job-detail" data-state={removed ? 'removed' : job.assignedStudentEmail ? 'assigned' : 'ready'}>
      <header className="ok-job-detail__header">
        <h1 className="ok-job-detail__title" ref={heading} tabIndex={-1}>
          {job.title}
        </h1>
        <p className="ok-job-detail__company">{job.company}</p>
      </header>
      {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- a posting's picture has no caption, so its alt names the posting; journeys find it by that */}
      {props.imageUrl ? <img className="ok-job-detail__image" src={props.imageUrl} alt={`Image of the posting ${job.title}`} /> : null}
      <dl className="ok-job-detail__facts">
        <Fact label="Type">{job.postingType}</Fact>
        <Fact label="Cluster">{job.cluster}</Fact>
        <Fact label="Location">{job.address ? `${job.address}, ${job.location}` : job.location}</Fact>
        <Fact label="Salary">{formatHourlyRate(job.hourlyRate)}</Fact>
        <Fact label="Starts">{job.startDate && formatDay(job.startDate)}</Fact>
        <Fact label="Ends">{job.endDate && formatDay(job.endDate)}</Fact>
        <Fact label="Apply by">{job.applicationDeadline && formatDay(job.applicationDeadline)}</Fact>
        <Fact label="Visibility">{job.visible ? null : 'Private'}</Fact>
        <Fact label="Views">{String(job.viewCount)}</Fact>
        <Fact label={MESSAGES.studentAssignedTo}>{job.assignedStudentEmail}</Fact>
      </dl>
      <p className="ok-job-detail__description">{job.description}</p>
      {removed ? (
        <p className="ok-job-detail__result" role="status">
          {props.removal.status === 'done' ? props.removal.message : ''}
        </p>
      ) : (
        <Actions {...props} job={job} onFocusLost={() => heading.current?.focus()} />
      )}
    </article>
  );
}

function Actions({ job, viewer, links, onNavigate, onFocusLost, ...props }: JobDetailViewProps & { job: Job; onFocusLost(): void }) {
  const go = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(path, job);
  };
  const website = job.postingType !== 'Gig' && job.companyWebsite && isHttpUrl(job.companyWebsite) ? job.companyWebsite.trim() : null;
  const contact = job.contactEmail && isEmailAddress(job.contactEmail) ? job.contactEmail.trim() : null;
  return (
    <div className="ok-job-detail__actions">
      <div className="ok-job-detail__row">
        {contact ? (
          <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={`mailto:${contact}`}>
            Contact Employer
          </a>
        ) : null}
        {website ? (
          <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={website} target="_blank" rel="noopener noreferrer">
            Apply on Website<span className="ok-job-detail__hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        {viewer && links && canApply(viewer, job) ? (
          <a className="ok-job-detail__button ok-primary-button" href={links.apply} onClick={go(links.apply)}>
            Apply To Opportunity
          </a>
        ) : null}
        {viewer && links ? (
          <>
            <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={links.interview} onClick={go(links.interview)}>
              Practice Interview for this Position
            </a>
            <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={links.resume} onClick={go(links.resume)}>
              Review Resume for this Position
            </a>
          </>
        ) : null}
      </div>
      {viewer && (canAssignStudents(viewer) || canRemovePosting(viewer, job)) ? (
        <div className="ok-job-detail__row ok-job-detail__row--manage">
          {canAssignStudents(viewer) ? <AssignStudent job={job} state={props.assignment} onAssign={props.onAssign} onReset={props.onResetAssignment} /> : null}
          {canRemovePosting(viewer, job) ? <RemovePosting state={props.removal} onRemove={props.onRemove} onFocusLost={onFocusLost} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="ok-job-detail__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
