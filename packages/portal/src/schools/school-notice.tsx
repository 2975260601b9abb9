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

/** Where a student stands with their school: unknown until asked, in one, asked to join one, or neither. */
type StudentStanding = 'unknown' | 'in-school' | 'pending' | 'no-school';

function useStudentStanding(): StudentStanding {
  const portal = usePortal();
  const [standing, setStanding] = useState<StudentStanding>('unknown');
  useEffect(() => {
    let live = true;
    portal.schools
      .mine()
      .then((mine) => {
        if (!live) return;
        if (mine.memberships.some((membership) => membership.student)) setStanding('in-school');
        else setStanding(mine.request ? 'pending' : 'no-school');
      })
      // Not knowing is no reason to alarm a student who most likely has a school.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [portal]);
  return standing;
}

function StudentWithoutSchool({ surface }: { surface?: 'feed' | 'network' }) {
  const standing = useStudentStanding();
  if (standing === 'unknown' || standing === 'in-school') return null;
  const pending = standing === 'pending';
  // The feed and the network are each school's own (issue 23): say why this page is empty.
  const closed = surface ? `The ${surface} is your school’s own and opens once your school confirms you. ` : '';
  return (
    <div className="portal-refusal" role="status">
      <h2 className="portal-refusal__title">{pending ? 'Your school has not confirmed you yet' : 'You are not in a school yet'}</h2>
      <p>
        {closed}
        {pending
          ? 'You asked to join your school; its staff will confirm it. Until then you can browse public postings.'
          : 'Ask to join your school; its staff confirm each student who signs up alone. Until then you can browse public postings.'}
      </p>
      <p className="portal-refusal__actions">
        <Link className="portal-button portal-button--primary" to={WAITING_PATH}>
          {pending ? 'See your request' : 'Ask to join your school'}
        </Link>
      </p>
    </div>
  );
}

/**
 * On /blog and /network: a student no school has confirmed yet reads no feed and no network (their
 * permissions give them none), so the page says why and where to ask, instead of looking empty.
 */
export function SchoolOnlyNotice({ surface }: { surface: 'feed' | 'network' }) {
  const member = useMember();
  return member.role === 'student' ? <StudentWithoutSchool surface={surface} /> : null;
}
