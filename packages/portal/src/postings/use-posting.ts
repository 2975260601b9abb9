import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isPortalError, type Job } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { usePortal } from '../app/portal-context.tsx';
import { jobFromState } from './job-route.ts';

export type PostingState = { state: 'loading' } | { state: 'ready'; job: Job } | { state: 'missing' } | { state: 'failed'; message: string };

/**
 * The posting a page is about: the one handed over with the navigation from its page (spec: the
 * application form receives the job via navigation state), else read by id, as after a reload.
 */
export function usePosting(id: string): PostingState {
  const portal = usePortal();
  const given = jobFromState(useLocation().state, id);
  const [read, setRead] = useState<PostingState>({ state: 'loading' });

  useEffect(() => {
    if (given) return;
    let live = true;
    setRead({ state: 'loading' });
    portal.jobs.get(id).then(
      (job) => live && setRead(job ? { state: 'ready', job } : { state: 'missing' }),
      (thrown: unknown) => live && setRead({ state: 'failed', message: isPortalError(thrown) ? thrown.message : MESSAGES.genericError }),
    );
    return () => {
      live = false;
    };
  }, [portal, id, given]);

  return given ? { state: 'ready', job: given } : read;
}
