import { useNavigate, useParams } from 'react-router';
import { InterviewRoom } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { jobPath } from '../postings/job-route.ts';
import { PostingStatus } from '../postings/posting-status.tsx';
import { usePosting } from '../postings/use-posting.ts';

/**
 * /interview/{id}: AI interview practice for one posting. The only route that loads the voice SDK
 * (the interview room imports it when a session starts).
 */
export function InterviewPage() {
  const { id = '' } = useParams();
  const portal = usePortal();
  const navigate = useNavigate();
  const posting = usePosting(id);
  return (
    <Page title="Interview practice" heading="hidden">
      <PostingStatus posting={posting} />
      {posting.state === 'ready' && (
        <InterviewRoom ai={portal.ai} jobId={id} jobTitle={posting.job.title} backHref={jobPath(id)} onBack={() => navigate(jobPath(id))} />
      )}
    </Page>
  );
}
