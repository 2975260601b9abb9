import { useEffect, useRef } from 'react';
import { formatHourlyRate, MESSAGES, postingPlace } from '@opportunity-kit/sdk/domain';
import type { BoardActions, DetailState } from './board-model.ts';
import { formatDay, type HeadingLevel } from './format.ts';

export interface JobDetailProps {
  detail: Exclude<DetailState, { status: 'closed' }>;
  /** The portal's page for the posting, where the visitor applies; no Apply link without it. */
  applyUrl: string | null;
  imageUrl: string | null;
  /** The level of the posting's title: the cards' own, since it takes their place. */
  headingLevel: HeadingLevel;
  actions: Pick<BoardActions, 'close'>;
}

/**
 * A posting's detail. Focus moves to its heading when it opens, and Escape or the Back button
 * returns to the list (the board then puts focus back on the card that was opened).
 */
export function JobDetail({ detail, applyUrl, imageUrl, headingLevel, actions }: JobDetailProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = `h${headingLevel}` as const;
  useEffect(() => heading.current?.focus(), [detail.status]);
  const job = detail.status === 'ready' ? detail.job : null;
  return (
    <article className="ok-board__detail" data-state={detail.status} onKeyDown={(event) => event.key === 'Escape' && actions.close()}>
      <button className="ok-board__back" type="button" onClick={actions.close}>
        Back to opportunities
      </button>
      {job ? (
        <>
          <Heading className="ok-board__detail-title ok-focus-target" ref={heading} tabIndex={-1}>
            {job.title}
          </Heading>
          {imageUrl ? <img className="ok-board__detail-image" src={imageUrl} alt="" /> : null}
          <dl className="ok-board__detail-facts">
            <Fact label="Company" value={job.company} />
            <Fact label="Type" value={job.postingType} />
            <Fact label="Location" value={postingPlace(job)} />
            <Fact label="Pay" value={formatHourlyRate(job.hourlyRate)} />
            <Fact label="Starts" value={job.startDate && formatDay(job.startDate)} />
            <Fact label="Ends" value={job.endDate && formatDay(job.endDate)} />
            <Fact label="Apply by" value={job.applicationDeadline && formatDay(job.applicationDeadline)} />
          </dl>
          <p className="ok-board__description">{job.description}</p>
          <p className="ok-board__actions">
            {applyUrl ? (
              <a className="ok-board__button" href={applyUrl}>
                Apply on the portal
              </a>
            ) : null}
            {job.contactEmail ? (
              <a className="ok-board__link" href={`mailto:${job.contactEmail}`}>
                Contact Employer
              </a>
            ) : null}
            {job.companyWebsite ? (
              <a className="ok-board__link" href={job.companyWebsite} target="_blank" rel="noopener noreferrer">
                Apply on Website
              </a>
            ) : null}
          </p>
        </>
      ) : (
        <Heading className="ok-board__detail-title ok-focus-target" ref={heading} tabIndex={-1} role={detail.status === 'error' ? 'alert' : undefined}>
          {detail.status === 'loading'
            ? MESSAGES.loading
            : detail.status === 'missing'
              ? MESSAGES.jobNotFound
              : (detail.status === 'error' && detail.message) || MESSAGES.genericError}
        </Heading>
      )}
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="ok-board__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
