import { ProfileEditor } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';

/**
 * /profile: the member's own profile. After a save that succeeded (and only then) the editor says
 * "Profile updated successfully!" and the page stays, focus back on its button (issue 25: the spec's
 * jump to /network lost the member's place).
 */
export function ProfilePage() {
  const portal = usePortal();
  const member = useMember();
  return (
    <Page title="Your profile" heading="hidden" narrow>
      <ProfileEditor profiles={portal.profiles} files={portal.files} account={{ name: member.displayName, email: member.email }} />
    </Page>
  );
}
