import { formatHourlyRate } from '@opportunity-kit/sdk/domain';
import type { Job } from '@opportunity-kit/sdk/public';
import type { MouseEvent } from 'react';
import { formatDay, type HeadingLevel } from './format.ts';

export interface BoardCardProps {
  job: Job;
  /** The posting's own address on the school's page, which a crawler follows and a visitor can share. */
  href: string;
  /** The card titles' heading level, under the school page's own headings. */
  headingLevel: HeadingLevel;
  onOpen(job: Job): void;
}

/**
 * One posting in the grid. The title is the card's one link (its hit area covers the card), and the
 * facts below are its description, so a screen reader hears the title first. A plain click opens the
 * posting in place; a click that asks for a new tab or window keeps the browser's own meaning.
 */
export function BoardCard({ job, href, headingLevel, onOpen }: BoardCardProps) {
  const factsId = `ok-facts-${job.id}`;
  const pay = formatHourlyRate(job.hourlyRate);
  const Heading = `h${headingLevel}` as const;
  const open = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(job);
  };
  return (
    <li className="ok-board-card" data-type={job.postingType}>
      <Heading className="ok-board-card__title">
        <a className="ok-board-card__open" href={href} data-job-id={job.id} aria-describedby={factsId} onClick={open}>
          {job.title}
        </a>
      </Heading>
      <p className="ok-board-card__facts" id={factsId}>
        <span className="ok-board-card__company">{job.company}</span>
        <span className="ok-board-card__location">{job.location}</span>
        <span className="ok-board-card__type">{job.postingType}</span>
        {pay ? <span className="ok-board-card__pay">{pay}</span> : null}
        {job.applicationDeadline ? <span className="ok-board-card__deadline">Apply by {formatDay(job.applicationDeadline)}</span> : null}
      </p>
    </li>
  );
}
