import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PostingType } from '@opportunity-kit/sdk';
import { LISTING_ROUTES } from '@opportunity-kit/sdk/domain';
import { JobBoard, type JobBoardFilters } from '@opportunity-kit/widgets';
import { filtersOfQuery, onlySearchDiffers, queryOfFilters } from './listing-query.ts';
import { rememberListing } from '../app/app-shell.ts';
import { Flash } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { jobImageUrl } from '../postings/job-image.ts';
import { jobPath } from '../postings/job-route.ts';
import { useMember } from '../session/session-context.tsx';

/**
 * /job, /gigs, /enrichment and /volunteer: the job board of one posting type. Opening a card counts
 * one view (the board records it through the SDK) and then opens the posting; a direct visit to a
 * posting's address counts none. The filters live in the address (`listing-query.ts`): typing replaces
 * the history entry, a deliberate filter change adds one, so reload, Back and a shared link show them,
 * and a saved search's "Open" link is the same address.
 */
export function ListingPage({ postingType }: { postingType: PostingType }) {
  const portal = usePortal();
  const member = useMember();
  const navigate = useNavigate();
  const imageUrl = useMemo(() => jobImageUrl(portal), [portal]);
  const { search } = useLocation();
  // What the board shows, as its address: an address change the board made itself needs no new board
  // (it would lose the search field's focus); any other one (Back, Forward, a link) starts one with its filters.
  const shown = useRef({ query: search, filters: filtersOfQuery(new URLSearchParams(search)) });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (search === shown.current.query) return;
    shown.current = { query: search, filters: filtersOfQuery(new URLSearchParams(search)) };
    setGeneration((count) => count + 1);
  }, [search]);

  // A board mounted before the effect above has caught up (the route of another listing) starts from the address too.
  const initialFilters = search === shown.current.query ? shown.current.filters : filtersOfQuery(new URLSearchParams(search));

  // Read once by the board, so it reads what it compares with from the ref, never from this render.
  const followFilters = (filters: JobBoardFilters) => {
    const before = shown.current;
    const query = queryOfFilters(filters);
    shown.current = { query, filters };
    if (query !== before.query) navigate({ search: query }, { replace: onlySearchDiffers(before.filters, filters) });
  };

  useListingCopy(LISTING_ROUTES[postingType], search === '' ? member?.id : undefined);

  return (
    <Page title={`${postingType} opportunities`} heading="own">
      <Flash />
      <JobBoard
        jobs={portal.jobs}
        applications={portal.applications}
        saved={portal.saved}
        alerts={portal.alerts}
        key={generation}
        postingType={postingType}
        initialFilters={initialFilters}
        onFiltersChange={followFilters}
        viewer={member}
        imageUrl={imageUrl}
        onOpen={(job) => navigate(jobPath(job.id), { state: { job } })}
      />
    </Page>
  );
}

/**
 * Once the unfiltered listing has its postings on screen, keeps it as this member saw it: the next
 * visit's first paint shows it before the app runs (`app-shell.ts`). Filtered views are not kept (the
 * first paint is for the listing's own address).
 */
function useListingCopy(path: string, userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    const keepWhenReady = () => {
      const board = document.querySelector('.ok-job-board[data-state="ready"]');
      if (!board?.querySelector('.ok-job-card')) return false;
      rememberListing(path, userId, board);
      return true;
    };
    if (keepWhenReady()) return;
    const observer = new MutationObserver(() => {
      if (keepWhenReady()) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    return () => observer.disconnect();
  }, [path, userId]);
}
