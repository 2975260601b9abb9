import { ApplicationsManager } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';

/** /application-manager: the applications to the member's own postings, with All, Pending and Accepted. */
export function ApplicationManagerPage() {
  const portal = usePortal();
  return (
    <Page title="Applications" heading="hidden">
      <ApplicationsManager applications={portal.applications} files={portal.files} />
    </Page>
  );
}
