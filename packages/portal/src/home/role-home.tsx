import { useCallback, useEffect, useState } from 'react';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { useLoaded } from '../schools/use-loaded.ts';
import { MyPostings } from './my-postings.tsx';
import { SchoolGlances } from './school-glances.tsx';
import { SchoolOverviews } from './school-overviews.tsx';
import { WaitingWork } from './waiting-work.tsx';
import './role-home.css';

const visitKey = (userId: string) => `opportunity-kit.home-visit.${userId}`;

/** The previous visit of this device's member, read once per page, and this visit recorded for the next. */
function usePreviousVisit(userId: string): string | undefined {
  const [previous] = useState(() => {
    try {
      return window.localStorage.getItem(visitKey(userId)) ?? undefined;
    } catch {
      return undefined;
    }
  });
  useEffect(() => {
    try {
      window.localStorage.setItem(visitKey(userId), new Date().toISOString());
    } catch {
      // Storage refused (private mode): every applicant reads as not new, nothing else changes.
    }
  }, [userId]);
  return previous;
}

/**
 * The home of staff, employers and administrators (issue 24): what needs them now, then what their
 * roles look after (their schools' students, their postings, their schools' figures).
 */
export function RoleHome() {
  const portal = usePortal();
  const member = useMember();
  const since = usePreviousVisit(member.id);
  const load = useCallback(() => portal.home.summary(since), [portal, since]);
  const { state, reload } = useLoaded(load);
  if (state.phase === 'loading') {
    return (
      <p className="portal-loading" role="status">
        Loading what waits for you…
      </p>
    );
  }
  if (state.phase === 'failed') {
    return (
      <div className="portal-alert" role="alert">
        <p>{state.message}</p>
        <button type="button" className="portal-button" onClick={reload}>
          Try again
        </button>
      </div>
    );
  }
  const home = state.value;
  return (
    <div className="portal-home">
      <WaitingWork counts={home.counts} />
      {home.postings ? <MyPostings glance={home.postings} /> : null}
      <SchoolGlances schools={home.schools} />
      <SchoolOverviews overview={home.overview} staffRequests={home.staffRequests} />
    </div>
  );
}
