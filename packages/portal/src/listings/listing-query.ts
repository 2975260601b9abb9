import { LISTING_ROUTES, POSTING_TYPES, type NormalizedAlertCriteria } from '@opportunity-kit/sdk/domain';
import { NO_FILTERS, type JobBoardFilters } from '@opportunity-kit/widgets';

/**
 * A listing's criteria in its address (`?q=words&location=…&cluster=…&from=…&to=…`), so a saved
 * search opens as a plain link. The listing starts with them on a new visit; Back still shows the
 * filters the entry was left with (`remembered-filters.ts`).
 */
const PARAMS = { search: 'q', location: 'location', cluster: 'cluster', startDate: 'from', endDate: 'to' } as const;

/** The listing a saved search was made on (its first posting type; the Job listing for none), with its criteria. */
export function savedSearchPath(criteria: NormalizedAlertCriteria): string {
  const route = LISTING_ROUTES[criteria.postingTypes[0] ?? POSTING_TYPES[0]];
  const query = new URLSearchParams();
  if (criteria.search) query.set(PARAMS.search, criteria.search);
  for (const location of criteria.locations) query.append(PARAMS.location, location);
  for (const cluster of criteria.clusters) query.append(PARAMS.cluster, cluster);
  if (criteria.startDate) query.set(PARAMS.startDate, criteria.startDate);
  if (criteria.startDate && criteria.endDate) query.set(PARAMS.endDate, criteria.endDate);
  const text = query.toString();
  return text ? `${route}?${text}` : route;
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
  };
}
