import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { Storage as AdminStorage, Users as AdminUsers } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { eventually, SETTINGS, startPortalBackend, uniqueLocal, uploadsOf } from '../support/portal.ts';
import { dayFromNow } from '../support/postings.ts';
import { aFile, aNewGig, aNewPosting, aPng, aRecruiter, aStudent, aTeacher, guestPortal, refusal, type PortalMember } from '../support/portal-sdk.ts';
import { joinSchool, SCHOOL_A } from '../support/schools.ts';

/**
 * The SDK's `jobs` commands and reads against the product's backend: create with an image upload,
 * get, remove, assign and record a view, with every refusal a typed PortalError. The listing's
 * queries have their own suite (sdk-listing.test.ts).
 */

let backend: TestBackend;
let files: AdminStorage;
let hr: PortalMember;
let otherHr: PortalMember;
let mrsLee: PortalMember;
let sam: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  files = new AdminStorage(adminClient(backend));
  [hr, otherHr, mrsLee, sam] = await Promise.all([aRecruiter(backend), aRecruiter(backend), aTeacher(backend), aStudent(backend)]);
});
afterAll(() => backend.close());

/** The posting images the refused callers uploaded. */
const imageCount = async (): Promise<number> => (await uploadsOf(sam, 'job-images')) + (await uploadsOf(hr, 'job-images'));

describe('create', () => {
  it('uploads the image, posts the opportunity as the caller, and readers see both', async () => {
    const progress: number[] = [];
    const job = await hr.portal.jobs.create(aNewPosting({ title: '  Barista  ', image: aPng('cafe.png') }), {
      onProgress: (step) => progress.push(step.percent),
    });
    expect(progress.at(-1)).toBe(100);
    expect(job).toMatchObject({
      title: 'Barista',
      postingType: 'Job',
      visible: true,
      viewCount: 0,
      creatorId: hr.userId,
      creatorEmail: hr.email,
      assignedStudentId: null,
    });
    expect(job.imageFileId).toMatch(/^[a-z0-9]{20}$/);
    expect(job.startDate?.slice(0, 10)).toBe(dayFromNow(14));

    const { portal: guest } = guestPortal(backend);
    expect(await guest.jobs.get(job.id)).toEqual(job);
    const image = await fetch(guest.files.viewUrl('job-images', job.imageFileId as string));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a student and a private posting by a recruiter as not-allowed, before uploading anything', async () => {
    const before = await imageCount();
    const student = await refusal(sam.portal.jobs.create(aNewPosting({ image: aPng() })), 'not-allowed');
    expect(student.message).toBe('Students cannot post opportunities.');
    const privately = await refusal(hr.portal.jobs.create(aNewPosting({ visible: false })), 'not-allowed');
    expect(privately.message).toBe('Only teachers can post private opportunities');
    expect(await imageCount()).toBe(before);
  });

  it("refuses form mistakes as invalid-input, field by field, with the form's messages", async () => {
    const error = await refusal(hr.portal.jobs.create(aNewPosting({ title: ' ', location: 'Atlantis', startDate: dayFromNow(-2) })), 'invalid-input');
    expect(error.fields).toEqual({
      title: 'Please enter a title',
      location: 'Please choose one of the listed locations',
      startDate: 'The date cannot be in the past',
    });
    expect(error.message).toBe('Please enter a title');
    const gig = await refusal(hr.portal.jobs.create(aNewGig({ companyWebsite: 'https://paws.example' })), 'invalid-input');
    expect(gig.fields).toEqual({ companyWebsite: 'Gig postings have no external website' });
    const image = await refusal(hr.portal.jobs.create(aNewPosting({ image: aFile('notes.txt', 'hello', 'text/plain') })), 'invalid-input');
    expect(image.fields).toEqual({ image: 'Please upload an image file (PNG, JPG, GIF or WebP)' });
  });

  it('asks the server again when the role label arrived after the client last looked', async () => {
    const { portal, browser } = guestPortal(backend);
    const email = `${uniqueLocal('ms.new')}@${SETTINGS.schoolDomain}`;
    const user = await portal.auth.signUp({ name: 'Ms New', email, password: 'correct horse battery', confirmPassword: 'correct horse battery' });
    const unverified = await refusal(portal.jobs.create(aNewPosting()), 'not-allowed');
    expect(unverified.message).toBe('Please verify your email address before posting opportunities.');
    // Verified on the server and added to her school's staff; the `roles` function then labels her a
    // teacher. The client is not told.
    await new AdminUsers(adminClient(backend)).updateEmailVerification({ userId: user.id, emailVerification: true });
    await joinSchool(backend, SCHOOL_A, user.id, { staffRoles: ['teacher'] });
    await eventually(
      () => browser.account.get(),
      (account) => account.labels.includes('teacher'),
    );
    const job = await portal.jobs.create(aNewPosting({ visible: false }));
    expect(job).toMatchObject({ creatorId: user.id, visible: false });
  });

  it('lets a teacher post privately: her colleagues read it, a recruiter gets null', async () => {
    const job = await mrsLee.portal.jobs.create(aNewPosting({ title: 'Library helper', visible: false }));
    expect(job.visible).toBe(false);
    const mrKim = await aTeacher(backend);
    expect((await mrKim.portal.jobs.get(job.id))?.title).toBe('Library helper');
    expect(await hr.portal.jobs.get(job.id)).toBeNull();
  });
});

describe('get, remove, assign and record a view', () => {
  it('answers null for a posting that does not exist', async () => {
    expect(await hr.portal.jobs.get('nosuchposting')).toBeNull();
  });

  it('lets the creator remove a posting with its image, answers another recruiter not-allowed, and a second removal not-found', async () => {
    const job = await hr.portal.jobs.create(aNewPosting({ image: aPng() }));
    const denied = await refusal(otherHr.portal.jobs.remove(job.id), 'not-allowed');
    expect(denied.message).toBe('Only the creator of this opportunity or a teacher can remove it.');
    expect(denied.status).toBe(403);
    await hr.portal.jobs.remove(job.id);
    expect(await hr.portal.jobs.get(job.id)).toBeNull();
    await expect(files.getFile({ bucketId: 'job-images', fileId: job.imageFileId as string })).rejects.toMatchObject({ code: 404 });
    const gone = await refusal(hr.portal.jobs.remove(job.id), 'not-found');
    expect(gone.message).toBe(MESSAGES.jobNotFound);
  });

  it("lets a teacher remove anyone's posting", async () => {
    const job = await hr.portal.jobs.create(aNewPosting());
    await mrsLee.portal.jobs.remove(job.id);
    expect(await hr.portal.jobs.get(job.id)).toBeNull();
  });

  it('lets a teacher assign a student by e-mail and clear it again; others are refused', async () => {
    const job = await hr.portal.jobs.create(aNewPosting());
    const assigned = await mrsLee.portal.jobs.assign(job.id, sam.email.toUpperCase());
    expect(assigned).toMatchObject({ id: job.id, assignedStudentId: sam.userId, assignedStudentEmail: sam.email });
    const cleared = await mrsLee.portal.jobs.assign(job.id, '');
    expect(cleared).toMatchObject({ assignedStudentId: null, assignedStudentEmail: null });

    await refusal(hr.portal.jobs.assign(job.id, sam.email), 'not-allowed');
    const unknown = await refusal(mrsLee.portal.jobs.assign(job.id, 'nobody@school.example'), 'invalid-input');
    expect(unknown.message).toBe(MESSAGES.assignFailed);
    expect(unknown.fields).toEqual({ studentEmail: 'No account uses this email address' });
    const notStudent = await refusal(mrsLee.portal.jobs.assign(job.id, hr.email), 'invalid-input');
    expect(notStudent.fields).toEqual({ studentEmail: 'This account is not a student' });
  });

  it('counts each view and answers the new count; guests count too', async () => {
    const job = await hr.portal.jobs.create(aNewPosting());
    expect(await sam.portal.jobs.recordView(job.id)).toBe(1);
    expect(await guestPortal(backend).portal.jobs.recordView(job.id)).toBe(2);
    expect((await hr.portal.jobs.get(job.id))?.viewCount).toBe(2);
    await refusal(sam.portal.jobs.recordView('nosuchposting'), 'not-found');
  });
});
