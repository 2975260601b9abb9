import { Link, useParams } from 'react-router';
import { ResumeReview } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { jobPath } from '../postings/job-route.ts';
import { PostingStatus } from '../postings/posting-status.tsx';
import { usePosting } from '../postings/use-posting.ts';

/** /resume/{id}: an AI review of a PDF resume against one posting. */
export function ResumeReviewPage() {
  const { id = '' } = useParams();
  const portal = usePortal();
  const posting = usePosting(id);
  return (
    <Page title="Resume review" heading="hidden">
      <p>
        <Link to={jobPath(id)}>Back to Job</Link>
      </p>
      <PostingStatus posting={posting} />
      {posting.state === 'ready' && <ResumeReview ai={portal.ai} jobId={id} jobTitle={posting.job.title} />}
    </Page>
  );
}
