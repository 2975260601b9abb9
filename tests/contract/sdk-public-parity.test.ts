import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFilter } from '@opportunity-kit/sdk';
import { createPublicClient, type PublicClient, type PublicJobQuery } from '@opportunity-kit/sdk/public';
import type { TestBackend } from '../support/backend.ts';
import { startPortalBackend } from '../support/portal.ts';
import { aNewGig, aNewPosting, aRecruiter, aStudent, aTeacher, guestPortal, type PortalBrowser } from '../support/portal-sdk.ts';

/**
 * The embed's fetch-based public client and the full portal client, asked as a visitor nobody signed
 * in, return the same public postings for the same filters, in the same order, as the same `Job`s.
 */

let backend: TestBackend;
let publicClient: PublicClient;
let guest: PortalBrowser;

beforeAll(async () => {
  backend = await startPortalBackend();
  publicClient = createPublicClient({ endpoint: backend.endpoint, project: backend.projectId });
  guest = guestPortal(backend);
  const [hr, mrsLee, sam] = await Promise.all([aRecruiter(backend), aTeacher(backend), aStudent(backend)]);
  await hr.portal.jobs.create(aNewPosting({ title: 'Barista', location: 'Oakville' }));
  await hr.portal.jobs.create(aNewPosting({ title: 'Cashier', company: 'Corner Market', location: 'Toronto', description: 'Run the till on Saturdays.' }));
  await hr.portal.jobs.create(aNewGig({ title: 'Dog walker', company: 'Paws', location: 'Guelph', description: 'Walk two friendly dogs.' }));
  await mrsLee.portal.jobs.create(aNewPosting({ title: 'Library helper', location: 'Oakville', visible: false }));
  const tutor = await mrsLee.portal.jobs.create(aNewPosting({ title: 'Math tutor', cluster: 'Mathematics', location: 'Oakville' }));
  await sam.portal.jobs.recordView(tutor.id);
  await sam.portal.jobs.recordView(tutor.id);
  // Public but assigned to one student: neither client shows it to a visitor (spec section 6).
  const mentor = await mrsLee.portal.jobs.create(aNewPosting({ title: 'Robotics mentor', location: 'Oakville' }));
  await mrsLee.portal.jobs.assign(mentor.id, sam.email);
});
afterAll(() => backend.close());

const cases: Array<[string, PublicJobQuery, JobFilter]> = [
  ['everything', {}, {}],
  ['one type', { postingType: 'Job' }, { postingType: 'Job' }],
  ['one location', { location: 'Oakville' }, { locations: ['Oakville'] }],
  ['a search', { search: 'saturdays paws' }, { search: 'saturdays paws' }],
  ['most viewed first', { sortByViews: true }, { sortByViews: true }],
];

describe('the public client and the full client agree on public postings', () => {
  it.each(cases)('for %s', async (_name, query, filter) => {
    const fromPublic = await publicClient.listJobs({ ...query, limit: 100 });
    const fromFull = await guest.portal.jobs.list(filter, { limit: 100 });
    expect(fromPublic.jobs.length).toBeGreaterThan(0);
    expect(fromPublic.jobs).toEqual(fromFull.items);
    expect(fromPublic.jobs.map((job) => job.title)).not.toContain('Robotics mentor');
    expect(fromPublic.total).toBe(fromFull.total);
  });

  it('for one posting read by id', async () => {
    const [first] = (await guest.portal.jobs.list()).items;
    expect(await publicClient.getJob(first!.id)).toEqual(first);
  });
});
