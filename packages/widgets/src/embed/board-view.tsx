import { useEffect, useRef } from 'react';
import { emptyListingMessage, MESSAGES } from '@opportunity-kit/sdk/domain';
import type { Job } from '@opportunity-kit/sdk/public';
import { LoadMore } from '../shared/paged-list-more.tsx';
import { BoardCard } from './board-card.tsx';
import { BoardFiltersView } from './board-filters.tsx';
import type { LoadStatus } from '../shared/load-status.ts';
import type { BoardFilters, DetailState } from './board-model.ts';
import { JobDetail } from './job-detail.tsx';

export interface BoardViewProps {
  filters: BoardFilters;
  locations: readonly string[];
  status: LoadStatus;
  jobs: readonly Job[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the list could not load; the spec's generic text when null. */
  error: string | null;
  /** Why the last "Load more" failed: shown next to the button, which then retries; null when it did not fail. */
  loadMoreError: string | null;
  detail: DetailState;
  applyUrl(job: Job): string | null;
  imageUrl(job: Job): string | null;
  onSearchInput(text: string): void;
  onApply(patch: Partial<BoardFilters>): void;
  onLoadMore(): void;
  onRetry(): void;
  onOpen(job: Job): void;
  onClose(): void;
}

const count = (total: number) => (total === 1 ? '1 opportunity' : `${total} opportunities`);

/**
 * The job board: filters, a live status line, the grid of cards with "Load more", and the detail
 * of one posting in place of the list. The list stays mounted (hidden) under an open detail, so
 * closing it returns to the same scroll position, and focus goes back to the card that was opened.
 */
export function BoardView(props: BoardViewProps) {
  const { status, jobs, detail } = props;
  const root = useRef<HTMLDivElement>(null);
  const opened = useRef<string | null>(null);
  const open = (job: Job) => {
    opened.current = job.id;
    props.onOpen(job);
  };
  useEffect(() => {
    if (detail.status !== 'closed' || !opened.current) return;
    root.current?.querySelector<HTMLElement>(`[data-job-id="${opened.current}"]`)?.focus();
    opened.current = null;
  }, [detail.status]);

  return (
    <div className="ok-board__body" ref={root}>
      <div className="ok-board__list" hidden={detail.status !== 'closed'}>
        <BoardFiltersView filters={props.filters} locations={props.locations} onSearchInput={props.onSearchInput} onApply={props.onApply} />
        <p className="ok-board__status" role="status" data-state={status}>
          {status === 'loading'
            ? MESSAGES.loading
            : status === 'ready'
              ? jobs.length
                ? count(props.total)
                : emptyListingMessage(props.filters.postingType || 'public')
              : ''}
        </p>
        {status === 'error' ? (
          <div className="ok-board__error" role="alert">
            <p>{props.error ?? MESSAGES.genericError}</p>
            <button className="ok-board__button" type="button" onClick={props.onRetry}>
              Try again
            </button>
          </div>
        ) : null}
        {status === 'ready' && jobs.length ? (
          <ul className="ok-board__cards">
            {jobs.map((job) => (
              <BoardCard key={job.id} job={job} onOpen={open} />
            ))}
          </ul>
        ) : null}
        {status === 'ready' && props.hasMore ? (
          <LoadMore
            label="Load more"
            loadingMore={props.loadingMore}
            error={props.loadMoreError}
            onLoadMore={props.onLoadMore}
            buttonClassName="ok-board__button ok-board__more"
            errorClassName="ok-board__more-error"
          />
        ) : null}
      </div>
      {detail.status !== 'closed' ? (
        <JobDetail
          detail={detail}
          applyUrl={detail.status === 'ready' ? props.applyUrl(detail.job) : null}
          imageUrl={detail.status === 'ready' ? props.imageUrl(detail.job) : null}
          onClose={props.onClose}
        />
      ) : null}
    </div>
  );
}
