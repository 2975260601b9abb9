import { useId } from 'react';
import { emptyListingMessage, MESSAGES, noMatchingListingMessage, type Job } from '@opportunity-kit/sdk/domain';
import { JobCard } from '../job-card/job-card.tsx';
import { JobCardSkeleton } from '../job-card/job-card-skeleton.tsx';
import { Skeleton } from '../shared/skeleton.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import { hasActiveFilters, hasSearchCriteria, NO_FILTERS, type JobBoardActions, type JobBoardState } from './job-board-model.ts';
import { SaveSearch } from './save-search.tsx';
import { JobFiltersView, type JobFiltersViewProps } from './job-filters-view.tsx';

/**
 * Props of {@link JobBoardView}: the board's `state` and `actions` (from {@link useJobBoard}), and how
 * the host names, links and pictures things.
 * @public
 */
export interface JobBoardViewProps extends WidgetBinding<JobBoardState, JobBoardActions>, Omit<JobFiltersViewProps, 'filters' | 'actions'> {
  /** The header's title. */
  title: string;
  /** The address a card's link leads to. */
  jobHref(job: Job): string;
  /** The address of a posting's image, or null for none. */
  imageUrl(job: Job): string | null;
  /** Client-side navigation for plain clicks on a card; without it the browser follows the link. */
  onNavigate?: ((job: Job) => void) | undefined;
  /** Whether a card shows its number of views (to its poster and the school's staff); none without it. */
  showViews?: ((job: Job) => boolean) | undefined;
}

const count = (total: number) => (total === 1 ? '1 opportunity' : `${total} opportunities`);

/**
 * A listing page: header, filter panel, a live status line, the grid of cards (assigned ones gray;
 * card skeletons while the first page loads) and "Load more". The status line is a polite live region, so the result of a filter is announced.
 * @public
 */
export function JobBoardView(props: JobBoardViewProps) {
  const { state, actions } = props;
  const { status, jobs } = state;
  const titleId = useId();
  const filtered = hasActiveFilters(state.filters);
  const nothingMatches = status === 'ready' && !jobs.length && filtered;
  const summary =
    status === 'loading'
      ? MESSAGES.loading
      : status === 'ready'
        ? jobs.length
          ? count(state.total)
          : filtered
            ? noMatchingListingMessage(state.postingType)
            : emptyListingMessage(state.postingType)
        : '';
  return (
    <section className="ok-job-board" data-state={status} aria-labelledby={titleId}>
      <header className="ok-job-board__header">
        <h1 className="ok-job-board__title" id={titleId}>
          {props.title}
        </h1>
      </header>
      <div className="ok-job-board__layout">
        <JobFiltersView
          filters={state.filters}
          locations={props.locations}
          clusters={props.clusters}
          today={props.today}
          showPrivateFilter={props.showPrivateFilter}
          showAgeFilter={props.showAgeFilter}
          actions={actions}
        />
        <div className="ok-job-board__results">
          <p className="ok-job-board__status" role="status">
            {summary}
          </p>
          {state.searchSave.status !== 'unavailable' && (hasSearchCriteria(state.filters) || state.searchSave.status !== 'idle') ? (
            <SaveSearch searchSave={state.searchSave} onSave={actions.saveSearch} />
          ) : null}
          {state.saveError ? (
            <p className="ok-job-board__more-error" role="alert">
              {state.saveError}
            </p>
          ) : null}
          {nothingMatches && state.searchSuggestion ? <SearchSuggestion suggestion={state.searchSuggestion} actions={actions} /> : null}
          {nothingMatches ? (
            <button className="ok-job-board__button ok-primary-button" type="button" onClick={() => actions.setFilters(NO_FILTERS)}>
              Clear search and filters
            </button>
          ) : null}
          {status === 'loading' ? (
            // The status line above says "Loading..." to screen readers; the cards' shapes say it on screen.
            <Skeleton label={null} count={6} listClassName="ok-job-board__cards">
              <JobCardSkeleton />
            </Skeleton>
          ) : null}
          {status === 'error' ? (
            <div className="ok-job-board__error" role="alert">
              <p>{state.error || MESSAGES.genericError}</p>
              <button className="ok-job-board__button ok-primary-button" type="button" onClick={actions.retry}>
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
                    onOpen={actions.open}
                    onNavigate={props.onNavigate}
                    applied={state.appliedJobIds.has(job.id)}
                    saved={state.savedJobIds?.has(job.id) ?? false}
                    onToggleSave={state.savedJobIds ? actions.toggleSave : undefined}
                    showViews={props.showViews?.(job) ?? false}
                    headingLevel={2}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {status === 'ready' && state.moreError ? (
            <p className="ok-job-board__more-error" role="alert">
              {state.moreError}
            </p>
          ) : null}
          {status === 'ready' && state.hasMore ? (
            <button
              className="ok-job-board__button ok-primary-button ok-job-board__more"
              type="button"
              onClick={actions.loadMore}
              aria-disabled={state.loadingMore}
            >
              {state.loadingMore ? MESSAGES.loading : 'Load more'}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** "Did you mean cashier?": a button that searches the corrected words. */
function SearchSuggestion({ suggestion, actions }: { suggestion: string; actions: JobBoardActions }) {
  const search = () => {
    if (actions.searchFor) return actions.searchFor(suggestion);
    actions.typeSearch(suggestion);
    actions.submitSearch();
  };
  return (
    <p className="ok-job-board__suggestion">
      <button className="ok-job-board__button ok-job-board__suggestion-button" type="button" onClick={search}>
        {`Did you mean ${suggestion}?`}
      </button>
    </p>
  );
}
