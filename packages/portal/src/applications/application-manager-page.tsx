import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ApplicationsManager } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { announcingWorkDone } from '../navigation/use-work-counts.ts';
import { personPath } from '../people/person-path.ts';

/**
 * /application-manager: the applications to the member's own postings, grouped by posting, with All,
 * Pending, Accepted and Rejected, applicants by name with a link to their profile.
 */
export function ApplicationManagerPage() {
  const portal = usePortal();
  const navigate = useNavigate();
  // Each decision lowers the "Applications" count in the navigation at once.
  const applications = useMemo(() => announcingWorkDone(portal.applications, ['setStatus']), [portal]);
  return (
    <Page title="Applications" heading="hidden">
      <ApplicationsManager
        applications={applications}
        profiles={portal.profiles}
        files={portal.files}
        personHref={personPath}
        postJobHref="/post-job"
        hasPostings={() => portal.jobs.list({ mine: true }, { limit: 1 }).then((page) => page.total > 0)}
        onNavigate={(href) => navigate(href)}
      />
    </Page>
  );
}
