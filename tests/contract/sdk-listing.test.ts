import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobFilter, PortalClient } from '@opportunity-kit/sdk';
import { expectCount, onlyOwn, type TestBackend } from '../support/backend.ts';
import { startPortalBackend } from '../support/portal.ts';
import { dayFromNow } from '../support/postings.ts';
import { allPages, aNewGig, aNewPosting, aRecruiter, aStudent, aTeacher, guestPortal, type PortalMember } from '../support/portal-sdk.ts';

/**
 * The listing page's semantics through `jobs.list`, against the product's backend: type, free-text
 * search over the spec's fields, locations, clusters, the both-dates rule, "Sort based on Views",
 * the Private Filter, assigned postings hidden from non-teachers, and cursor pagination. The data
 * set is made once, in creation order, by real members through the `commands` function.
 */

let backend: TestBackend;
let hr: PortalMember;
let mrsLee: PortalMember;
let mrKim: PortalMember;
let sam: PortalMember;
const id: Record<string, string> = {};

beforeAll(async () => {
  backend = await startPortalBackend();
  [hr, mrsLee, mrKim, sam] = await Promise.all([aRecruiter(backend), aTeacher(backend), aTeacher(backend), aStudent(backend)]);
  // Sequential, so "newest first" is the reverse of this order.
  const make = async (key: string, by: PortalMember, posting: Parameters<PortalClient['jobs']['create']>[0]) => {
    id[key] = (await by.portal.jobs.create(posting)).id;
  };
  await make('barista', hr, aNewPosting({ title: 'Barista', location: 'Oakville', startDate: dayFromNow(10), endDate: dayFromNow(40) }));
  await make(
    'lab',
    hr,
    aNewPosting({
      title: 'Lab assistant',
      company: 'Hamilton Labs',
      cluster: 'Chemistry',
      location: 'Hamilton',
      description: 'Wash glassware.',
      hourlyRate: '19/h',
      startDate: dayFromNow(20),
      endDate: dayFromNow(90),
    }),
  );
  await make(
    'dogs',
    hr,
    aNewGig({
      title: 'Dog walking',
      company: 'Paws',
      location: 'Milton',
      description: 'Walk two friendly dogs.',
      startDate: null,
      endDate: null,
      applicationDeadline: null,
    }),
  );
  await make(
    'library',
    mrsLee,
    aNewPosting({ title: 'Library helper', company: 'School library', cluster: 'Education', location: 'Oakville', visible: false, hourlyRate: null }),
  );
  await make('tutor', mrsLee, aNewPosting({ title: 'Math tutor', company: 'Learning Lab', cluster: 'Mathematics', location: 'Toronto', hourlyRate: '21/h' }));
  await make(
    'cashier',
    hr,
    aNewPosting({
      title: 'Cashier',
      company: 'Corner Market',
      cluster: 'Sales',
      location: 'Burlington',
      description: 'Run the till on Saturdays.',
      startDate: dayFromNow(12),
      endDate: dayFromNow(30),
    }),
  );
  await mrsLee.portal.jobs.assign(id.tutor as string, sam.email);
});
afterAll(() => backend.close());

/** The names of this file's postings in a list; on a shared real Appwrite, other postings are left out. */
const named = (jobs: Job[]): string[] => {
  const byId = Object.fromEntries(Object.entries(id).map(([key, value]) => [value, key]));
  return onlyOwn(jobs, (job) => job.id in byId).map((job) => byId[job.id] ?? job.id);
};

/** What a listing shows, all its pages. */
async function list(who: PortalMember | PortalClient, filter: JobFilter = {}): Promise<string[]> {
  const client = 'portal' in who ? who.portal : who;
  return named((await allPages((page) => client.jobs.list(filter, page))).flatMap((page) => page.items));
}

describe('filters', () => {
  it('shows one posting type, newest first', async () => {
    expect(await list(hr, { postingType: 'Job' })).toEqual(['cashier', 'lab', 'barista']);
    expect(await list(hr, { postingType: 'Gig' })).toEqual(['dogs']);
    expect(await list(hr, { postingType: 'Volunteering' })).toEqual([]);
  });

  it('searches title, company, location, cluster, description and salary, case-insensitively, any keyword counting', async () => {
    expect(await list(hr, { search: 'BARISTA' })).toEqual(['barista']);
    expect(await list(hr, { search: 'hamilton' })).toEqual(['lab']);
    expect(await list(hr, { search: 'chemistry' })).toEqual(['lab']);
    expect(await list(hr, { search: 'saturdays' })).toEqual(['cashier']);
    expect(await list(hr, { search: 'paws' })).toEqual(['dogs']);
    expect(await list(hr, { search: '19' })).toEqual(['lab']);
    expect(await list(hr, { search: 'plumber cashier barista' })).toEqual(['cashier', 'barista']);
  });

  it('keeps any of the chosen locations and clusters', async () => {
    expect(await list(hr, { locations: ['Hamilton', 'Milton'] })).toEqual(['dogs', 'lab']);
    expect(await list(hr, { clusters: ['Chemistry', 'Sales'] })).toEqual(['cashier', 'lab']);
    expect(await list(hr, { postingType: 'Job', locations: ['Oakville'], clusters: ['Chemistry'] })).toEqual([]);
  });

  it('with both dates keeps only postings whose start and end both lie in the range', async () => {
    expect(await list(hr, { startDate: dayFromNow(5), endDate: dayFromNow(50) })).toEqual(['cashier', 'barista']);
    expect(await list(hr, { startDate: dayFromNow(11), endDate: dayFromNow(95) })).toEqual(['cashier', 'lab']);
    // The range's last day counts in full.
    expect(await list(hr, { startDate: dayFromNow(10), endDate: dayFromNow(40) })).toEqual(['cashier', 'barista']);
  });

  it('with a start date alone keeps postings starting on or after it; an end date alone changes nothing', async () => {
    expect(await list(hr, { startDate: dayFromNow(11) })).toEqual(['cashier', 'lab']);
    expect(await list(hr, { endDate: dayFromNow(1) })).toEqual(await list(hr));
  });
});

describe('who sees what', () => {
  it('shows private postings only to their creator, unless the Private Filter is on', async () => {
    expect(await list(mrsLee, { postingType: 'Job' })).toEqual(['cashier', 'tutor', 'library', 'lab', 'barista']);
    expect(await list(mrKim, { postingType: 'Job' })).toEqual(['cashier', 'tutor', 'lab', 'barista']);
    expect(await list(mrKim, { privateOnly: true })).toEqual(['library']);
    expect(await list(mrsLee, { privateOnly: true })).toEqual(['library']);
    // The server never lets a recruiter or a student read another's private posting.
    expect(await list(hr, { privateOnly: true })).toEqual([]);
    expect(await list(sam, { privateOnly: true })).toEqual([]);
  });

  it('hides assigned postings from everyone but teachers, the assigned student included', async () => {
    expect(await list(mrKim, { search: 'tutor' })).toEqual(['tutor']);
    expect(await list(hr, { search: 'tutor' })).toEqual([]);
    expect(await list(sam, { search: 'tutor' })).toEqual([]);
    expect(await list(guestPortal(backend).portal, { search: 'tutor' })).toEqual([]);
  });

  it('shows a guest the public, unassigned postings', async () => {
    expect(await list(guestPortal(backend).portal)).toEqual(['cashier', 'dogs', 'lab', 'barista']);
  });
});

describe('order and pages', () => {
  it('sorts by view count when "Sort based on Views" is on, then newest first', async () => {
    for (let view = 0; view < 3; view++) await sam.portal.jobs.recordView(id.lab as string);
    await sam.portal.jobs.recordView(id.barista as string);
    expect(await list(hr, { sortByViews: true })).toEqual(['lab', 'barista', 'cashier', 'dogs']);
    expect(await list(hr)).toEqual(['cashier', 'dogs', 'lab', 'barista']);
  });

  it('pages with a cursor until the last page, which says so', async () => {
    const seen: Job[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await mrsLee.portal.jobs.list({ sortByViews: true }, { limit: 2, cursor });
      expect(page.items.length).toBeLessThanOrEqual(2);
      expectCount(page.total, 6);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expectCount(pages, 3);
    expect(named(seen)).toEqual(await list(mrsLee, { sortByViews: true }));
  });
});
