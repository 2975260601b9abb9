import type { NormalizedAlertCriteria } from '@opportunity-kit/sdk/domain';
import { formatDay } from '../embed/format.ts';

const list = (values: readonly string[]) => values.join(', ');

/**
 * A saved search's criteria in words, as the Saved page lists it, e.g.
 * `"barista" · Job · in Oakville, Milton · starting from Jan 5, 2026`.
 */
export function savedSearchWords(criteria: NormalizedAlertCriteria): string {
  const parts: string[] = [];
  if (criteria.search) parts.push(`\u201c${criteria.search}\u201d`);
  if (criteria.postingTypes.length) parts.push(list(criteria.postingTypes));
  if (criteria.locations.length) parts.push(`in ${list(criteria.locations)}`);
  if (criteria.clusters.length) parts.push(list(criteria.clusters));
  if (criteria.startDate && criteria.endDate) parts.push(`from ${formatDay(criteria.startDate)} to ${formatDay(criteria.endDate)}`);
  else if (criteria.startDate) parts.push(`starting from ${formatDay(criteria.startDate)}`);
  return parts.join(' \u00b7 ');
}
