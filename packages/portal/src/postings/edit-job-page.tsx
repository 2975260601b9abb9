import { useBoardRules } from './use-board-rules.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { canManagePosting, MESSAGES } from '@opportunity-kit/sdk/domain';
import { PostOpportunityForm } from '@opportunity-kit/widgets';
import { flashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useBoardSchools } from '../schools/board-schools.ts';
import { useMember } from '../session/session-context.tsx';
import { jobPath } from './job-route.ts';
import { PostingStatus } from './posting-status.tsx';
import { usePosting } from './use-posting.ts';

const TITLE = 'Edit Opportunity';

/**
 * /job/{id}/edit: the posting form in edit mode for the posting's creator and teachers (issue 14).
 * Saved changes return to the posting with "Opportunity updated successfully."; anyone else learns
 * why they cannot edit, with the way back.
 */
export function EditJobPage() {
  const { id = '' } = useParams();
  const portal = usePortal();
  const member = useMember();
  const boardRules = useBoardRules();
  const navigate = useNavigate();
  const posting = usePosting(id);
  const schools = useBoardSchools(member.role === 'recruiter');
  if (posting.state !== 'ready') {
    return (
      <Page title={TITLE} narrow>
        <PostingStatus posting={posting} />
      </Page>
    );
  }
  const { job } = posting;
  if (!canManagePosting(member, job)) {
    return (
      <Page title={TITLE} narrow>
        <p className="portal-alert" role="alert">
          Only the poster of this opportunity and teachers can edit it.
        </p>
        <p>
          <Link to={jobPath(id)}>Back to the opportunity</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={TITLE} heading="own">
      <PostOpportunityForm
        boardRules={boardRules}
        key={job.id}
        mode="edit"
        job={job}
        jobs={portal.jobs}
        viewer={member}
        schools={schools}
        onSaved={(saved) => void navigate(jobPath(saved.id), { replace: true, state: flashState(MESSAGES.postingUpdated) })}
      />
    </Page>
  );
}
