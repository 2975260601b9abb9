import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@opportunity-kit/widgets';
import { filtersOfQuery, onlySearchDiffers, queryOfFilters, savedSearchPath } from './listing-query.ts';

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

describe('queryOfFilters', () => {
  it('keeps every filter of the panel, sort and private switch included, and reads them back', () => {
    const filters = {
      search: 'cashier evenings',
      locations: ['Toronto', 'Milton'],
      clusters: ['Accounting'],
      startDate: '2026-12-01',
      endDate: '2027-01-31',
      sortByViews: true,
      privateOnly: true,
      allAges: true,
    };
    const query = queryOfFilters(filters);
    expect(query).toBe('?q=cashier+evenings&location=Toronto&location=Milton&cluster=Accounting&from=2026-12-01&to=2027-01-31&sort=views&private=1&ages=all');
    expect(filtersOfQuery(new URLSearchParams(query))).toEqual(filters);
    expect(queryOfFilters(NO_FILTERS)).toBe('');
  });

  it('tells typing (only the search changed) from a deliberate filter change', () => {
    expect(onlySearchDiffers(NO_FILTERS, { ...NO_FILTERS, search: 'cash' })).toBe(true);
    expect(onlySearchDiffers({ ...NO_FILTERS, search: 'cash' }, { ...NO_FILTERS, search: 'cash', locations: ['Toronto'] })).toBe(false);
  });
});
