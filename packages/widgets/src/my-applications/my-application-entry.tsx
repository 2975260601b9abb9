import type { MouseEvent } from 'react';
import { myApplicationMessage, relativeTimeLabel, type Application } from '@opportunity-kit/sdk/domain';

export interface MyApplicationEntryProps {
  application: Application;
  /** The id of the element describing the entry (outcome, date), unique on the page. */
  detailsId: string;
  /** Its decision is one the student had not seen before this visit. */
  isNew: boolean;
  /** Why withdrawing it failed, shown in place; null when it did not. */
  withdrawError: string | null;
  /** Another withdrawal is on its way. */
  withdrawBusy: boolean;
  href: string;
  onFollow: (event: MouseEvent<HTMLAnchorElement>) => void;
  onWithdraw: () => void;
  now: Date;
}

/** The application form's three questions, as the student answered them (issue 25: what was sent). */
const SENT_ANSWERS: ReadonlyArray<{ field: 'relevantExperiences' | 'interestInRole' | 'careerGoals'; question: string }> = [
  { field: 'relevantExperiences', question: 'Relevant experiences' },
  { field: 'interestInRole', question: 'Why are you interested in this role?' },
  { field: 'careerGoals', question: 'What are your career goals?' },
];

/**
 * One application in My applications. The title links to its posting, except when the posting was
 * removed: that page is gone, so the title is plain text and the outcome says why (bug 15). The answers
 * sent are folded under it.
 */
export function MyApplicationEntry(props: MyApplicationEntryProps) {
  const { application, detailsId, isNew, withdrawError, href, now } = props;
  const removed = application.postingRemoved;
  const errorId = `${detailsId}-error`;
  return (
    <li className="ok-my-application" data-state={application.status} data-removed={removed || undefined}>
      {removed ? (
        <span className="ok-my-application__title">{application.jobTitle}</span>
      ) : (
        <a className="ok-my-application__link ok-my-application__title" href={href} onClick={props.onFollow} aria-describedby={detailsId}>
          {application.jobTitle}
        </a>
      )}
      <span className="ok-my-application__details" id={detailsId}>
        {application.jobCompany ? <span className="ok-my-application__company">{application.jobCompany}</span> : null}
        {isNew ? <span className="ok-my-application__new">New</span> : null}
        <span className="ok-my-application__outcome">{myApplicationMessage(application)}</span>
        <span className="ok-my-application__date">Applied {relativeTimeLabel(new Date(application.createdAt), now)}</span>
      </span>
      <details className="ok-my-application__sent">
        <summary className="ok-my-application__sent-toggle">What you sent</summary>
        <dl className="ok-my-application__answers">
          {SENT_ANSWERS.map(({ field, question }) => (
            <div key={field}>
              <dt className="ok-my-application__question">{question}</dt>
              <dd className="ok-my-application__answer">{application[field]}</dd>
            </div>
          ))}
        </dl>
      </details>
      {withdrawError ? (
        <p className="ok-my-application__error" id={errorId} role="alert">
          {withdrawError}
        </p>
      ) : null}
      {application.status === 'pending' ? (
        <button
          type="button"
          className="ok-my-application__withdraw ok-pill-button"
          onClick={props.onWithdraw}
          disabled={props.withdrawBusy}
          aria-label={`Withdraw application to ${application.jobTitle}`}
          aria-describedby={withdrawError ? errorId : undefined}
        >
          Withdraw
        </button>
      ) : null}
    </li>
  );
}
