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
 * A copy of an SDK module whose `methods` announce work done once they succeed: a widget that decides
 * (the hours review, the applications manager) then lowers the navigation's counts at once, with no
 * callback of its own.
 */
export function announcingWorkDone<Module extends object>(module: Module, methods: readonly (keyof Module)[]): Module {
  // The module's other methods are inherited, whether they are its own properties or its class's.
  const copy = Object.create(module) as Module;
  for (const name of methods) {
    const method = module[name];
    if (typeof method !== 'function') continue;
    const announcing = async (...args: unknown[]): Promise<unknown> => {
      const result: unknown = await (method as (...parameters: unknown[]) => Promise<unknown>).apply(module, args);
      announceWorkDone();
      return result;
    };
    copy[name] = announcing as Module[typeof name];
  }
  return copy;
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
