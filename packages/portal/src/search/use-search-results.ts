import { useEffect, useState } from 'react';
import { isPortalError, type Job, type PostingType } from '@opportunity-kit/sdk';
import { MESSAGES, POSTING_TYPES } from '@opportunity-kit/sdk/domain';
import { usePortal } from '../app/portal-context.tsx';

/** Cards shown per posting type; the group's count tells how many more its listing has. */
export const RESULTS_PER_TYPE = 12;

/** The matches of one posting type: the first cards and how many there are in all. */
export interface ResultGroup {
  postingType: PostingType;
  jobs: Job[];
  total: number;
}

export type SearchResults = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; groups: ResultGroup[] } | { state: 'failed'; message: string };

/**
 * The postings of all four types that match `words`, read per type through the SDK's listing
 * (the same server-side search as a listing's search field). `attempt` asks again (Try again).
 */
export function useSearchResults(words: string, attempt: number): SearchResults {
  const portal = usePortal();
  const [results, setResults] = useState<SearchResults>({ state: 'idle' });

  useEffect(() => {
    if (!words) {
      setResults({ state: 'idle' });
      return;
    }
    let live = true;
    setResults({ state: 'loading' });
    Promise.all(
      POSTING_TYPES.map(async (postingType): Promise<ResultGroup> => {
        const page = await portal.jobs.list({ postingType, search: words }, { limit: RESULTS_PER_TYPE });
        return { postingType, jobs: page.items, total: page.total };
      }),
    ).then(
      (groups) => live && setResults({ state: 'ready', groups }),
      (thrown: unknown) => live && setResults({ state: 'failed', message: isPortalError(thrown) ? thrown.message : MESSAGES.genericError }),
    );
    return () => {
      live = false;
    };
  }, [portal, words, attempt]);

  return results;
}
