import { useNavigate } from 'react-router';
import { PostOpportunityForm } from '@opportunity-kit/widgets';
import { flashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { jobPath } from './job-route.ts';

/** /post-job: "Post a New Opportunity". A created posting opens, so its poster sees it as others will. */
export function PostJobPage() {
  const portal = usePortal();
  const member = useMember();
  const navigate = useNavigate();
  return (
    <Page title="Post a New Opportunity" heading="own">
      <PostOpportunityForm
        jobs={portal.jobs}
        viewer={member}
        onCreated={(job) => navigate(jobPath(job.id), { replace: true, state: { job, ...flashState('Your opportunity is posted.') } })}
      />
    </Page>
  );
}
