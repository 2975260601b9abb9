import { Query, type Models } from 'appwrite';

/** Where a page starts and how long it is. @public */
export interface PageRequest {
  /** The `nextCursor` of the previous page; absent for the first page. */
  cursor?: string | null | undefined;
  /** Items per page (1 to 100; 25 when absent). */
  limit?: number | undefined;
}

/** One page of a list, newest or best first as the list defines. @public */
export interface Page<T> {
  /** The items of this page. */
  items: T[];
  /** How many items the whole list has (Appwrite counts at most 5000). */
  total: number;
  /** Pass as `cursor` to get the next page; null when this is the last one. */
  nextCursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

/** The page size asked for, within 1..100. */
export function pageSize(page: PageRequest | undefined): number {
  const limit = Math.trunc(page?.limit ?? DEFAULT_PAGE_SIZE);
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Number.isFinite(limit) ? limit : DEFAULT_PAGE_SIZE));
}

/**
 * Cursor pagination: one row more than the page asks for, so a page knows whether another follows
 * without a second request.
 */
export function pageQueries(page: PageRequest | undefined): string[] {
  const queries = [Query.limit(pageSize(page) + 1)];
  if (page?.cursor) queries.push(Query.cursorAfter(page.cursor));
  return queries;
}

/** The page a list answer holds, given the size asked for. */
export function toPage<R extends Models.Row, T extends { id: string }>(list: Models.RowList<R>, page: PageRequest | undefined, map: (row: R) => T): Page<T> {
  const size = pageSize(page);
  const items = list.rows.slice(0, size).map(map);
  return { items, total: list.total, nextCursor: list.rows.length > size ? (items[items.length - 1]?.id ?? null) : null };
}
