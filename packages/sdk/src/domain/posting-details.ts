import type { RulePackId } from './youth-rules.ts';

/**
 * What a posting says of its pay, its kind of employment and its address in parts (issue 28), as
 * search engines' JobPosting data needs them: the free-text salary and address stay for display.
 * Its own module, apart from the form's rules in `validation.ts`: the embed's JobPosting data and a
 * detail view read these without loading the youth-work rule packs.
 */

/** The kinds of employment a Job posting may state: Google's JobPosting `employmentType` values. @public */
export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'] as const;
/** @public */
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** How the form and the detail views name each employment type. @public */
export const EMPLOYMENT_TYPE_LABELS: Readonly<Record<EmploymentType, string>> = {
  FULL_TIME: 'Full-time',
  PART_TIME: 'Part-time',
  CONTRACTOR: 'Contract',
  TEMPORARY: 'Temporary',
  INTERN: 'Internship',
  VOLUNTEER: 'Volunteer',
  PER_DIEM: 'Per diem (day by day)',
  OTHER: 'Other',
};

/**
 * What a numeric pay is counted per (Google's `unitText` HOUR, DAY, WEEK, MONTH, in lower case). No
 * yearly salary: the `payRate` column holds at most 10,000.
 * @public
 */
export const PAY_UNITS = ['hour', 'day', 'week', 'month'] as const;
/** @public */
export type PayUnit = (typeof PAY_UNITS)[number];

/** The most a pay may be per unit (the `payRate` column holds at most 10,000). @public */
export const MAX_PAY: Readonly<Record<PayUnit, number>> = { hour: 500, day: 5000, week: 10000, month: 10000 };

/** The region and country a board's postings are in unless they say otherwise, by the board's rule pack. @public */
export interface BoardPlace {
  /** Province or state code (ISO 3166-2 without the country), e.g. `ON`; null when the pack names none. */
  addressRegion: string | null;
  /** ISO 3166-1 alpha-2, e.g. `CA`. */
  addressCountry: string;
}

/** Ontario's boards post in Ontario, Canada; a US board's pack names no state. @public */
export const BOARD_PLACES: Readonly<Record<RulePackId, BoardPlace>> = {
  ontario: { addressRegion: 'ON', addressCountry: 'CA' },
  'us-federal': { addressRegion: null, addressCountry: 'US' },
};

/** A postal code as written in `country` (Canada: `A1A 1A1`, upper case; US: a ZIP or ZIP+4), or undefined when it is not one. @public */
export function postalCodeOf(value: string, country: string | null): string | undefined {
  const text = value.trim().toUpperCase();
  if (country === 'CA') {
    const match = /^([A-CEGHJ-NPRSTVXY]\d[A-CEGHJ-NPRSTV-Z]) ?(\d[A-CEGHJ-NPRSTV-Z]\d)$/.exec(text);
    return match ? `${match[1]} ${match[2]}` : undefined;
  }
  if (country === 'US') return /^\d{5}(-\d{4})?$/.test(text) ? text : undefined;
  return /^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(text) ? text : undefined;
}

/**
 * The street part of a free-text address from before the parts (issue 28): what precedes its city and
 * province (`50 Main St N, Brampton, ON` gives `50 Main St N`), or the whole text when it ends with neither.
 * @public
 */
export function streetOfAddress(address: string | null | undefined, location: string, region: string | null = 'ON'): string | null {
  const parts = (address ?? '').split(',');
  while (parts.length > 1 && [location, region].some((place) => place?.toLowerCase() === parts[parts.length - 1]?.trim().toLowerCase())) parts.pop();
  return parts.join(',').trim() || null;
}

/** The address parts a posting may carry (all optional: postings from before them have none). @public */
export type PostingPlaceFields = {
  location: string;
  address?: string | null;
  streetAddress?: string | null;
  postalCode?: string | null;
  addressRegion?: string | null;
};

/**
 * Where a posting is, named once for a detail view: the street, the city (its location), the province
 * and postal code (`50 Main St N, Brampton, ON L6V 1N6`). A free-text address from before the parts
 * gives its street, without the city and province it named.
 * @public
 */
export function postingPlace(job: PostingPlaceFields): string {
  const street = job.streetAddress?.trim() || streetOfAddress(job.address, job.location);
  return [street, job.location, [job.addressRegion, job.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
