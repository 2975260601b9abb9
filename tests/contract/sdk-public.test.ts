import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@opportunity-kit/sdk';
import { createPublicClient, PublicClientError, type PublicClient, type PublicJobPage, type PublicJobQuery } from '@opportunity-kit/sdk/public';
import { expectCount, itLocal, onlyOwn, type TestBackend } from '../support/backend.ts';
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
  await post(hr, 'tutor', {
    postingType: 'Enrichment',
    title: 'Math tutor',
    company: 'Learning Lab',
    location: 'Oakville',
    cluster: null,
    hourlyRate: null,
    description: 'Tutor grade 9 algebra after school.',
  });
  await post(mrsLee, 'private', {
    title: 'Library helper (private)',
    company: 'School library',
    location: 'Oakville',
    visible: false,
    description: 'Shelve books and help the librarian.',
  });
  await post(hr, 'gig', {
    postingType: 'Gig',
    title: 'Dog walker',
    company: 'Paws',
    location: 'Guelph',
    companyWebsite: null,
    cluster: null,
    hourlyRate: null,
    description: 'Walk two friendly dogs.',
  });
});

afterAll(async () => {
  await backend.close();
});

/** Every page of a listing, from the first to the one that has no next cursor. */
async function pagesOf(query: PublicJobQuery): Promise<PublicJobPage[]> {
  const pages: PublicJobPage[] = [];
  let cursor: string | null = null;
  do {
    const page: PublicJobPage = await client.listJobs({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

const made = (job: Job): boolean => Object.values(ids).includes(job.id);
const titles = (jobs: readonly Job[]): string[] => jobs.map((job) => job.title);

/** The postings a listing shows, all pages (on a shared real Appwrite, those this file made). */
async function shown(query: PublicJobQuery = {}): Promise<Job[]> {
  return onlyOwn(
    (await pagesOf({ limit: 100, ...query })).flatMap((page) => page.jobs),
    made,
  );
}

describe('@opportunity-kit/sdk/public', () => {
  it('lists public postings only, newest first, mapped to the domain Job', async () => {
    const jobs = await shown();
    expect(titles(jobs)).toEqual(['Dog walker', 'Math tutor', 'Cashier', 'Barista']);
    expectCount((await client.listJobs()).total, 4);
    const barista = jobs.find((job) => job.id === ids.barista)!;
    expect(barista).toMatchObject({
      title: 'Barista',
      company: 'Bean There Cafe',
      postingType: 'Job',
      location: 'Oakville',
      visible: true,
      creatorId: hr.userId,
      creatorEmail: hr.email,
      viewCount: 0,
      hourlyRate: '17.50/h',
      assignedStudentId: null,
    });
    expect(barista.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(barista).not.toHaveProperty('searchText');
  });

  it('filters by posting type and location', async () => {
    expect(titles(await shown({ postingType: 'Job' }))).toEqual(['Cashier', 'Barista']);
    expect(titles(await shown({ location: 'Oakville' }))).toEqual(['Math tutor', 'Barista']);
    const both = await client.listJobs({ postingType: 'Enrichment', location: 'Toronto' });
    expect(onlyOwn(both.jobs, made)).toEqual([]);
    expectCount(both.total, 0);
  });

  it('searches the full text of public postings, never a private one', async () => {
    expect((await shown({ search: 'algebra' })).map((job) => job.id)).toEqual([ids.tutor]);
    expect((await shown({ search: '  CORNER  ' })).map((job) => job.id)).toEqual([ids.cashier]);
    expect(await shown({ search: 'librarian' })).toEqual([]);
    expect(await shown({ search: 'walk', postingType: 'Job' })).toEqual([]);
  });

  it('pages with a cursor until the last page, which says so', async () => {
    const pages = await pagesOf({ limit: 3 });
    expectCount(pages.length, 2);
    for (const page of pages.slice(0, -1)) {
      expect(page.jobs).toHaveLength(3);
      expect(page.nextCursor).toBe(page.jobs.at(-1)?.id);
    }
    expect(pages.at(-1)!.jobs.length).toBeLessThanOrEqual(3);
    expect(
      titles(
        onlyOwn(
          pages.flatMap((page) => page.jobs),
          made,
        ),
      ),
    ).toEqual(['Dog walker', 'Math tutor', 'Cashier', 'Barista']);
  });

  // Local only: it needs the listing to hold this file's postings alone, so that its last page is
  // exactly full; a real Appwrite's portal holds other test files' postings too.
  itLocal('says a last page that is exactly full is the last', async () => {
    const exact = await client.listJobs({ limit: 2, cursor: (await client.listJobs({ limit: 2 })).nextCursor! });
    expect(titles(exact.jobs)).toEqual(['Cashier', 'Barista']);
    expect(exact.nextCursor).toBeNull();
  });

  it('gets a public posting by id', async () => {
    const job = await client.getJob(ids.gig!);
    expect(job).toMatchObject({ id: ids.gig, title: 'Dog walker', postingType: 'Gig', location: 'Guelph', companyWebsite: null });
  });

  it('answers not-found for a missing posting and for a private one alike', async () => {
    for (const id of ['doesnotexist', ids.private!]) {
      const error = await client.getJob(id).then(
        () => undefined,
        (caught: unknown) => caught,
      );
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
