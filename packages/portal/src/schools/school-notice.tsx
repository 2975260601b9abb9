import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import type { CurrentUser } from '@opportunity-kit/sdk';
import { usePortal } from '../app/portal-context.tsx';
import { useMember, useSession } from '../session/session-context.tsx';
import { WAITING_PATH } from './school-paths.ts';
import '../postings/who-may-post.css';

/**
 * Whether the member may be a staff address no school has added: verified, without a role once the
 * label has had its time to arrive, and not the board's administrator. Such an account has nothing
 * to do but wait, so the home screen sends it to the waiting page.
 */
export function awaitsStaffRole(member: CurrentUser, settling: boolean): boolean {
  return member.emailVerified && member.role === undefined && !member.boardAdmin && !settling;
}

/**
 * On the home screen: a staff address that no school has added goes to the waiting page; a student
 * in no school yet sees, above everything, that they should ask to join theirs (they may still
 * browse public postings meanwhile).
 */
export function SchoolNotice() {
  const member = useMember();
  const { settling } = useSession();
  if (awaitsStaffRole(member, settling)) return <Navigate to={WAITING_PATH} replace />;
  return member.role === 'student' ? <StudentWithoutSchool /> : null;
}

function StudentWithoutSchool() {
  const portal = usePortal();
  const [state, setState] = useState<'unknown' | 'in-school' | 'pending' | 'no-school'>('unknown');
  useEffect(() => {
    let live = true;
    portal.schools
      .mine()
      .then((mine) => {
        if (!live) return;
        if (mine.memberships.some((membership) => membership.student)) setState('in-school');
        else setState(mine.request ? 'pending' : 'no-school');
      })
      // Not knowing is no reason to alarm a student who most likely has a school.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [portal]);
  if (state === 'unknown' || state === 'in-school') return null;
  return (
    <div className="portal-refusal" role="status">
      <h2 className="portal-refusal__title">{state === 'pending' ? 'Your school has not confirmed you yet' : 'You are not in a school yet'}</h2>
      <p>
        {state === 'pending'
          ? 'You asked to join your school; its staff will confirm it. Until then you can browse public postings.'
          : 'Ask to join your school; its staff confirm each student who signs up alone. Until then you can browse public postings.'}
      </p>
      <p className="portal-refusal__actions">
        <Link className="portal-button portal-button--primary" to={WAITING_PATH}>
          {state === 'pending' ? 'See your request' : 'Ask to join your school'}
        </Link>
      </p>
    </div>
  );
}
