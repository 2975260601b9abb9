import { useId, type MouseEvent } from 'react';
import { formatHourlyRate, MESSAGES, WAITING_FOR_APPROVAL, type Job } from '@opportunity-kit/sdk/domain';
import { formatDay } from '../embed/format.ts';
import { SaveToggle } from './save-toggle.tsx';

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
  /** The signed-in student applied to this posting: the card says "Applied". */
  applied?: boolean | undefined;
  /** The signed-in student saved this posting: the card's Save button is pressed. */
  saved?: boolean | undefined;
  /** Saves or unsaves the posting; without it the card has no Save button (only students save). */
  onToggleSave?: ((job: Job) => void) | undefined;
  /**
   * The reader posted this posting or looks after it (its creator, the school's staff): the card shows
   * its number of views. Off by default: views are not for students.
   */
  showViews?: boolean | undefined;
}

const views = (count: number) => (count === 1 ? '1 view' : `${count} views`);

const days = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** The posting's period as the date filter reads it, short ("Jan 12 – Mar 8, 2027"), or the one day it has. */
function formatPeriod(startDate: string | null, endDate: string | null): string {
  if (startDate && endDate) return days.formatRange(new Date(startDate), new Date(endDate));
  if (startDate) return `Starts ${formatDay(startDate)}`;
  return endDate ? `Ends ${formatDay(endDate)}` : '';
}

/**
 * One posting of a listing, as a compact row (several fit on a phone's screen): title, company, type,
 * location, pay, the posting's dates and its deadline (the cluster is on the detail page). The title is the card's one link: its facts are
 * the link's description, and its hit area covers the card (CSS). A posting's own image shows small
 * beside it; a posting without one shows no placeholder. An assigned posting is a gray card: "Student Assigned to" and the student for those who
 * may know who, "This opportunity has been assigned" for everyone else; `data-state` says `assigned`,
 * `private` or `open`. A posting the student applied to says "Applied"; a recruiter's posting not yet
 * public says "Waiting for the school's approval" (only its recruiter and teachers read it). With `onToggleSave`, a
 * "Save" and the title toggle sits above the card's link.
 * @public
 */
export function JobCard({
  job,
  href,
  onOpen,
  onNavigate,
  imageUrl,
  headingLevel = 3,
  applied = false,
  saved = false,
  onToggleSave,
  showViews = false,
}: JobCardProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const pay = formatHourlyRate(job.hourlyRate);
  const period = formatPeriod(job.startDate, job.endDate);
  const state = job.assigned ? 'assigned' : job.visible ? 'open' : 'private';
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
      <div className="ok-job-card__body">
        <Heading className="ok-job-card__title">
          <a className="ok-job-card__link" href={href} onClick={follow} onAuxClick={follow} aria-describedby={id} data-job-id={job.id}>
            {job.title}
          </a>
        </Heading>
        <div className="ok-job-card__facts" id={id}>
          <p className="ok-job-card__company">{job.company}</p>
          <p className="ok-job-card__meta">
            <span>{job.postingType}</span>
            <span>{job.location}</span>
            {pay ? <span className="ok-job-card__pay">{pay}</span> : null}
          </p>
          {job.assignedStudentEmail ? (
            <p className="ok-job-card__assigned">
              {MESSAGES.studentAssignedTo} <span className="ok-job-card__student">{job.assignedStudentEmail}</span>
            </p>
          ) : job.assigned ? (
            <p className="ok-job-card__assigned">{MESSAGES.assignedToSomeone}</p>
          ) : null}
          <p className="ok-job-card__meta ok-job-card__footer">
            {period ? <span className="ok-job-card__period">{period}</span> : null}
            {job.applicationDeadline ? <span>Apply by {formatDay(job.applicationDeadline)}</span> : null}
            {showViews ? <span>{views(job.viewCount)}</span> : null}
            {job.visible ? null : <span className="ok-job-card__badge">Private</span>}
            {job.waitingForApproval ? <span className="ok-job-card__badge ok-job-card__badge--waiting">{WAITING_FOR_APPROVAL}</span> : null}
            {applied ? <span className="ok-job-card__badge ok-job-card__badge--applied">{MESSAGES.applied}</span> : null}
            {job.ageRuling ? (
              <span className="ok-job-card__badge ok-job-card__badge--age" title={job.ageRuling.message}>
                From age {job.ageRuling.fromAge}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      {onToggleSave ? <SaveToggle className="ok-job-card__save" title={job.title} saved={saved} onToggle={() => onToggleSave(job)} /> : null}
    </article>
  );
}
