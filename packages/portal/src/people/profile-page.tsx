import { useNavigate } from 'react-router';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { ProfileEditor } from '@opportunity-kit/widgets';
import { flashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';

/**
 * /profile: the member's own profile. After a save that succeeded (and only then) the portal goes to
 * /network with "Profile updated successfully!", as the spec does.
 */
export function ProfilePage() {
  const portal = usePortal();
  const member = useMember();
  const navigate = useNavigate();
  return (
    <Page title="Your profile" heading="hidden" narrow>
      <ProfileEditor
        profiles={portal.profiles}
        files={portal.files}
        account={{ name: member.displayName, email: member.email }}
        onSaved={() => navigate('/network', { state: flashState(MESSAGES.profileUpdated) })}
      />
    </Page>
  );
}
