import type { Job } from './entities.ts';
import { buildSearchText, fulltextWords } from './fulltext.ts';

/**
 * How well a posting answers a listing's search, so a page of matches shows the best first. The
 * server's full-text search ORs the words (any one matches) and cannot rank while ordering by date,
 * so the SDK ranks each page it gets: postings matching more of the query's words first, then those
 * matching more of them in their title; the listing's own order (newest, or most viewed) decides
 * the rest. A word matches as the server's search matches it: a whole word, and the last one also
 * as the start of a word.
 */
export interface SearchRelevance {
  /** How many of the query's words the posting's text holds. */
  matched: number;
  /** How many of them its title holds. */
  inTitle: number;
}

/** Whether one of `words` is `wanted`, or starts with it when `wanted` may be a prefix (the query's last word). */
const holds = (words: ReadonlySet<string>, wanted: string, asPrefix: boolean): boolean => {
  if (words.has(wanted)) return true;
  if (!asPrefix) return false;
  for (const word of words) if (word.startsWith(wanted)) return true;
  return false;
};

/** How much of `search` the posting matches (nothing for a search without words). */
export function searchRelevance(job: Pick<Job, 'title' | 'company' | 'location' | 'cluster' | 'description' | 'hourlyRate'>, search: string): SearchRelevance {
  const wanted = [...new Set(fulltextWords(search))];
  if (!wanted.length) return { matched: 0, inTitle: 0 };
  const text = new Set(fulltextWords(buildSearchText(job)));
  const title = new Set(fulltextWords(job.title));
  const last = fulltextWords(search).at(-1);
  let matched = 0;
  let inTitle = 0;
  for (const word of wanted) {
    const asPrefix = word === last;
    if (holds(text, word, asPrefix)) matched += 1;
    if (holds(title, word, asPrefix)) inTitle += 1;
  }
  return { matched, inTitle };
}

/** Orders two postings by relevance to `search`, best first; 0 when they are as relevant (the listing's order then decides). */
export function compareRelevance(search: string): (a: Job, b: Job) => number {
  const cache = new Map<Job, SearchRelevance>();
  const of = (job: Job) => {
    let relevance = cache.get(job);
    if (!relevance) cache.set(job, (relevance = searchRelevance(job, search)));
    return relevance;
  };
  return (a, b) => {
    const first = of(a);
    const second = of(b);
    return second.matched - first.matched || second.inTitle - first.inTitle;
  };
}

/** The postings, best match first; postings as relevant as each other keep their order. */
export function rankBySearch<T extends Job>(jobs: readonly T[], search: string): T[] {
  if (!fulltextWords(search).length) return [...jobs];
  return [...jobs].sort(compareRelevance(search));
}
