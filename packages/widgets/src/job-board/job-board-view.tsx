import { useId } from 'react';
import { emptyListingMessage, MESSAGES, type Job, type PostingType } from '@opportunity-kit/sdk/domain';
import { JobCard } from '../job-card/job-card.tsx';
import type { LoadStatus } from '../shared/load-status.ts';
import type { JobBoardFilters } from './job-board-model.ts';
import { JobFiltersView, type JobFiltersViewProps } from './job-filters-view.tsx';

/** Props of {@link JobBoardView}: the filter panel's, plus the listing's. @public */
export interface JobBoardViewProps extends Omit<JobFiltersViewProps, 'filters'> {
  /** The listing's posting type: it names the empty message. */
  postingType: PostingType;
  /** The header's title. */
  title: string;
  /** What the filter panel shows as selected. */
  filters: JobBoardFilters;
  /** Whether the first page is loading, shown or failed. */
  status: LoadStatus;
  /** Why the listing failed to load; null when it did not. */
  error: string | null;
  /** The postings loaded so far, in the listing's order. */
  jobs: readonly Job[];
  /** How many postings match the filters in all, for the status line. */
  total: number;
  /** Whether there is a next page ("Load more" shows). */
  hasMore: boolean;
  /** A next page is loading ("Load more" is busy). */
  loadingMore: boolean;
  /** Why "Load more" failed; null when it did not. */
  moreError: string | null;
  /** The address a card's link leads to. */
  jobHref(job: Job): string;
  /** The address of a posting's image, or null for none. */
  imageUrl(job: Job): string | null;
  /** "Load more" was pressed. */
  onLoadMore(): void;
  /** "Try again" was pressed after the listing failed to load. */
  onRetry(): void;
  /** A card was opened (any click or Enter). */
  onOpen(job: Job): void;
  /** Client-side navigation for plain clicks on a card; without it the browser follows the link. */
  onNavigate?: ((job: Job) => void) | undefined;
}

const count = (total: number) => (total === 1 ? '1 opportunity' : `${total} opportunities`);

/**
 * A listing page: header, filter panel, a live status line, the grid of cards (assigned ones gray)
 * and "Load more". The status line is a polite live region, so the result of a filter is announced.
 * @public
 */
export function JobBoardView(props: JobBoardViewProps) {
  const { status, jobs } = props;
  const titleId = useId();
  const summary =
    status === 'loading' ? MESSAGES.loading : status === 'ready' ? (jobs.length ? count(props.total) : emptyListingMessage(props.postingType)) : '';
  return (
    <section className="ok-job-board" data-state={status} aria-labelledby={titleId}>
      <header className="ok-job-board__header">
        <h1 className="ok-job-board__title" id={titleId}>
          {props.title}
        </h1>
      </header>
      <div className="ok-job-board__layout">
        <JobFiltersView
          filters={props.filters}
          locations={props.locations}
          clusters={props.clusters}
          today={props.today}
          showPrivateFilter={props.showPrivateFilter}
          onSearchInput={props.onSearchInput}
          onSearchSubmit={props.onSearchSubmit}
          onChange={props.onChange}
          onStartDate={props.onStartDate}
        />
        <div className="ok-job-board__results">
          <p className="ok-job-board__status" role="status">
            {summary}
          </p>
          {status === 'error' ? (
            <div className="ok-job-board__error" role="alert">
              <p>{props.error || MESSAGES.genericError}</p>
              <button className="ok-job-board__button ok-primary-button" type="button" onClick={props.onRetry}>
                Try again
              </button>
            </div>
          ) : null}
          {status === 'ready' && jobs.length ? (
            <ul className="ok-job-board__cards">
              {jobs.map((job) => (
                <li className="ok-job-board__item" key={job.id}>
                  <JobCard
                    job={job}
                    href={props.jobHref(job)}
                    imageUrl={props.imageUrl(job)}
                    onOpen={props.onOpen}
                    onNavigate={props.onNavigate}
                    headingLevel={2}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {status === 'ready' && props.moreError ? (
            <p className="ok-job-board__more-error" role="alert">
              {props.moreError}
            </p>
          ) : null}
          {status === 'ready' && props.hasMore ? (
            <button
              className="ok-job-board__button ok-primary-button ok-job-board__more"
              type="button"
              onClick={props.onLoadMore}
              aria-disabled={props.loadingMore}
            >
              {props.loadingMore ? MESSAGES.loading : 'Load more'}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
