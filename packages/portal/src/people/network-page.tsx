import { useNavigate } from 'react-router';
import { NetworkGrid } from '@opportunity-kit/widgets';
import { Flash } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { personPath } from './person-path.ts';

/** /network: the grid of public profiles under "Discover Your Network". */
export function NetworkPage() {
  const portal = usePortal();
  const navigate = useNavigate();
  return (
    <Page title="Network" heading="own">
      <Flash />
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
