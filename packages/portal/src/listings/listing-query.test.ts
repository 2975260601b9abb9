import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@opportunity-kit/widgets';
import { filtersOfQuery, savedSearchPath } from './listing-query.ts';

const none = { search: null, postingTypes: [], locations: [], clusters: [], startDate: null, endDate: null };

describe('savedSearchPath and filtersOfQuery', () => {
  it('opens a saved search on its listing with every criterion it keeps', () => {
    const path = savedSearchPath({
      ...none,
      search: 'cashier evenings',
      postingTypes: ['Gig'],
      locations: ['Toronto', 'Milton'],
      startDate: '2026-12-01',
      endDate: '2027-01-31',
    });
    const url = new URL(path, 'http://portal.example');
    expect(url.pathname).toBe('/gigs');
    expect(filtersOfQuery(url.searchParams)).toEqual({
      ...NO_FILTERS,
      search: 'cashier evenings',
      locations: ['Toronto', 'Milton'],
      startDate: '2026-12-01',
      endDate: '2027-01-31',
    });
  });

  it('is the Job listing, bare, for a search of no type and nothing else, and an end alone is no range', () => {
    expect(savedSearchPath({ ...none, clusters: [] })).toBe('/job');
    expect(filtersOfQuery(new URLSearchParams('to=2027-01-31'))).toEqual(NO_FILTERS);
  });
});
