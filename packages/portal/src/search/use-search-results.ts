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

export type SearchResults =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready'; groups: ResultGroup[]; suggestion: string | null } | { state: 'failed'; message: string };

/** When nothing matched: the SDK's correction from the words of the postings the member may see, or null (also when it could not be had). */
async function suggestionFor(portal: ReturnType<typeof usePortal>, words: string, groups: ResultGroup[]): Promise<string | null> {
  if (groups.some((group) => group.total > 0)) return null;
  return portal.jobs.suggestSearch({ search: words }).catch(() => null);
}

/**
 * The postings of all four types that match `words`, read per type through the SDK's listing
 * (the same server-side search as a listing's search field, ranked the same way), with a correction
 * when nothing matched. `attempt` asks again (Try again).
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
    )
      .then(async (groups) => ({ groups, suggestion: await suggestionFor(portal, words, groups) }))
      .then(
        ({ groups, suggestion }) => live && setResults({ state: 'ready', groups, suggestion }),
        (thrown: unknown) => live && setResults({ state: 'failed', message: isPortalError(thrown) ? thrown.message : MESSAGES.genericError }),
      );
    return () => {
      live = false;
    };
  }, [portal, words, attempt]);

  return results;
}
