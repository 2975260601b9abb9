import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException } from 'appwrite';
import type { ApplicationSubmission, Job } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { createPublicClient } from '@opportunity-kit/sdk/public';
import { type TestBackend } from '../support/backend.ts';
import { startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { aNewPosting, aPdf, aRecruiter, aStudent, aTeacher, guestPortal, refusal, type PortalMember } from '../support/portal-sdk.ts';

/**
 * Assigned postings (issue 14, bugs 3 and 4). Students are minors: who a posting is assigned to
 * reaches only that student, the posting's creator and teachers, never another student or the
 * public, whichever way they read the posting. And the assigned student finds the posting.
 */

let backend: TestBackend;
let hr: PortalMember;
let mrsLee: PortalMember;
let sam: PortalMember;
let ana: PortalMember;
let publicJob: Job;
let privateJob: Job;

beforeAll(async () => {
  backend = await startPortalBackend();
  [hr, mrsLee, sam, ana] = await Promise.all([aRecruiter(backend), aTeacher(backend), aStudent(backend), aStudent(backend)]);
  publicJob = await hr.portal.jobs.create(aNewPosting({ title: uniqueLocal('Cashier ') }));
  privateJob = await mrsLee.portal.jobs.create(aNewPosting({ title: uniqueLocal('Co-op placement '), visible: false }));
  await mrsLee.portal.jobs.assign(publicJob.id, sam.email);
  await mrsLee.portal.jobs.assign(privateJob.id, sam.email);
});
afterAll(() => backend.close());

function anApplication(jobId: string): ApplicationSubmission {
  return { jobId, relevantExperiences: 'Cash at bake sales.', interestInRole: 'People.', careerGoals: 'Business.', resume: aPdf() };
}

/** Everything a reader got, as text: an e-mail or id anywhere in it would show. */
const everything = (value: unknown): string => JSON.stringify(value);

describe("the assignee's e-mail", () => {
  it('is not in the posting another student reads, through the SDK or the raw row', async () => {
    const seen = await ana.portal.jobs.get(publicJob.id);
    expect(seen).toMatchObject({ id: publicJob.id, assigned: true, assignedStudentId: null, assignedStudentEmail: null });
    const row = await ana.tablesDB.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: publicJob.id });
    expect(everything(row)).not.toContain(sam.email);
    expect(everything(row)).not.toContain(sam.userId);
  });

  it('is not in what a guest or the public board reads', async () => {
    const { portal: guest, browser } = guestPortal(backend);
    expect(await guest.jobs.get(publicJob.id)).toMatchObject({ assigned: true, assignedStudentEmail: null });
    const row = await browser.tablesDB.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: publicJob.id });
    expect(everything(row)).not.toContain(sam.email);
    const board = createPublicClient({ endpoint: backend.endpoint, project: backend.projectId });
    expect(everything(await board.getJob(publicJob.id))).not.toContain(sam.email);
  });

  it('cannot be read from the assignments either, by another student or a guest', async () => {
    for (const reader of [ana.tablesDB, guestPortal(backend).browser.tablesDB]) {
      const direct = await reader.getRow({ databaseId: 'portal', tableId: 'job_assignments', rowId: publicJob.id }).catch((error: unknown) => error);
      expect(direct).toBeInstanceOf(AppwriteException);
      expect((direct as AppwriteException).code).toBe(404);
      const listed = await reader.listRows({ databaseId: 'portal', tableId: 'job_assignments' });
      expect(listed.rows).toEqual([]);
    }
  });

  it('reaches the assignee, the creator and teachers', async () => {
    for (const reader of [sam, hr, mrsLee]) {
      expect(await reader.portal.jobs.get(publicJob.id)).toMatchObject({ assigned: true, assignedStudentId: sam.userId, assignedStudentEmail: sam.email });
    }
    const teacherListing = await mrsLee.portal.jobs.list({ search: publicJob.title });
    expect(teacherListing.items.find((job) => job.id === publicJob.id)?.assignedStudentEmail).toBe(sam.email);
  });

  it('is gone for everyone once the assignment is cleared', async () => {
    const job = await hr.portal.jobs.create(aNewPosting());
    await mrsLee.portal.jobs.assign(job.id, sam.email);
    expect(await mrsLee.portal.jobs.assign(job.id, '')).toMatchObject({ assigned: false, assignedStudentEmail: null });
    expect(await sam.portal.jobs.get(job.id)).toMatchObject({ assigned: false, assignedStudentEmail: null });
    expect((await sam.portal.jobs.listAssignedToMe()).items.map((item) => item.id)).not.toContain(job.id);
  });
});

describe('an assigned posting', () => {
  it('is found by its student through listAssignedToMe, public and private, newest assignment first', async () => {
    const page = await sam.portal.jobs.listAssignedToMe();
    expect(page.items.map((job) => job.id)).toEqual([privateJob.id, publicJob.id]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ visible: false, assigned: true, assignedStudentEmail: sam.email });
    const firstOnly = await sam.portal.jobs.listAssignedToMe({ limit: 1 });
    expect(firstOnly.nextCursor).toBe(privateJob.id);
    const second = await sam.portal.jobs.listAssignedToMe({ limit: 1, cursor: firstOnly.nextCursor });
    expect(second.items.map((job) => job.id)).toEqual([publicJob.id]);
  });

  it('is on nobody else’s list of assigned postings', async () => {
    expect(await ana.portal.jobs.listAssignedToMe()).toEqual({ items: [], total: 0, nextCursor: null });
  });

  it('takes no application from another student', async () => {
    const refused = await refusal(ana.portal.applications.submit(anApplication(publicJob.id)), 'not-allowed');
    expect(refused.message).toBe(MESSAGES.postingAssigned);
  });
});
