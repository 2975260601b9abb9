import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { PostingType } from '@opportunity-kit/sdk';
import { JobBoard } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { jobImageUrl } from '../postings/job-image.ts';
import { jobPath } from '../postings/job-route.ts';
import { useMember } from '../session/session-context.tsx';

/**
 * /job, /gigs, /enrichment and /volunteer: the job board of one posting type. Opening a card counts
 * one view (the board records it through the SDK) and then opens the posting; a direct visit to a
 * posting's address counts none.
 */
export function ListingPage({ postingType }: { postingType: PostingType }) {
  const portal = usePortal();
  const member = useMember();
  const navigate = useNavigate();
  const imageUrl = useMemo(() => jobImageUrl(portal), [portal]);
  return (
    <Page title={`${postingType} opportunities`} heading="own">
      <JobBoard
        jobs={portal.jobs}
        postingType={postingType}
        viewer={member}
        imageUrl={imageUrl}
        onOpen={(job) => navigate(jobPath(job.id), { state: { job } })}
      />
    </Page>
  );
}
