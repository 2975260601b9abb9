import { useNavigate } from 'react-router';
import { SavedPostings } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { savedSearchPath } from '../listings/listing-query.ts';
import { jobPath } from '../postings/job-route.ts';

/**
 * /saved (issue 17): a student's saved postings, newest saved first (closed and removed ones stay
 * listed and say so), and their saved searches, each with Unsave, or Open (its listing with its
 * criteria applied) and Delete.
 */
export function SavedPage() {
  const portal = usePortal();
  const navigate = useNavigate();
  return (
    <Page title="Saved">
      <SavedPostings
        saved={portal.saved}
        alerts={portal.alerts}
        jobHref={jobPath}
        onOpenJob={(jobId) => navigate(jobPath(jobId))}
        searchHref={savedSearchPath}
        onOpenSearch={(alert) => navigate(savedSearchPath(alert))}
      />
    </Page>
  );
}
