import { Link, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { ApplicationForm } from '@opportunity-kit/widgets';
import { flashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { jobPath } from './job-route.ts';
import { PostingStatus } from './posting-status.tsx';
import { usePosting } from './use-posting.ts';

/**
 * /job/{id}/application: the application form. Once the application is stored, the posting's page
 * opens again with "Application submitted successfully!".
 */
export function ApplicationPage() {
  const { id = '' } = useParams();
  const portal = usePortal();
  const navigate = useNavigate();
  const posting = usePosting(id);
  return (
    <Page title="Apply" heading="hidden" narrow>
      <p>
        <Link to={jobPath(id)}>Back to the opportunity</Link>
      </p>
      <PostingStatus posting={posting} />
      {posting.state === 'ready' && (
        <ApplicationForm
          applications={portal.applications}
          job={posting.job}
          onSubmitted={() => navigate(jobPath(id), { state: flashState(MESSAGES.applicationSubmitted) })}
        />
      )}
    </Page>
  );
}
