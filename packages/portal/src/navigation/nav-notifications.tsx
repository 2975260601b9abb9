import { useNavigate } from 'react-router';
import type { Role } from '@opportunity-kit/sdk';
import { NotificationBell } from '@opportunity-kit/widgets';
import { usePortal } from '../app/portal-context.tsx';

/** What an empty bell says to each role: what will show up there. */
const EMPTY_BELL: Readonly<Record<Role, string>> = {
  student: 'No notifications yet. Save a search on a listing, and new matches will show up here.',
  teacher: 'No notifications yet. Employers waiting for your approval and applications to your postings will show up here.',
  recruiter: "No notifications yet. Applications to your postings and the schools' decisions will show up here.",
};

/**
 * The member's notification bell in the bar (every role's, issue 24), outside the phone menu so it stays in sight. Rendered
 * only for a signed-in member, so the SDK client is loaded before the bell subscribes (live
 * subscriptions cannot wait for it).
 */
export function NavNotifications({ role }: { role: Role }) {
  const portal = usePortal();
  const navigate = useNavigate();
  return (
    <div className="portal-nav__bell">
      <NotificationBell
        notifications={portal.notifications}
        onNavigate={(href) => void navigate(href)}
        emptyText={EMPTY_BELL[role]}
        settingsHref="/email-settings"
      />
    </div>
  );
}
