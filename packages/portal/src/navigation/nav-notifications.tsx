import { useNavigate } from 'react-router';
import { NotificationBell } from '@opportunity-kit/widgets';
import { usePortal } from '../app/portal-context.tsx';

/**
 * The student's notification bell in the bar, outside the phone menu so it stays in sight. Rendered
 * only for a signed-in member, so the SDK client is loaded before the bell subscribes (live
 * subscriptions cannot wait for it).
 */
export function NavNotifications() {
  const portal = usePortal();
  const navigate = useNavigate();
  return (
    <div className="portal-nav__bell">
      <NotificationBell notifications={portal.notifications} onNavigate={(href) => void navigate(href)} />
    </div>
  );
}
