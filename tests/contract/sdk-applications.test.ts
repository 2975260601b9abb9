import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSubmission, Job, UploadProgress } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { type TestBackend } from '../support/backend.ts';
import { PNG, startPortalBackend, uploadsOf } from '../support/portal.ts';
import { aFile, aNewPosting, aPdf, aRecruiter, aStudent, refusal, type PortalMember } from '../support/portal-sdk.ts';

/**
 * The SDK's `applications` module against the product's backend: a student applies with a PDF resume
 * (with upload progress), applying twice is `already-applied`, the posting's creator lists the
 * applications (All, Pending, Accepted, newest first) and decides on them.
 */

let backend: TestBackend;
let hr: PortalMember;
let otherHr: PortalMember;
let sam: PortalMember;
let ana: PortalMember;
let job: Job;

beforeAll(async () => {
  backend = await startPortalBackend();
  [hr, otherHr, sam, ana] = await Promise.all([aRecruiter(backend), aRecruiter(backend), aStudent(backend), aStudent(backend)]);
  job = await hr.portal.jobs.create(aNewPosting({ title: 'Barista' }));
});
afterAll(() => backend.close());

function anApplication(jobId: string, overrides: Partial<ApplicationSubmission> = {}): ApplicationSubmission {
  return {
    jobId,
    relevantExperiences: 'Two summers at the school cafeteria.',
    interestInRole: 'I enjoy working with people.',
    careerGoals: 'Hospitality management.',
    resume: aPdf(),
    ...overrides,
  };
}

const resumeCount = (applicant: PortalMember): Promise<number> => uploadsOf(applicant, 'resumes');

describe('submit', () => {
  it("uploads the resume with progress and submits a pending application the posting's creator can read", async () => {
    const progress: UploadProgress[] = [];
    const application = await sam.portal.applications.submit(anApplication(job.id), { onProgress: (step) => progress.push(step) });
    expect(application).toMatchObject({
      jobId: job.id,
      jobTitle: 'Barista',
      jobCreatorId: hr.userId,
      applicantId: sam.userId,
      applicantEmail: sam.email,
      status: 'pending',
    });
    // The employer sees who applied by name, whether or not the student keeps a public profile.
    const { name } = await sam.account.get();
    expect(name).not.toBe('');
    expect(application.applicantName).toBe(name);
    expect(progress[0]?.percent).toBe(0);
    expect(progress.at(-1)).toEqual({ percent: 100, uploadedBytes: aPdf().size, totalBytes: aPdf().size });

    const resume = await fetch(hr.portal.files.viewUrl('resumes', application.resumeFileId), { headers: { cookie: hr.cookieHeader() } });
    expect(resume.status).toBe(200);
    expect((await resume.text()).startsWith('%PDF-')).toBe(true);
    const download = await fetch(hr.portal.files.downloadUrl('resumes', application.resumeFileId), { headers: { cookie: hr.cookieHeader() } });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="resume\.pdf"/);
    // Nobody else reads it: a stranger's browser gets no file.
    expect((await fetch(otherHr.portal.files.viewUrl('resumes', application.resumeFileId), { headers: { cookie: otherHr.cookieHeader() } })).status).toBe(404);
    expect((await sam.portal.applications.listMine()).items.map((item) => item.id)).toEqual([application.id]);
    // Issue 25: the student's own list names the company applied to, kept from when they applied.
    expect((await sam.portal.applications.listMine()).items[0]?.jobCompany).toBe(job.company);
    expect(job.company).not.toBe('');
  });

  it('answers a second application to the same posting already-applied, and keeps no second resume', async () => {
    const before = await resumeCount(sam);
    const error = await refusal(sam.portal.applications.submit(anApplication(job.id)), 'already-applied');
    expect(error.message).toBe('You have already applied to this opportunity.');
    expect(error.status).toBe(409);
    expect(await resumeCount(sam)).toBe(before);
  });

  it('refuses a missing or non-PDF resume and blank answers as invalid-input, uploading nothing', async () => {
    const before = await resumeCount(ana);
    const missing = await refusal(ana.portal.applications.submit(anApplication(job.id, { resume: null })), 'invalid-input');
    expect(missing.fields).toEqual({ resume: MESSAGES.uploadResume });
    const png = await refusal(ana.portal.applications.submit(anApplication(job.id, { resume: aFile('photo.png', PNG, 'image/png') })), 'invalid-input');
    expect(png.fields).toEqual({ resume: MESSAGES.onlyPdf });
    const renamed = await refusal(ana.portal.applications.submit(anApplication(job.id, { resume: aFile('resume.pdf', PNG) })), 'invalid-input');
    expect(renamed.fields).toEqual({ resume: MESSAGES.onlyPdf });
    const blank = await refusal(ana.portal.applications.submit(anApplication(job.id, { careerGoals: '  ' })), 'invalid-input');
    expect(blank.fields).toEqual({ careerGoals: 'Please answer this question' });
    expect(await resumeCount(ana)).toBe(before);
  });

  it("answers a posting that does not exist with not-found and the spec's text", async () => {
    const error = await refusal(ana.portal.applications.submit(anApplication('nosuchposting')), 'not-found');
    expect(error.message).toBe(MESSAGES.jobNotFound);
  });
});

describe('the applications manager', () => {
  it("lists the applications to the caller's postings, All, Pending or Accepted, newest first, and sets their status", async () => {
    const anas = await ana.portal.applications.submit(anApplication(job.id));
    const sams = (await sam.portal.applications.listMine()).items[0];
    const all = await hr.portal.applications.listForManager();
    expect(all.items.map((item) => item.applicantEmail)).toEqual([ana.email, sam.email]);
    expect(all.total).toBe(2);

    const accepted = await hr.portal.applications.setStatus(sams!.id, 'accepted');
    expect(accepted).toMatchObject({ id: sams!.id, status: 'accepted' });
    expect((await hr.portal.applications.listForManager({ status: 'accepted' })).items.map((item) => item.id)).toEqual([sams!.id]);
    expect((await hr.portal.applications.listForManager({ status: 'pending' })).items.map((item) => item.id)).toEqual([anas.id]);
    // A decision can change again at any time.
    expect((await hr.portal.applications.setStatus(sams!.id, 'rejected')).status).toBe('rejected');
    expect((await hr.portal.applications.listForManager({ status: 'accepted' })).items).toEqual([]);
  });

  it("shows another recruiter none of them, and refuses others' decisions", async () => {
    const sams = (await sam.portal.applications.listMine()).items[0]!;
    expect((await otherHr.portal.applications.listForManager()).items).toEqual([]);
    await refusal(otherHr.portal.applications.setStatus(sams.id, 'accepted'), 'not-found');
    const own = await refusal(sam.portal.applications.setStatus(sams.id, 'accepted'), 'not-allowed');
    expect(own.message).toBe('Only the creator of the opportunity can decide on its applications.');
  });

  it("pages the manager's list with a cursor", async () => {
    const first = await hr.portal.applications.listForManager({}, { limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toBe(first.items[0]!.id);
    const second = await hr.portal.applications.listForManager({}, { limit: 1, cursor: first.nextCursor });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });
});
