import { Query } from 'appwrite';
import type { Viewer } from '../domain/abilities.ts';
import type { DateString } from '../domain/dates.ts';
import { searchWords, type JobFilter } from './job-listing.ts';
import { pageQueries, type PageRequest } from './pagination.ts';

/**
 * The listing page's filter panel turned into server-side queries, so
 * filtering, search, sorting and pagination all happen on the server and a page never downloads the
 * whole table. The server already hides what the caller may not read; these queries add the
 * listing's own rules on top.
 */

/** The first and last instant of a calendar day, as the datetime columns compare them. */
const startOfDay = (date: DateString): string => `${date}T00:00:00.000+00:00`;
const endOfDay = (date: DateString): string => `${date}T23:59:59.999+00:00`;

/**
 * The filter queries of a listing for `viewer` (null for a guest), without order or pagination:
 * - type, locations and clusters as `equal` (any of the values);
 * - search as a full-text `search` on `searchText`, whose words are OR-ed (any keyword counts);
 * - both dates: start and end both within the range; start date alone: starting on or after it;
 * - Private Filter on: private postings only; off: public postings and the viewer's own private ones;
 * - everyone but teachers: no assigned postings, and no closed or filled ones but their own.
 */
export function jobFilterQueries(filter: JobFilter, viewer: Viewer | null): string[] {
  const queries: string[] = [];
  if (filter.postingType) queries.push(Query.equal('postingType', filter.postingType));
  const words = searchWords(filter.search);
  if (words.length) queries.push(Query.search('searchText', words.join(' ')));
  if (filter.locations?.length) queries.push(Query.equal('location', [...filter.locations]));
  if (filter.clusters?.length) queries.push(Query.equal('cluster', [...filter.clusters]));
  if (filter.startDate && filter.endDate) {
    const range = [startOfDay(filter.startDate), endOfDay(filter.endDate)] as const;
    queries.push(Query.between('startDate', ...range), Query.between('endDate', ...range));
  } else if (filter.startDate) {
    queries.push(Query.greaterThanEqual('startDate', startOfDay(filter.startDate)));
  }
  // A guest owns nothing: no creator has an empty id.
  if (filter.mine) queries.push(Query.equal('creatorId', viewer?.id ?? ''));
  if (filter.privateOnly) queries.push(Query.equal('visible', false));
  else if (viewer) queries.push(Query.or([Query.equal('visible', true), Query.equal('creatorId', viewer.id)]));
  else queries.push(Query.equal('visible', true));
  if (viewer?.role !== 'teacher') {
    queries.push(Query.isNull('assignedAt'));
    // Their creator still finds them, to reopen them; `closedAs` is null while a posting is open.
    queries.push(viewer ? Query.or([Query.isNull('closedAs'), Query.equal('creatorId', viewer.id)]) : Query.isNull('closedAs'));
  }
  return queries;
}

/** The listing order: by view count (most first) when "Sort based on Views" is on, then newest first. */
export function jobOrderQueries(filter: JobFilter): string[] {
  return filter.sortByViews ? [Query.orderDesc('viewCount'), Query.orderDesc('$createdAt')] : [Query.orderDesc('$createdAt')];
}

/** Every query of one listing page: filters, order, then pagination. */
export function jobListingQueries(filter: JobFilter, viewer: Viewer | null, page?: PageRequest): string[] {
  return [...jobFilterQueries(filter, viewer), ...jobOrderQueries(filter), ...pageQueries(page)];
}
