import { describe, expect, it } from 'vitest';
import { aJob } from '../testing/builders.ts';
import { compareJobs } from '../client/job-listing.ts';
import { rankBySearch, searchRelevance } from './search-ranking.ts';

const cashier = aJob({
  id: 'cashier',
  title: 'Cashier (part-time, evenings and weekends)',
  company: 'Greenleaf Markets',
  description: 'Run the till. Two weeknight evenings and one weekend day.',
  createdAt: '2026-11-01T09:00:00.000+00:00',
});
const taxClinic = aJob({
  id: 'tax',
  title: 'Tax Clinic Assistant',
  company: 'Brampton Community Tax Clinic',
  description: 'Greet clients and organise documents. Evenings.',
  createdAt: '2026-11-20T09:00:00.000+00:00',
});
const evenings = aJob({
  id: 'evenings',
  title: 'Evenings helper',
  company: 'Library',
  description: 'Shelving books.',
  createdAt: '2026-11-10T09:00:00.000+00:00',
});

describe('search ranking (issue 25)', () => {
  it('counts the query words a posting holds, and those in its title', () => {
    expect(searchRelevance(cashier, 'Cashier evenings')).toEqual({ matched: 2, inTitle: 2 });
    expect(searchRelevance(taxClinic, 'Cashier evenings')).toEqual({ matched: 1, inTitle: 0 });
    expect(searchRelevance(evenings, 'Cashier evenings')).toEqual({ matched: 1, inTitle: 1 });
    // The last word also matches the start of a word, as the server's search does.
    expect(searchRelevance(cashier, 'week')).toEqual({ matched: 1, inTitle: 1 });
    expect(searchRelevance(cashier, 'week till')).toEqual({ matched: 1, inTitle: 0 });
  });

  it('puts more matched words first, then title matches above description-only ones, then keeps the listing order (newest)', () => {
    // The server's order: newest first.
    const page = [taxClinic, evenings, cashier];
    expect(rankBySearch(page, 'Cashier evenings').map((job) => job.id)).toEqual(['cashier', 'evenings', 'tax']);
    expect(rankBySearch(page, '  ').map((job) => job.id)).toEqual(['tax', 'evenings', 'cashier']);
  });

  it('orders a posting a live update brings in as a page is ranked', () => {
    const compare = compareJobs({ search: 'Cashier evenings' });
    expect([taxClinic, evenings, cashier].sort(compare).map((job) => job.id)).toEqual(['cashier', 'evenings', 'tax']);
    // Without a search, newest first as before.
    expect([cashier, taxClinic, evenings].sort(compareJobs({})).map((job) => job.id)).toEqual(['tax', 'evenings', 'cashier']);
  });
});
