import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { WorkCounts } from '@opportunity-kit/sdk';
import { usePortal } from '../app/portal-context.tsx';

const WORK_DONE = 'opportunity-kit:work-done';

/** Said by a page that just finished some of the member's work (a decision), so the counts are read again at once. */
export function announceWorkDone(): void {
  window.dispatchEvent(new Event(WORK_DONE));
}

/**
 * What waits for a member who looks after others (staff, employers, administrators), for the counts on
 * the navigation: read on arrival, on every page change, when a page announces work done, when
 * the tab is shown again, and on every change to their notifications, which is how new work announces
 * itself live (and a school's decision reads its staff's notices of it). Null until read,
 * and for everyone else; a failed read keeps the last counts.
 */
export function useWorkCounts(enabled: boolean): WorkCounts | null {
  const portal = usePortal();
  const { pathname } = useLocation();
  const [counts, setCounts] = useState<WorkCounts | null>(null);
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    if (!enabled) return undefined;
    const unsubscribe = portal.notifications.subscribe(
      () => setChanges((seen) => seen + 1),
      () => undefined,
    );
    // Back to the tab after working elsewhere: read again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') setChanges((seen) => seen + 1);
    };
    const onWorkDone = () => setChanges((seen) => seen + 1);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(WORK_DONE, onWorkDone);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(WORK_DONE, onWorkDone);
      void unsubscribe();
    };
  }, [enabled, portal]);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    portal.home.counts().then(
      (read) => {
        if (current) setCounts(read);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [enabled, portal, pathname, changes]);

  return enabled ? counts : null;
}
