import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { seenDecisionsOf, unseenDecisions } from './seen-decisions.ts';
import './new-decisions-notice.css';

// The newest applications are where new decisions are; older ones were decided long ago.
const APPLICATIONS_CHECKED = 100;

/**
 * On /landing, a student's notice of decisions they have not seen yet in My applications ("You have
 * 2 new decisions"), with a link there. Nothing shows for other roles, with none new, or when the
 * applications could not be read (My applications itself says why).
 */
export function NewDecisionsNotice() {
  const member = useMember();
  return member.role === 'student' ? <StudentNotice accountId={member.id} /> : null;
}

function StudentNotice({ accountId }: { accountId: string }) {
  const portal = usePortal();
  const seen = useMemo(() => seenDecisionsOf(accountId), [accountId]);
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    portal.applications.listMine({ limit: APPLICATIONS_CHECKED }).then(
      (page) => live && setCount(unseenDecisions(page.items, seen).length),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [portal, seen]);

  if (count === 0) return null;
  return (
    <p className="portal-new-decisions" role="status">
      <span>{count === 1 ? 'You have 1 new decision' : `You have ${count} new decisions`}</span>
      <Link className="portal-new-decisions__link" to="/my-applications">
        See My applications
      </Link>
    </p>
  );
}
