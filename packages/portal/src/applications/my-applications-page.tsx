import { useNavigate } from 'react-router';
import { MyApplications } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { jobPath } from '../postings/job-route.ts';

/** /my-applications: a student's own applications and their outcome in plain words (issue 7). */
export function MyApplicationsPage() {
  const portal = usePortal();
  const navigate = useNavigate();
  return (
    <Page title="My applications" heading="hidden">
      <MyApplications applications={portal.applications} jobHref={jobPath} onOpenJob={(jobId) => navigate(jobPath(jobId))} />
    </Page>
  );
}
