import { afterAll, beforeAll, expect, it } from 'vitest';
import { TablesDB } from 'node-appwrite';
import type { PortalNotification, WorkCounts } from '@opportunity-kit/sdk';
import { ALERT_MESSAGES, DATABASE_ID, TABLES, type HomeSummary, type MailSettings } from '@opportunity-kit/sdk/domain';
import { alertsSettled, mailsTo, tickDigest } from '../support/alerts.ts';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { command, eventually, execute, startPortalBackend, upload, PDF, type Member } from '../support/portal.ts';
import { anApplication, aPosting, dayFromNow } from '../support/postings.ts';
import { aRecruiter, aStudent, aTeacher, guestPortal, installRealtimeGlobals, refusal, type PortalMember } from '../support/portal-sdk.ts';
import { boardAdmin, SCHOOL_A, SCHOOL_B } from '../support/schools.ts';

/**
 * Every role is told what needs them (issue 24), through real sessions, the `alerts` function's events
 * and schedule, and the development outbox: staff hear of employers waiting for their school, employers
 * of decisions on them and of applications, and are reminded of unanswered ones; a posting that closes
 * or passes its deadline answers its waiting applicants; e-mail follows each member's settings, with a
 * one-click stop per kind. Employer approval must be on, so these run on the local backend.
 */

let backend: TestBackend;
let teacherA: PortalMember;
let teacherB: PortalMember;
let director: Awaited<ReturnType<typeof boardAdmin>>;
const closing: PortalMember[] = [];

beforeAll(async () => {
  installRealtimeGlobals();
  backend = await startPortalBackend({ env: { EMPLOYER_APPROVAL: '' } });
  [teacherA, teacherB, director] = await Promise.all([aTeacher(backend, SCHOOL_A), aTeacher(backend, SCHOOL_B), boardAdmin(backend)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([teacherA, teacherB, ...closing].map((member) => member?.portal.close()));
  await backend?.close();
});

const notices = async (member: PortalMember): Promise<PortalNotification[]> => (await member.portal.notifications.list({ limit: 100 })).items;
const noticesOf = (member: PortalMember, kind: PortalNotification['kind'], jobId: string) =>
  eventually(
    () => notices(member),
    (items) => items.some((item) => item.kind === kind && item.jobId === jobId),
  );

async function aRecruiterMember(): Promise<PortalMember> {
  const member = await aRecruiter(backend);
  closing.push(member);
  return member;
}

async function aStudentOf(school = SCHOOL_B): Promise<PortalMember> {
  const member = await aStudent(backend, school);
  closing.push(member);
  return member;
}

async function post(by: Member, overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await command<{ id: string }>(by, 'POST', '/jobs', { ...aPosting(), ...overrides });
  expect(answer.error).toBeUndefined();
  return answer.data!.id;
}

async function apply(by: Member, jobId: string): Promise<string> {
  const resume = await upload(by, 'resume.pdf', PDF);
  const answer = await command<{ id: string }>(by, 'POST', '/applications', anApplication(jobId, resume));
  expect(answer.error).toBeUndefined();
  return answer.data!.id;
}

const counts = async (by: Member): Promise<WorkCounts> => (await execute<WorkCounts>(by, 'commands', 'GET', '/home/counts')).data!;
const admin = () => new TablesDB(adminClient(backend));
const applicationRow = (applicationId: string) => admin().getRow({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: applicationId });

describeLocal('an employer waiting for a school', () => {
  it("tells the staff of the schools it waits for, in the bell, the count and by e-mail, and the recruiter of each school's decision", async () => {
    const hr = await aRecruiterMember();
    const before = await counts(teacherB);
    const jobId = await post(hr, { title: 'Pool lifeguard', schoolIds: [SCHOOL_B.id] });

    const [notice] = (await noticesOf(teacherB, 'approval-waiting', jobId)).filter((item) => item.jobId === jobId);
    expect(notice?.message).toContain(`waiting for ${SCHOOL_B.name}'s approval`);
    expect((await counts(teacherB)).approvals).toBe(before.approvals + 1);
    const mails = await eventually(
      () => mailsTo(backend, teacherB.email),
      (found) => found.length > 0,
    );
    expect(mails.map((mail) => mail.subject)).toContain("An employer is waiting for your school's approval");
    // The school it is not meant for hears nothing; a second posting of the same employer is the same decision, not a second notice.
    const secondJobId = await post(hr, { title: 'Swim instructor', schoolIds: [SCHOOL_B.id] });
    await alertsSettled(backend);
    expect((await notices(teacherA)).some((item) => item.jobId === jobId)).toBe(false);
    expect((await notices(teacherB)).filter((item) => item.kind === 'approval-waiting' && [jobId, secondJobId].includes(item.jobId))).toHaveLength(1);
    // The board's administrators decide for every school: they are told too.
    const boardNotices = await director.tablesDB.listRows({ databaseId: DATABASE_ID, tableId: TABLES.notifications });
    expect(boardNotices.rows.filter((row) => row.kind === 'approval-waiting' && [jobId, secondJobId].includes(row.jobId as string))).toHaveLength(1);

    await teacherB.portal.approvals.decide(hr.userId, 'approved', undefined, { schoolId: SCHOOL_B.id });
    const decided = (await noticesOf(hr, 'approval-decided', jobId)).find((item) => item.kind === 'approval-decided');
    expect(decided?.message).toBe(`${SCHOOL_B.name} approved ${aPosting().company}: your postings meant for it are now visible to students.`);
    expect((await counts(teacherB)).approvals).toBe(before.approvals);
    // Nothing waits for the school's staff any more: the notice is read.
    expect((await notices(teacherB)).find((item) => item.id === notice?.id)?.readAt).not.toBeNull();
  });
});

describeLocal('applications nobody answers', () => {
  it('tells the employer of each application and reminds them once after 7 days; the student is never left in silence', async () => {
    const hr = await aRecruiterMember();
    const jobId = await post(hr, { title: 'Cashier' });
    await teacherA.portal.approvals.decide(hr.userId, 'approved', undefined, { schoolId: SCHOOL_A.id });
    const student = await aStudentOf(SCHOOL_A);
    const applicationId = await apply(student, jobId);

    const name = (await student.account.get()).name || 'A student';
    const received = (await noticesOf(hr, 'application-received', jobId)).find((item) => item.kind === 'application-received');
    expect(received).toMatchObject({ applicationId, message: `${name} applied to Cashier.` });
    const mails = await eventually(
      () => mailsTo(backend, hr.email),
      (found) => found.some((mail) => mail.subject === 'A student applied to your posting'),
    );
    expect(mails.map((mail) => mail.subject)).toContain('A student applied to your posting');
    expect((await counts(hr)).applications).toBe(1);

    // Six days: no reminder yet. Eight days (the clock moved by back-dating the application): one reminder.
    await admin().updateRow({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: applicationId, data: { $createdAt: daysAgo(6) } });
    await tickDigest(backend);
    expect((await notices(hr)).some((item) => item.kind === 'application-reminder')).toBe(false);
    await admin().updateRow({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: applicationId, data: { $createdAt: daysAgo(8) } });
    await tickDigest(backend);
    await tickDigest(backend);
    const reminders = (await notices(hr)).filter((item) => item.kind === 'application-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.message).toBe(`${name} has waited 8 days for an answer about Cashier.`);

    // The employer answers: their median response time is about 8 days.
    await hr.portal.applications.setStatus(applicationId, 'accepted');
    const home = (await execute<HomeSummary>(hr, 'commands', 'GET', '/home', {})).data!;
    expect(home.postings?.answered).toBe(1);
    expect(home.postings?.medianResponseHours).toBeGreaterThanOrEqual(8 * 24 - 1);
    expect(home.postings?.reminderDays).toBe(7);
    expect(home.postings?.postings.find((posting) => posting.jobId === jobId)).toMatchObject({ applicants: 1, waiting: 0, waitingForApproval: false });
  });

  it('answers every applicant still waiting when the posting closes, by bell and e-mail, and leaves decided ones alone', async () => {
    const [waiting, accepted] = [await aStudentOf(SCHOOL_A), await aStudentOf(SCHOOL_A)];
    const jobId = await post(teacherA, { title: 'Library helper' });
    const waitingApplication = await apply(waiting, jobId);
    const acceptedApplication = await apply(accepted, jobId);
    await teacherA.portal.applications.setStatus(acceptedApplication, 'accepted');

    await teacherA.portal.jobs.setState(jobId, 'filled');
    const told = (await noticesOf(waiting, 'application-status', jobId)).find((item) => item.applicationId === waitingApplication);
    expect(told?.message).toBe(
      'Your application for Library helper was not selected this time: the posting has closed. Keep going, and look at the other opportunities.',
    );
    expect((await applicationRow(waitingApplication)).status).toBe('rejected');
    expect((await applicationRow(acceptedApplication)).status).toBe('accepted');
    const mails = await eventually(
      () => mailsTo(backend, waiting.email),
      (found) => found.length > 0,
    );
    expect(mails.map((mail) => mail.subject)).toEqual(['A decision on your application']);
    // Told once: the decision's own event finds the notice written.
    await alertsSettled(backend);
    expect((await notices(waiting)).filter((item) => item.applicationId === waitingApplication)).toHaveLength(1);
  });

  it('answers the waiting applicants of a posting whose deadline passed, on the daily run', async () => {
    const student = await aStudentOf(SCHOOL_A);
    const jobId = await post(teacherA, { title: 'Science fair judge', applicationDeadline: dayFromNow(5) });
    const applicationId = await apply(student, jobId);
    await admin().updateRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: jobId, data: { applicationDeadline: daysAgo(2) } });
    await tickDigest(backend);
    expect((await applicationRow(applicationId)).status).toBe('rejected');
    expect((await notices(student)).find((item) => item.applicationId === applicationId)?.message).toContain('was not selected this time');
  });

  it('never overrides an answer given at the same instant as the posting closes', async () => {
    const student = await aStudentOf(SCHOOL_A);
    const jobId = await post(teacherA, { title: 'Stage crew' });
    const applicationId = await apply(student, jobId);
    await Promise.all([teacherA.portal.applications.setStatus(applicationId, 'accepted'), teacherA.portal.jobs.setState(jobId, 'closed')]);
    await alertsSettled(backend);
    const status = (await applicationRow(applicationId)).status;
    const told = (await notices(student)).filter((item) => item.applicationId === applicationId);
    // Whichever landed first, the student's newest notice says how it stands now, and nothing is said twice.
    expect(told[0]?.message).toBe(status === 'accepted' ? 'Your application for Stage crew was accepted.' : expect.stringContaining('not selected'));
    expect(new Set(told.map((item) => item.message)).size).toBe(told.length);
  });
});

describeLocal('e-mail settings', () => {
  it('stops one kind with the link of a mail, without a session, and keeps it in the bell', async () => {
    const hr = await aRecruiterMember();
    const jobId = await post(hr, { title: 'Dishwasher' });
    await teacherA.portal.approvals.decide(hr.userId, 'approved', undefined, { schoolId: SCHOOL_A.id });
    await apply(await aStudentOf(SCHOOL_A), jobId);
    const mail = await eventually(
      () => mailsTo(backend, hr.email),
      (mails) => mails.some((candidate) => candidate.subject === 'A student applied to your posting'),
    );
    const link = new URL(
      mail.find((candidate) => candidate.subject === 'A student applied to your posting')?.links.find((href) => href.includes('kind=')) ?? '',
    );
    expect(link.searchParams.get('kind')).toBe('application-received');
    const visitor = guestPortal(backend).portal;
    await refusal(visitor.notifications.unsubscribeDigest(link.searchParams.get('token') ?? '', 'not-a-kind' as 'assignment'), 'invalid-input');
    expect(await visitor.notifications.unsubscribeDigest(link.searchParams.get('token') ?? '', 'application-received')).toEqual({
      message: ALERT_MESSAGES.unsubscribedKind,
    });
    expect(await hr.portal.notifications.mailSettings()).toEqual({
      delivery: 'instant',
      mutedKinds: ['application-received'],
      allStopped: false,
    } satisfies MailSettings);

    const mailsBefore = (await mailsTo(backend, hr.email)).length;
    await apply(await aStudentOf(SCHOOL_A), jobId);
    await eventually(
      () => notices(hr),
      (items) => items.filter((item) => item.kind === 'application-received').length === 2,
    );
    await alertsSettled(backend);
    expect(await mailsTo(backend, hr.email)).toHaveLength(mailsBefore);
  });

  it('gathers everything in one daily summary for a member who chose it', async () => {
    const student = await aStudentOf(SCHOOL_A);
    await student.portal.notifications.saveMailSettings({ delivery: 'daily', mutedKinds: [], allStopped: false });
    const jobId = await post(teacherA, { title: 'Peer tutor', visible: false });
    await teacherA.portal.jobs.assign(jobId, student.email);
    await noticesOf(student, 'assignment', jobId);
    await alertsSettled(backend);
    expect(await mailsTo(backend, student.email)).toEqual([]);

    await tickDigest(backend);
    const mails = await mailsTo(backend, student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Opportunities assigned to you:');
    expect(mails[0]?.text).toContain('Peer tutor');
  });

  it('refuses settings that are not a choice, and keeps each member to their own notices', async () => {
    const student = await aStudentOf(SCHOOL_A);
    const refused = await execute(student, 'commands', 'PUT', '/notifications/settings', { delivery: 'hourly', mutedKinds: [] });
    expect(refused.error?.code).toBe('invalid-input');
    const teacherNotice = (await notices(teacherB))[0];
    expect(teacherNotice).toBeDefined();
    expect((await execute(student, 'commands', 'PUT', `/notifications/${teacherNotice?.id}/read`)).error?.code).toBe('not-found');
    const rows = await student.tablesDB.listRows({ databaseId: DATABASE_ID, tableId: TABLES.notifications });
    expect(rows.rows.every((row) => row.studentId === student.userId)).toBe(true);
  });
});

describeLocal('home pages', () => {
  it("shows a school's staff only their own school's students, and a student none", async () => {
    const mine = await aStudentOf(SCHOOL_A);
    const theirs = await aStudentOf(SCHOOL_B);
    const home = (await execute<HomeSummary>(teacherA, 'commands', 'GET', '/home', {})).data!;
    expect(home.schools.map((school) => school.schoolId)).toEqual([SCHOOL_A.id]);
    const ids = [...(home.schools[0]?.inactiveStudents ?? []), ...(home.schools[0]?.furthestBehind ?? [])].map((glance) => glance.id);
    expect(ids).toContain(mine.userId);
    expect(ids).not.toContain(theirs.userId);
    const studentHome = (await execute<HomeSummary>(mine, 'commands', 'GET', '/home', {})).data!;
    expect(studentHome).toMatchObject({ schools: [], postings: null, overview: [], staffRequests: [] });
  });
});

describeLocal('graduation years', () => {
  it("come from the roster, group the school's students on their staff's home, and no client reads them", async () => {
    const year = new Date().getUTCFullYear() + 1;
    const address = `1grad${Date.now().toString(36)}@school.example`;
    const imported = await execute<{ results: Array<{ outcome: string }> }>(teacherA, 'commands', 'POST', '/roster', {
      csv: `email,name,graduation year\n${address},Gus Grad,${year}\n1bad${Date.now().toString(36)}@school.example,Bea Bad,someday`,
      schoolId: SCHOOL_A.id,
    });
    expect(imported.data?.results.map((result) => result.outcome)).toEqual(['created', 'invalid-graduation-year']);

    const home = (await execute<HomeSummary>(teacherA, 'commands', 'GET', '/home', {})).data!;
    const school = home.schools.find((glance) => glance.schoolId === SCHOOL_A.id);
    expect(school?.cohorts.find((cohort) => cohort.graduationYear === year)).toMatchObject({ students: 1, done: 0 });
    expect(school?.furthestBehind[0]).toMatchObject({ name: 'Gus Grad', graduationYear: year, approvedHours: 0 });
    // Graduating next year with no hours is behind the pace.
    expect(school?.cohorts.find((cohort) => cohort.graduationYear === year)?.behind).toBe(1);

    const student = await aStudentOf(SCHOOL_A);
    await expect(student.tablesDB.listRows({ databaseId: DATABASE_ID, tableId: TABLES.studentRecords })).rejects.toMatchObject({ code: 401 });
    expect((await execute<HomeSummary>(teacherB, 'commands', 'GET', '/home', {})).data?.schools.some((glance) => glance.schoolId === SCHOOL_A.id)).toBe(false);
  });
});

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}
