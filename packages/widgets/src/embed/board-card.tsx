import { formatHourlyRate } from '@opportunity-kit/sdk/domain';
import type { Job } from '@opportunity-kit/sdk/public';
import { formatDay } from './format.ts';

export interface BoardCardProps {
  job: Job;
  onOpen(job: Job): void;
}

/**
 * One posting in the grid. The title is the card's one button (its hit area covers the card), and
 * the facts below are its description, so a screen reader hears the title first.
 */
export function BoardCard({ job, onOpen }: BoardCardProps) {
  const factsId = `ok-facts-${job.id}`;
  const pay = formatHourlyRate(job.hourlyRate);
  return (
    <li className="ok-board-card" data-type={job.postingType}>
      <h3 className="ok-board-card__title">
        <button className="ok-board-card__open" type="button" data-job-id={job.id} aria-describedby={factsId} onClick={() => onOpen(job)}>
          {job.title}
        </button>
      </h3>
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
