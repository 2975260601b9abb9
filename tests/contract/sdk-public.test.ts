import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, PublicClientError, type PublicClient } from '@opportunity-kit/sdk/public';
import type { TestBackend } from '../support/backend.ts';
import { command, recruiter, startPortalBackend, teacher, type Member } from '../support/portal.ts';
import { aPosting, type PostingBody } from '../support/postings.ts';

/**
 * `@opportunity-kit/sdk/public` against the product's backend: postings are created through the
 * `commands` function by real members, then read back by the fetch-based client as any visitor of a
 * school website would (no session): public postings only, filters, full-text search, cursor pages.
 */

let backend: TestBackend;
let client: PublicClient;
let hr: Member;
let mrsLee: Member;
const ids: Record<string, string> = {};

async function post(as: Member, key: string, overrides: Partial<PostingBody>): Promise<void> {
  const answer = await command<{ id: string }>(as, 'POST', '/jobs', aPosting(overrides));
  expect(answer.error).toBeUndefined();
  ids[key] = answer.data!.id;
}

beforeAll(async () => {
  backend = await startPortalBackend();
  client = createPublicClient({ endpoint: backend.endpoint, project: backend.projectId });
  [hr, mrsLee] = await Promise.all([recruiter(backend), teacher(backend)]);
  // Sequential, so creation order (and with it "newest first") is certain.
  await post(hr, 'barista', { title: 'Barista', company: 'Bean There Cafe', location: 'Oakville' });
  await post(hr, 'cashier', { title: 'Cashier', company: 'Corner Market', location: 'Toronto', description: 'Run the till on Saturdays.' });
  await post(hr, 'tutor', { postingType: 'Enrichment', title: 'Math tutor', company: 'Learning Lab', location: 'Oakville', cluster: null, hourlyRate: null, description: 'Tutor grade 9 algebra after school.' });
  await post(mrsLee, 'private', { title: 'Library helper (private)', company: 'School library', location: 'Oakville', visible: false, description: 'Shelve books and help the librarian.' });
  await post(hr, 'gig', { postingType: 'Gig', title: 'Dog walker', company: 'Paws', location: 'Guelph', companyWebsite: null, cluster: null, hourlyRate: null, description: 'Walk two friendly dogs.' });
});

afterAll(async () => {
  await backend.close();
});

describe('@opportunity-kit/sdk/public', () => {
  it('lists public postings only, newest first, mapped to the domain Job', async () => {
    const page = await client.listJobs();
    expect(page.jobs.map((job) => job.title)).toEqual(['Dog walker', 'Math tutor', 'Cashier', 'Barista']);
    expect(page.total).toBe(4);
    expect(page.nextCursor).toBeNull();
    const barista = page.jobs.find((job) => job.id === ids.barista)!;
    expect(barista).toMatchObject({
      title: 'Barista', company: 'Bean There Cafe', postingType: 'Job', location: 'Oakville', visible: true,
      creatorId: hr.userId, creatorEmail: hr.email, viewCount: 0, hourlyRate: '17.50/h', assignedStudentId: null,
    });
    expect(barista.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(barista).not.toHaveProperty('searchText');
  });

  it('filters by posting type and location', async () => {
    expect((await client.listJobs({ postingType: 'Job' })).jobs.map((job) => job.title)).toEqual(['Cashier', 'Barista']);
    expect((await client.listJobs({ location: 'Oakville' })).jobs.map((job) => job.title)).toEqual(['Math tutor', 'Barista']);
    const both = await client.listJobs({ postingType: 'Enrichment', location: 'Toronto' });
    expect(both).toEqual({ jobs: [], total: 0, nextCursor: null });
  });

  it('searches the full text of public postings, never a private one', async () => {
    expect((await client.listJobs({ search: 'algebra' })).jobs.map((job) => job.id)).toEqual([ids.tutor]);
    expect((await client.listJobs({ search: '  CORNER  ' })).jobs.map((job) => job.id)).toEqual([ids.cashier]);
    expect((await client.listJobs({ search: 'librarian' })).jobs).toEqual([]);
    expect((await client.listJobs({ search: 'walk', postingType: 'Job' })).jobs).toEqual([]);
  });

  it('pages with a cursor until the last page, which says so', async () => {
    const first = await client.listJobs({ limit: 3 });
    expect(first.jobs.map((job) => job.title)).toEqual(['Dog walker', 'Math tutor', 'Cashier']);
    expect(first.nextCursor).toBe(ids.cashier);
    const second = await client.listJobs({ limit: 3, cursor: first.nextCursor! });
    expect(second.jobs.map((job) => job.title)).toEqual(['Barista']);
    expect(second.nextCursor).toBeNull();
    const exact = await client.listJobs({ limit: 2, cursor: (await client.listJobs({ limit: 2 })).nextCursor! });
    expect(exact.jobs.map((job) => job.title)).toEqual(['Cashier', 'Barista']);
    expect(exact.nextCursor).toBeNull();
  });

  it('gets a public posting by id', async () => {
    const job = await client.getJob(ids.gig!);
    expect(job).toMatchObject({ id: ids.gig, title: 'Dog walker', postingType: 'Gig', location: 'Guelph', companyWebsite: null });
  });

  it('answers not-found for a missing posting and for a private one alike', async () => {
    for (const id of ['doesnotexist', ids.private!]) {
      const error = await client.getJob(id).then(() => undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(PublicClientError);
      expect(error).toMatchObject({ code: 'not-found', status: 404, type: 'row_not_found' });
    }
  });

  it('reports a wrong project and an unreachable endpoint as typed errors', async () => {
    const wrongProject = createPublicClient({ endpoint: backend.endpoint, project: 'no-such-project' });
    await expect(wrongProject.listJobs()).rejects.toMatchObject({ code: 'request-failed', status: 404, type: 'project_not_found' });
    const offline = createPublicClient({ endpoint: 'http://127.0.0.1:9/v1', project: backend.projectId });
    await expect(offline.listJobs()).rejects.toMatchObject({ name: 'PublicClientError', code: 'network', status: 0 });
  });

  it('builds the image URL of a posting that has one', () => {
    expect(client.imageUrl({ imageFileId: null })).toBeNull();
    expect(client.imageUrl({ imageFileId: 'abc' })).toBe(`${backend.endpoint}/storage/buckets/job-images/files/abc/view?project=${backend.projectId}`);
  });
});
