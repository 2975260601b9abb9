import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LISTING_ROUTES } from '@opportunity-kit/sdk/domain';
import { JobDetail } from '@opportunity-kit/widgets';
import { Flash } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { jobImageUrl } from './job-image.ts';

/** /job/{id}: one posting with the buttons of its viewer's role. */
export function JobDetailPage() {
  const { id = '' } = useParams();
  const portal = usePortal();
  const member = useMember();
  const navigate = useNavigate();
  const imageUrl = useMemo(() => jobImageUrl(portal), [portal]);
  return (
    <Page title="Opportunity" heading="own">
      <Flash />
      <JobDetail
        jobs={portal.jobs}
        jobId={id}
        viewer={member}
        imageUrl={imageUrl}
        onNavigate={(path, job) => navigate(path, { state: { job } })}
        onRemoved={(job) => navigate(LISTING_ROUTES[job.postingType], { replace: true })}
      />
    </Page>
  );
}
