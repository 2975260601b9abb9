import { useEffect, useRef } from 'react';
import { emptyListingMessage, MESSAGES } from '@opportunity-kit/sdk/domain';
import type { Job } from '@opportunity-kit/sdk/public';
import { LoadMore } from '../shared/paged-list-more.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import { BoardCard } from './board-card.tsx';
import { BoardFiltersView } from './board-filters.tsx';
import type { BoardActions, BoardState } from './board-model.ts';
import type { HeadingLevel } from './format.ts';
import { JobDetail } from './job-detail.tsx';

/** Props of {@link BoardView}: the board's `state` and `actions`, and how the school's page names and links things. */
export interface BoardViewProps extends WidgetBinding<BoardState, BoardActions> {
  /** The location options, in their order. */
  locations: readonly string[];
  /** The portal's page for a posting, where the visitor applies; null for no Apply link. */
  applyUrl(job: Job): string | null;
  /** The address of a posting's image, or null for none. */
  imageUrl(job: Job): string | null;
  /** A posting's own address on the school's page (what its card links to). */
  postingHref(job: Job): string;
  /** The level of the cards' and the detail's titles; default 2, right under the page's `<h1>`. */
  headingLevel?: HeadingLevel;
}

const count = (total: number) => (total === 1 ? '1 opportunity' : `${total} opportunities`);

/**
 * The job board: filters, a live status line, the grid of cards with "Load more", and the detail
 * of one posting in place of the list. The list stays mounted (hidden) under an open detail, so
 * closing it returns to the same scroll position, and focus goes back to the card that was opened.
 */
export function BoardView(props: BoardViewProps) {
  const { state, actions, headingLevel = 2 } = props;
  const { status, jobs, detail } = state;
  const root = useRef<HTMLDivElement>(null);
  const opened = useRef<string | null>(null);
  const open = (job: Job) => {
    opened.current = job.id;
    actions.open(job);
  };
  useEffect(() => {
    if (detail.status !== 'closed' || !opened.current) return;
    root.current?.querySelector<HTMLElement>(`[data-job-id="${opened.current}"]`)?.focus();
    opened.current = null;
  }, [detail.status]);

  return (
    <div className="ok-board__body" ref={root}>
      <div className="ok-board__list" hidden={detail.status !== 'closed'}>
        <BoardFiltersView filters={state.filters} locations={props.locations} actions={actions} />
        <p className="ok-board__status" role="status" data-state={status}>
          {status === 'loading'
            ? MESSAGES.loading
            : status === 'ready'
              ? jobs.length
                ? count(state.total)
                : emptyListingMessage(state.filters.postingType || 'public')
              : ''}
        </p>
        {status === 'error' ? (
          <div className="ok-board__error" role="alert">
            <p>{state.error ?? MESSAGES.genericError}</p>
            {state.siteRefused ? null : (
              <button className="ok-board__button" type="button" onClick={actions.retry}>
                Try again
              </button>
            )}
          </div>
        ) : null}
        {status === 'ready' && jobs.length ? (
          <ul className="ok-board__cards">
            {jobs.map((job) => (
              <BoardCard key={job.id} job={job} href={props.postingHref(job)} headingLevel={headingLevel} onOpen={open} />
            ))}
          </ul>
        ) : null}
        {status === 'ready' && state.hasMore ? (
          <LoadMore
            label="Load more"
            loadingMore={state.loadingMore}
            error={state.moreError}
            onLoadMore={actions.loadMore}
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
          headingLevel={headingLevel}
          actions={actions}
        />
      ) : null}
    </div>
  );
}
