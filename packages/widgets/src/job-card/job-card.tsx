import { useId, type MouseEvent } from 'react';
import { formatHourlyRate, MESSAGES, type Job } from '@opportunity-kit/sdk/domain';
import { formatDay } from '../embed/format.ts';

/** Props of {@link JobCard}. @public */
export interface JobCardProps {
  /** The posting the card shows. */
  job: Job;
  /** Where the card leads: the posting's detail page. */
  href: string;
  /**
   * Called when the card is opened by any click or Enter, before the browser follows the link (the
   * job board records a view here). A plain click is handed to `onNavigate` instead of the browser
   * when that is given; clicks with a modifier key (new tab, new window) keep the browser's own behaviour.
   */
  onOpen?: ((job: Job) => void) | undefined;
  /** Client-side navigation for plain clicks, for single-page apps. */
  onNavigate?: ((job: Job) => void) | undefined;
  /** The posting's image address, or null for none. */
  imageUrl?: string | null | undefined;
  /** The level of the card's title heading: 3 under a page's h1 and h2. */
  headingLevel?: 2 | 3 | 4;
}

const views = (count: number) => (count === 1 ? '1 view' : `${count} views`);

/**
 * One posting of a listing. The title is the card's one link: its facts are the link's description,
 * and its hit area covers the card (CSS). An assigned posting (teachers only see those) is a gray
 * card with the "Student Assigned to" line; `data-state` says `assigned`, `private` or `open`.
 * @public
 */
export function JobCard({ job, href, onOpen, onNavigate, imageUrl, headingLevel = 3 }: JobCardProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const pay = formatHourlyRate(job.hourlyRate);
  const state = job.assignedStudentEmail ? 'assigned' : job.visible ? 'open' : 'private';
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button > 1) return;
    onOpen?.(job);
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(job);
  };
  return (
    <article className="ok-job-card" data-state={state} data-type={job.postingType}>
      {imageUrl ? <img className="ok-job-card__image" src={imageUrl} alt="" loading="lazy" /> : null}
      <Heading className="ok-job-card__title">
        <a className="ok-job-card__link" href={href} onClick={follow} onAuxClick={follow} aria-describedby={id} data-job-id={job.id}>
          {job.title}
        </a>
      </Heading>
      <div className="ok-job-card__facts" id={id}>
        <p className="ok-job-card__company">{job.company}</p>
        <p className="ok-job-card__meta">
          <span>{job.location}</span>
          {job.cluster ? <span>{job.cluster}</span> : null}
          {pay ? <span className="ok-job-card__pay">{pay}</span> : null}
        </p>
        <p className="ok-job-card__meta">
          {job.applicationDeadline ? <span>Apply by {formatDay(job.applicationDeadline)}</span> : null}
          <span>{views(job.viewCount)}</span>
          {job.visible ? null : <span className="ok-job-card__badge">Private</span>}
        </p>
        {job.assignedStudentEmail ? (
          <p className="ok-job-card__assigned">
            {MESSAGES.studentAssignedTo} <span className="ok-job-card__student">{job.assignedStudentEmail}</span>
          </p>
        ) : null}
      </div>
    </article>
  );
}
