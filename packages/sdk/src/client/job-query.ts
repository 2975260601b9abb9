import { Query } from 'appwrite';
import type { PostingType } from '../domain/constants.ts';
import type { Viewer } from '../domain/abilities.ts';
import { matchesAlertCriteria, type AlertCriteria } from '../domain/alerts.ts';
import type { DateString } from '../domain/dates.ts';
import type { Job } from '../domain/entities.ts';
import { compareRelevance } from '../domain/search-ranking.ts';
import { pageQueries, type PageRequest } from './pagination.ts';

/**
 * The listing page's filter panel turned into server-side queries, so
 * filtering, search, sorting and pagination all happen on the server and a page never downloads the
 * whole table. The server already hides what the caller may not read; these queries add the
 * listing's own rules on top.
 */

/** What the filter panel of a listing page selects. Every field is optional. @public */
export interface JobFilter {
  /** The listing's posting type (each listing route shows one). */
  postingType?: PostingType | undefined;
  /** Free text matched against title, company, location, cluster, description and salary; any keyword counts. */
  search?: string | undefined;
  /** Any of these locations. */
  locations?: readonly string[] | undefined;
  /** Any of these clusters. */
  clusters?: readonly string[] | undefined;
  /** With `endDate`: postings whose start and end both lie in the range. Alone: postings starting on or after it. */
  startDate?: DateString | undefined;
  /** Used only together with `startDate` (the end date is disabled until a start date is set). */
  endDate?: DateString | undefined;
  /** "Sort based on Views": most viewed first, then newest. */
  sortByViews?: boolean | undefined;
  /** "Private Filter": only private postings (the server shows each viewer only those they may read). */
  privateOnly?: boolean | undefined;
  /** Only the signed-in member's own postings (nothing for a guest). */
  mine?: boolean | undefined;
  /**
   * For a student: also the postings their age does not allow yet, each marked with `ageRuling`
   * (issue 26). By default a student's listing is "Open to me": only what their age allows.
   */
  allAges?: boolean | undefined;
}

/** A listing filter as a saved search keeps it (the listing's one posting type becomes a list of one). @public */
export function alertCriteriaOf(filter: JobFilter): AlertCriteria {
  return {
    search: filter.search,
    postingTypes: filter.postingType ? [filter.postingType] : undefined,
    locations: filter.locations,
    clusters: filter.clusters,
    startDate: filter.startDate,
    endDate: filter.startDate ? filter.endDate : undefined,
  };
}

/** The first and last instant of a calendar day, as the datetime columns compare them. */
const startOfDay = (date: DateString): string => `${date}T00:00:00.000+00:00`;
const endOfDay = (date: DateString): string => `${date}T23:59:59.999+00:00`;

/** The search words of the filter, lower-cased (the `searchText` column is lower-case). */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

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

/**
 * The listing's rules (those `jobs.list` sends as queries), for one posting a live event brought: whether it
 * belongs on the listing. Search matches words as the server's full-text search does (any keyword; the last
 * one also as a prefix), so a live update and a reload agree.
 * @public
 */
export function matchesJobFilter(job: Job & { searchText?: string | null }, filter: JobFilter, viewer: Viewer | null): boolean {
  // The criteria part is the one rule saved searches are matched with on the server.
  if (!matchesAlertCriteria(job, alertCriteriaOf(filter))) return false;
  if (filter.mine && (!viewer || job.creatorId !== viewer.id)) return false;
  if (filter.privateOnly) {
    if (job.visible) return false;
  } else if (!job.visible && job.creatorId !== viewer?.id) {
    return false;
  }
  // A hidden posting stays on its creator's and teachers' listings only (the update that hides it reaches every reader first).
  if (job.hiddenReason && job.creatorId !== viewer?.id && viewer?.role !== 'teacher') return false;
  if (viewer?.role !== 'teacher') {
    if (job.assigned) return false;
    if (job.state !== 'open' && job.creatorId !== viewer?.id) return false;
  }
  return true;
}

/**
 * Orders two postings as the listing does: with a search, those matching more of it first (as
 * `jobs.list` ranks a page); then most viewed first when sorting by views, then newest first.
 */
export function compareJobs(filter: JobFilter): (a: Job, b: Job) => number {
  const relevance = searchWords(filter.search).length ? compareRelevance(filter.search ?? '') : null;
  return (a, b) => {
    const ranked = relevance?.(a, b) ?? 0;
    if (ranked) return ranked;
    if (filter.sortByViews && a.viewCount !== b.viewCount) return b.viewCount - a.viewCount;
    return a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1;
  };
}
