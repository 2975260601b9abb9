import { useId, type MouseEvent } from 'react';
import { applicationOutcomeMessage, MESSAGES, relativeTimeLabel, type Application } from '@opportunity-kit/sdk/domain';
import { LoadMore } from '../shared/paged-list-more.tsx';
import type { LoadStatus } from '../shared/load-status.ts';

/** Props of {@link MyApplicationsView}. @public */
export interface MyApplicationsViewProps {
  /** Whether the first page is loading, shown or failed. */
  status: LoadStatus;
  /** The student's applications, newest first. */
  items: readonly Application[];
  /** Whether there is a next page ("Load more" shows). */
  hasMore: boolean;
  /** A next page is loading. */
  loadingMore: boolean;
  /** Why the first page could not load (with status `error`); the spec's generic text when null. */
  error: string | null;
  /** Why the last "Load more" failed: shown next to the button, which then retries; null when it did not fail. */
  loadMoreError: string | null;
  /** Where a posting's title leads; `/job/{id}` by default. */
  jobHref?: (jobId: string) => string;
  /** Called instead of following the link, for client-side routers (plain clicks only). */
  onOpenJob?: (jobId: string) => void;
  /** "Now" for the relative times; the device's clock by default. */
  now?: Date;
  /** "Load more" was pressed. */
  onLoadMore: () => void;
  /** "Try again" was pressed after the list failed to load. */
  onRetry: () => void;
}

const defaultJobHref = (jobId: string) => `/job/${encodeURIComponent(jobId)}`;

/**
 * A student's own applications with the outcome of each in plain words ("Waiting for the
 * employer", "Accepted — the employer will contact you by email", "Not selected this time").
 * Each entry is one link, to the posting.
 * @public
 */
export function MyApplicationsView(props: MyApplicationsViewProps) {
  const { status, items, hasMore, loadingMore, error, loadMoreError, jobHref = defaultJobHref, onOpenJob, now = new Date() } = props;
  const id = useId();
  const follow = (jobId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpenJob || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpenJob(jobId);
  };
  return (
    <section className="ok-my-applications" data-state={status} aria-labelledby={`${id}-title`}>
      <h2 className="ok-my-applications__title" id={`${id}-title`}>
        My applications
      </h2>
      {status === 'loading' ? (
        <p className="ok-my-applications__note" role="status">
          {MESSAGES.loading}
        </p>
      ) : null}
      {status === 'error' ? (
        <div className="ok-my-applications__note" role="alert">
          <p>{error ?? MESSAGES.genericError}</p>
          <button type="button" className="ok-my-applications__button ok-pill-button" onClick={props.onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' && items.length === 0 ? <p className="ok-my-applications__note">You have not applied to any opportunities yet.</p> : null}
      {status === 'ready' && items.length > 0 ? (
        <ul className="ok-my-applications__list">
          {items.map((application) => (
            <li className="ok-my-application" key={application.id} data-state={application.status}>
              <a
                className="ok-my-application__link"
                href={jobHref(application.jobId)}
                onClick={follow(application.jobId)}
                aria-describedby={`${id}-${application.id}`}
              >
                {application.jobTitle}
              </a>
              <span className="ok-my-application__details" id={`${id}-${application.id}`}>
                <span className="ok-my-application__outcome">{applicationOutcomeMessage(application.status)}</span>
                <span className="ok-my-application__date">Applied {relativeTimeLabel(new Date(application.createdAt), now)}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {status === 'ready' && hasMore ? (
        <LoadMore
          label="Show more"
          loadingMore={loadingMore}
          error={loadMoreError}
          onLoadMore={props.onLoadMore}
          buttonClassName="ok-my-applications__button ok-pill-button"
          errorClassName="ok-my-applications__more-error"
        />
      ) : null}
    </section>
  );
}
