import { LISTING_ROUTES, POSTING_TYPES, type NormalizedAlertCriteria } from '@opportunity-kit/sdk/domain';
import { NO_FILTERS, type JobBoardFilters } from '@opportunity-kit/widgets';

/**
 * A listing's filters in its address (`?q=words&location=…&cluster=…&from=…&to=…&sort=views&private=1`):
 * the one encoding the listing keeps its filters in (so reload, Back and a shared link show them) and a
 * saved search's "Open" link is built with.
 */
const PARAMS = {
  search: 'q',
  location: 'location',
  cluster: 'cluster',
  startDate: 'from',
  endDate: 'to',
  sort: 'sort',
  privateOnly: 'private',
  allAges: 'ages',
} as const;

/** The `sort` value of "Sort based on Views"; the listing's own order (newest first) has none. */
const SORT_BY_VIEWS = 'views';

/** The query string (`?…`, or empty for no filters) of a listing showing `filters`. */
export function queryOfFilters(filters: JobBoardFilters): string {
  const query = new URLSearchParams();
  // The text as typed: the board searches its words, and the field shows it back as it was.
  if (filters.search.trim()) query.set(PARAMS.search, filters.search);
  for (const location of filters.locations) query.append(PARAMS.location, location);
  for (const cluster of filters.clusters) query.append(PARAMS.cluster, cluster);
  if (filters.startDate) query.set(PARAMS.startDate, filters.startDate);
  if (filters.startDate && filters.endDate) query.set(PARAMS.endDate, filters.endDate);
  if (filters.sortByViews) query.set(PARAMS.sort, SORT_BY_VIEWS);
  if (filters.privateOnly) query.set(PARAMS.privateOnly, '1');
  if (filters.allAges) query.set(PARAMS.allAges, 'all');
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The filters a listing's address asks for; whatever it does not set is as on a new visit. */
export function filtersOfQuery(query: URLSearchParams): JobBoardFilters {
  const startDate = query.get(PARAMS.startDate)?.trim() || undefined;
  return {
    ...NO_FILTERS,
    search: (query.get(PARAMS.search) ?? '').trim(),
    locations: query.getAll(PARAMS.location),
    clusters: query.getAll(PARAMS.cluster),
    startDate,
    endDate: startDate ? query.get(PARAMS.endDate)?.trim() || undefined : undefined,
    sortByViews: query.get(PARAMS.sort) === SORT_BY_VIEWS,
    privateOnly: query.get(PARAMS.privateOnly) === '1',
    allAges: query.get(PARAMS.allAges) === 'all',
  };
}

/** The listing a saved search was made on (its first posting type; the Job listing for none), with its criteria. */
export function savedSearchPath(criteria: NormalizedAlertCriteria): string {
  const route = LISTING_ROUTES[criteria.postingTypes[0] ?? POSTING_TYPES[0]];
  return `${route}${queryOfFilters({
    ...NO_FILTERS,
    search: criteria.search ?? '',
    locations: criteria.locations,
    clusters: criteria.clusters,
    startDate: criteria.startDate ?? undefined,
    endDate: criteria.endDate ?? undefined,
  })}`;
}

/** Whether two panel states differ only in their search text (typing, as opposed to a deliberate filter change). */
export function onlySearchDiffers(before: JobBoardFilters, after: JobBoardFilters): boolean {
  return queryOfFilters({ ...before, search: '' }) === queryOfFilters({ ...after, search: '' });
}
