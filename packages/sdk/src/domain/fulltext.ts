import type { ValidPosting } from './validation.ts';

/**
 * Full-text matching as the listing's `Query.search` on `searchText` does it on the server, so that a
 * posting a live update brings in (or takes out) is judged exactly as a reload would judge it.
 *
 * The rule is Appwrite's: the search value is split into words, which are OR-ed, and the last word
 * also matches as a prefix (Appwrite appends `*` to the value); a text matches when one of its words
 * equals a search word. Words are runs of letters, digits and marks, compared without case and
 * without accents (the local backend's FTS5 tokenizer folds both, as MariaDB's default collation does).
 */

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** The words of `text` as a full-text index stores them: lower-cased, accents removed. */
export function fulltextWords(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(WORD) ?? [];
}

/** Whether `text` matches a server-side full-text search for `search` (no searchable word matches nothing). */
export function matchesFulltext(text: string, search: string): boolean {
  return fulltextMatcher(text)(fulltextWords(search));
}

/**
 * The same rule as {@link matchesFulltext}, with the text's words taken once: matching one posting
 * against thousands of saved searches must not split its text once per search. The matcher takes a
 * search's words as {@link fulltextWords} answers them.
 */
export function fulltextMatcher(text: string): (wanted: readonly string[]) => boolean {
  const words = new Set(fulltextWords(text));
  return (wanted) => {
    if (wanted.length === 0) return false;
    const last = wanted[wanted.length - 1] as string;
    if (wanted.some((word) => words.has(word))) return true;
    for (const word of words) if (word.startsWith(last)) return true;
    return false;
  };
}

/**
 * The text a posting is found by: title, company, location, cluster, description and salary,
 * lower-cased into the `searchText` column that the full-text index covers.
 * @public
 */
export function buildSearchText(posting: Pick<ValidPosting, 'title' | 'company' | 'location' | 'cluster' | 'description' | 'hourlyRate'>): string {
  return [posting.title, posting.company, posting.location, posting.cluster, posting.description, posting.hourlyRate]
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();
}
