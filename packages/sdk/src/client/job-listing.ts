import type { Viewer } from '../domain/abilities.ts';
import { matchesAlertCriteria, type AlertCriteria } from '../domain/alerts.ts';
import type { PostingType } from '../domain/constants.ts';
import type { DateString } from '../domain/dates.ts';
import type { Job } from '../domain/entities.ts';
import { compareRelevance } from '../domain/search-ranking.ts';
import type { LiveAction } from './live.ts';
import type { Page } from './pagination.ts';

/**
 * A listing's filter and the rules that follow from it in the browser: whether a posting belongs on
 * the listing, in which order, and the shown page after a live change. Pure, with no `appwrite` import,
 * so a widget that keeps a listing fresh does not bring the web SDK (`job-query.ts` turns the same
 * filter into the server's queries).
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

/** The search words of the filter, lower-cased (the `searchText` column is lower-case). */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
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

/** A posting created, changed or removed while a listing is open. @public */
export interface JobChange {
  /** What happened to the posting. */
  action: LiveAction;
  /** The posting as it is now (for `delete`, as it was). */
  job: Job;
  /** Whether the posting belongs on the listing's filter (for `delete`: whether it did). */
  matches: boolean;
}

/**
 * The listing page after a live change: a removed posting leaves it; a new or changed posting that
 * matches the filter takes its place in the listing's order, within the rows already loaded (or at
 * the end once the last page is loaded); one that no longer matches leaves it. `total` follows the
 * creates and removals, and `nextCursor` stays the last loaded posting.
 * @public
 */
export function applyJobChange(page: Page<Job>, change: JobChange, filter: JobFilter): Page<Job> {
  const items = page.items.filter((job) => job.id !== change.job.id);
  const wasListed = items.length < page.items.length;
  let total = page.total;
  if (change.action === 'delete') {
    if (wasListed || change.matches) total -= 1;
  } else if (change.matches) {
    const compare = compareJobs(filter);
    const at = items.findIndex((job) => compare(change.job, job) < 0);
    if (at >= 0) items.splice(at, 0, change.job);
    else if (page.nextCursor === null) items.push(change.job);
    if (change.action === 'create' && !wasListed) total += 1;
  } else if (wasListed) {
    total -= 1;
  }
  const last = items[items.length - 1];
  // A ranked page (a search) is not in the server's order: its cursor stays the row it was, while that row is shown.
  const keptCursor = searchWords(filter.search).length > 0 && items.some((job) => job.id === page.nextCursor);
  return { items, total: Math.max(0, total), nextCursor: page.nextCursor === null ? null : keptCursor ? page.nextCursor : (last?.id ?? page.nextCursor) };
}
