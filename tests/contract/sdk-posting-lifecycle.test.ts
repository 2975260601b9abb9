import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSubmission, Job } from '@opportunity-kit/sdk';
import { MESSAGES, myApplicationMessage } from '@opportunity-kit/sdk/domain';
import { createPublicClient } from '@opportunity-kit/sdk/public';
import { type TestBackend } from '../support/backend.ts';
import { startPortalBackend, uniqueLocal, uploadsOf } from '../support/portal.ts';
import { aNewPosting, aPdf, aRecruiter, aStudent, aTeacher, guestPortal, refusal, type PortalMember } from '../support/portal-sdk.ts';

/**
 * What happens to postings and applications after they are made (issue 14): a student sees what
 * they applied to, withdraws a pending application, keeps one whose posting was removed as
 * history; those who manage a posting edit it, close it, mark it filled and reopen it.
 */

let backend: TestBackend;
let hr: PortalMember;
let otherHr: PortalMember;
let mrsLee: PortalMember;
let sam: PortalMember;
let ana: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  [hr, otherHr, mrsLee, sam, ana] = await Promise.all([aRecruiter(backend), aRecruiter(backend), aTeacher(backend), aStudent(backend), aStudent(backend)]);
});
afterAll(() => backend.close());

function anApplication(jobId: string): ApplicationSubmission {
  return { jobId, relevantExperiences: 'Two summers at a cafe.', interestInRole: 'People.', careerGoals: 'Hospitality.', resume: aPdf() };
}

/** The unique word in a posting's title, which a search finds it alone by. */
const tokenOf = (job: Job): string => job.title.split(' ').at(-1) as string;

const aJob = (overrides: Parameters<typeof aNewPosting>[0] = {}): Promise<Job> =>
  hr.portal.jobs.create(aNewPosting({ title: uniqueLocal('Barista '), ...overrides }));

describe('applied state', () => {
  it('tells the student which postings of a page they applied to, with the status, in one call', async () => {
    const [applied, other] = await Promise.all([aJob(), aJob()]);
    const application = await sam.portal.applications.submit(anApplication(applied.id));
    const states = await sam.portal.applications.appliedTo([applied.id, other.id]);
    expect([...states.keys()]).toEqual([applied.id]);
    expect(states.get(applied.id)).toEqual({
      applicationId: application.id,
      jobId: applied.id,
      status: 'pending',
      postingRemoved: false,
      appliedAt: application.createdAt,
    });
    await hr.portal.applications.setStatus(application.id, 'accepted');
    expect((await sam.portal.applications.appliedTo([applied.id])).get(applied.id)?.status).toBe('accepted');
  });

  it("is empty for another student, a teacher and a guest: nobody learns of others' applications", async () => {
    const job = await aJob();
    await sam.portal.applications.submit(anApplication(job.id));
    expect((await ana.portal.applications.appliedTo([job.id])).size).toBe(0);
    expect((await mrsLee.portal.applications.appliedTo([job.id])).size).toBe(0);
    expect((await guestPortal(backend).portal.applications.appliedTo([job.id])).size).toBe(0);
  });
});

describe('withdraw while pending', () => {
  it('takes the application away for the employer too, frees the resume, and lets the student apply again', async () => {
    const job = await aJob();
    const application = await sam.portal.applications.submit(anApplication(job.id));
    const resumes = await uploadsOf(sam, 'resumes');
    await sam.portal.applications.withdraw(application.id);
    const managed = await hr.portal.applications.listForManager();
    expect(managed.items.map((item) => item.id)).not.toContain(application.id);
    expect((await sam.portal.applications.appliedTo([job.id])).size).toBe(0);
    expect(await uploadsOf(sam, 'resumes')).toBe(resumes - 1);
    expect((await sam.portal.applications.submit(anApplication(job.id))).status).toBe('pending');
  });

  it("is refused for someone else's application and after a decision", async () => {
    const job = await aJob();
    const application = await sam.portal.applications.submit(anApplication(job.id));
    await refusal(ana.portal.applications.withdraw(application.id), 'not-found');
    const byCreator = await refusal(hr.portal.applications.withdraw(application.id), 'not-allowed');
    expect(byCreator.message).toBe('Only the applicant can withdraw an application.');
    await hr.portal.applications.setStatus(application.id, 'rejected');
    const decided = await refusal(sam.portal.applications.withdraw(application.id), 'not-allowed');
    expect(decided.message).toBe(MESSAGES.onlyPendingWithdrawn);
    expect((await hr.portal.applications.listForManager({ status: 'rejected' })).items.map((item) => item.id)).toContain(application.id);
  });
});

describe('a removed posting', () => {
  it('leaves its applications in My applications, marked as removed instead of "Not selected"', async () => {
    const job = await aJob();
    const application = await sam.portal.applications.submit(anApplication(job.id));
    await hr.portal.jobs.remove(job.id);
    const mine = (await sam.portal.applications.listMine()).items.find((item) => item.id === application.id);
    expect(mine).toMatchObject({ jobId: job.id, jobTitle: job.title, status: 'pending', postingRemoved: true });
    expect(myApplicationMessage(mine as NonNullable<typeof mine>)).toBe('This posting was removed');
    expect((await sam.portal.applications.appliedTo([job.id])).get(job.id)?.postingRemoved).toBe(true);
  });
});

describe('edit', () => {
  it('lets the creator and teachers change the fields, under the rules of posting', async () => {
    const job = await aJob({ title: 'Barista' });
    const edited = await hr.portal.jobs.edit(job.id, aNewPosting({ title: 'Head Barista', description: 'Now with latte art.' }));
    expect(edited).toMatchObject({ id: job.id, title: 'Head Barista', description: 'Now with latte art.', creatorId: hr.userId, viewCount: 0 });
    expect(await sam.portal.jobs.get(job.id)).toMatchObject({ title: 'Head Barista' });
    expect(await sam.portal.jobs.list({ search: 'latte' })).toMatchObject({ items: [{ id: job.id }] });

    const privately = await mrsLee.portal.jobs.edit(job.id, aNewPosting({ title: 'Head Barista', visible: false }));
    expect(privately.visible).toBe(false);
    expect(await guestPortal(backend).portal.jobs.get(job.id)).toBeNull();
    expect((await hr.portal.jobs.get(job.id))?.title).toBe('Head Barista');
  });

  it('refuses others as not-allowed, and form mistakes field by field', async () => {
    const job = await aJob();
    const other = await refusal(otherHr.portal.jobs.edit(job.id, aNewPosting()), 'not-allowed');
    expect(other.message).toBe('Only the creator of this opportunity or a teacher can edit it.');
    await refusal(sam.portal.jobs.edit(job.id, aNewPosting()), 'not-allowed');
    const privately = await refusal(hr.portal.jobs.edit(job.id, aNewPosting({ visible: false })), 'not-allowed');
    expect(privately.message).toBe('Only teachers can post private opportunities');
    const mistakes = await refusal(hr.portal.jobs.edit(job.id, aNewPosting({ title: ' ', location: 'Atlantis' })), 'invalid-input');
    expect(mistakes.fields).toEqual({ title: 'Please enter a title', location: 'Please choose one of the listed locations' });
    await refusal(hr.portal.jobs.edit('nosuchposting', aNewPosting()), 'not-found');
    expect((await hr.portal.jobs.get(job.id))?.title).toBe(job.title);
  });
});

describe('closed and filled', () => {
  it('takes a closed posting off the students’ and the public listings, keeps it for its creator, and refuses new applications', async () => {
    const job = await aJob();
    const earlier = await ana.portal.applications.submit(anApplication(job.id));
    expect(await hr.portal.jobs.setState(job.id, 'closed')).toMatchObject({ id: job.id, state: 'closed' });

    expect((await sam.portal.jobs.list({ search: tokenOf(job) })).items.map((item) => item.id)).not.toContain(job.id);
    expect((await guestPortal(backend).portal.jobs.list({ search: tokenOf(job) })).items.map((item) => item.id)).not.toContain(job.id);
    const board = createPublicClient({ endpoint: backend.endpoint, project: backend.projectId });
    expect((await board.listJobs({ search: tokenOf(job) })).jobs.map((item) => item.id)).not.toContain(job.id);
    expect((await hr.portal.jobs.list({ search: tokenOf(job) })).items).toMatchObject([{ id: job.id, state: 'closed' }]);
    expect((await mrsLee.portal.jobs.list({ search: tokenOf(job) })).items).toMatchObject([{ id: job.id, state: 'closed' }]);
    // Still readable by link, as history.
    expect(await sam.portal.jobs.get(job.id)).toMatchObject({ state: 'closed' });

    const refused = await refusal(sam.portal.applications.submit(anApplication(job.id)), 'not-allowed');
    expect(refused.message).toBe(MESSAGES.postingNotOpen);
    expect((await hr.portal.applications.listForManager()).items.map((item) => item.id)).toContain(earlier.id);
    expect((await ana.portal.applications.listMine()).items.map((item) => item.id)).toContain(earlier.id);
  });

  it('lets the creator mark it filled and reopen it, and a teacher close it; nobody else', async () => {
    const job = await aJob();
    expect((await hr.portal.jobs.setState(job.id, 'filled')).state).toBe('filled');
    expect((await hr.portal.jobs.setState(job.id, 'open')).state).toBe('open');
    expect((await sam.portal.jobs.list({ search: tokenOf(job) })).items.map((item) => item.id)).toEqual([job.id]);
    expect((await mrsLee.portal.jobs.setState(job.id, 'closed')).state).toBe('closed');
    const other = await refusal(otherHr.portal.jobs.setState(job.id, 'open'), 'not-allowed');
    expect(other.message).toBe('Only the creator of this opportunity or a teacher can close or reopen it.');
    await refusal(sam.portal.jobs.setState(job.id, 'open'), 'not-allowed');
    const unknown = await refusal(hr.portal.jobs.setState(job.id, 'archived' as 'open'), 'invalid-input');
    expect(unknown.fields).toEqual({ state: 'Please choose open, closed or filled' });
    expect((await hr.portal.jobs.get(job.id))?.state).toBe('closed');
  });
});
