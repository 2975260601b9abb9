import { useNavigate } from 'react-router';
import { NetworkGrid } from '@opportunity-kit/widgets';
import { Flash } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { SchoolOnlyNotice } from '../schools/school-notice.tsx';
import { personPath } from './person-path.ts';

/** /network: the grid of public profiles under "Discover Your Network" (a student's: their school's, issue 23). */
export function NetworkPage() {
  const portal = usePortal();
  const navigate = useNavigate();
  return (
    <Page title="Network" heading="own">
      <Flash />
      <SchoolOnlyNotice surface="network" />
      <NetworkGrid
        profiles={portal.profiles}
        files={portal.files}
        headingLevel={1}
        profileHref={personPath}
        onOpen={(profile) => navigate(personPath(profile.email))}
      />
    </Page>
  );
}
