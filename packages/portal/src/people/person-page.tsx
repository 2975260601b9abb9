import { Link, useParams } from 'react-router';
import { ProfileCard } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';

/** /network/{id}: one person's profile, found by its e-mail address. */
export function PersonPage() {
  const { id = '' } = useParams();
  const portal = usePortal();
  const member = useMember();
  return (
    <Page title="Profile" heading="own" narrow>
      <p>
        <Link to="/network">Back to your network</Link>
      </p>
      <ProfileCard key={id} email={id} profiles={portal.profiles} files={portal.files} viewerEmail={member.email} headingLevel={1} />
    </Page>
  );
}
