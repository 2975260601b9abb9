/** The global search's page: `/search?q=words`. */
export const SEARCH_PATH = '/search';

/** `path` with the search words as `?q=` (the search page, or a listing starting with that search); bare for no words. */
export function withSearchWords(path: string, words: string): string {
  const trimmed = words.trim();
  return trimmed ? `${path}?${new URLSearchParams({ q: trimmed }).toString()}` : path;
}

/** The search page for `words`, or the bare page for nothing to search. */
export function searchPath(words: string): string {
  return withSearchWords(SEARCH_PATH, words);
}

/** The words a search page's or listing's address asks for (`q`), trimmed. */
export function searchWordsOf(search: URLSearchParams): string {
  return (search.get('q') ?? '').trim();
}
