import { useNavigate } from 'react-router';
import { MyApplications } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { LogHoursLinks } from '../hours/log-hours-links.tsx';
import { AssignedToYou } from '../landing/assigned-to-you.tsx';
import { jobPath } from '../postings/job-route.ts';
import { useMember } from '../session/session-context.tsx';
import { seenDecisionsOf } from './seen-decisions.ts';

/**
 * /my-applications: a student's own applications and their outcome in plain words (issue 7), under
 * the postings a teacher assigned to them (they applied to none of those, but follow them here too).
 */
export function MyApplicationsPage() {
  const portal = usePortal();
  const navigate = useNavigate();
  const member = useMember();
  return (
    <Page title="My applications" heading="hidden">
      <AssignedToYou />
      <LogHoursLinks />
      <MyApplications
        applications={portal.applications}
        seenDecisions={seenDecisionsOf(member.id)}
        jobHref={jobPath}
        onOpenJob={(jobId) => navigate(jobPath(jobId))}
        onOpenListing={(path) => navigate(path)}
      />
    </Page>
  );
}
