import { useNavigate } from 'react-router';
import { canPostOpportunities } from '@opportunity-kit/sdk/domain';
import { PostOpportunityForm } from '@opportunity-kit/widgets';
import { flashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember, useSession } from '../session/session-context.tsx';
import { jobPath } from './job-route.ts';
import { WhoMayPost } from './who-may-post.tsx';

const TITLE = 'Post a New Opportunity';

/**
 * /post-job: "Post a New Opportunity" for teachers and recruiters; anyone else learns why not before
 * filling anything in. A created posting opens, so its poster sees it as others will.
 */
export function PostJobPage() {
  const portal = usePortal();
  const member = useMember();
  const { settling } = useSession();
  const navigate = useNavigate();
  if (!canPostOpportunities(member)) {
    return (
      <Page title={TITLE} narrow>
        <WhoMayPost member={member} settling={settling} />
      </Page>
    );
  }
  return (
    <Page title={TITLE} heading="own">
      <PostOpportunityForm
        jobs={portal.jobs}
        viewer={member}
        onCreated={(job) => navigate(jobPath(job.id), { replace: true, state: { job, ...flashState('Your opportunity is posted.') } })}
      />
    </Page>
  );
}
