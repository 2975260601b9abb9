import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PostingType } from '@opportunity-kit/sdk';
import { JobBoard } from '@opportunity-kit/widgets';
import { filtersOfQuery } from './listing-query.ts';
import { rememberedFilters, rememberFilters } from './remembered-filters.ts';
import { Flash } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { jobImageUrl } from '../postings/job-image.ts';
import { jobPath } from '../postings/job-route.ts';
import { useMember } from '../session/session-context.tsx';

/**
 * /job, /gigs, /enrichment and /volunteer: the job board of one posting type. Opening a card counts
 * one view (the board records it through the SDK) and then opens the posting; a direct visit to a
 * posting's address counts none. `?q=words` starts the board with that search (and `listing-query.ts`'s
 * other criteria, as a saved search's "Open" sets them); Back to a listing shows the filters it was left with.
 */
export function ListingPage({ postingType }: { postingType: PostingType }) {
  const portal = usePortal();
  const member = useMember();
  const navigate = useNavigate();
  const imageUrl = useMemo(() => jobImageUrl(portal), [portal]);
  // Back from a posting shows the filters this entry was left with; `?q=words` (the global search's
  // "Browse all") or a saved search's criteria start a new one with them.
  const { key: entry, search } = useLocation();
  const initialFilters = useMemo(() => rememberedFilters(entry) ?? filtersOfQuery(new URLSearchParams(search)), [entry, search]);
  return (
    <Page title={`${postingType} opportunities`} heading="own">
      <Flash />
      <JobBoard
        jobs={portal.jobs}
        applications={portal.applications}
        saved={portal.saved}
        alerts={portal.alerts}
        key={entry}
        postingType={postingType}
        initialFilters={initialFilters}
        onFiltersChange={(filters) => rememberFilters(entry, filters)}
        viewer={member}
        imageUrl={imageUrl}
        onOpen={(job) => navigate(jobPath(job.id), { state: { job } })}
      />
    </Page>
  );
}
