import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@opportunity-kit/sdk';
import { DATABASE_ID, MESSAGES, TABLES } from '@opportunity-kit/sdk/domain';
import { TablesDB } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { aNewPosting, aRecruiter, aStudent, aTeacher, refusal, type PortalMember } from '../support/portal-sdk.ts';
import { SCHOOL_A, SCHOOL_B } from '../support/schools.ts';

/**
 * Assignment is scoped to the school (issue 23): a teacher assigns only their own school's students,
 * who the posting is assigned to is read by that student's school's staff (not every teacher), and a
 * teacher of another school neither reads nor changes the assignment of a student who is not theirs.
 */

let backend: TestBackend;
let recruiter: PortalMember;
let teacherA: PortalMember;
let teacherB: PortalMember;
let studentA: PortalMember;
let studentB: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  [recruiter, teacherA, teacherB, studentA, studentB] = await Promise.all([
    aRecruiter(backend),
    aTeacher(backend, SCHOOL_A),
    aTeacher(backend, SCHOOL_B),
    aStudent(backend, SCHOOL_A),
    aStudent(backend, SCHOOL_B),
  ]);
}, 60_000);
afterAll(() => backend?.close());

const publicPosting = (): Promise<Job> => recruiter.portal.jobs.create(aNewPosting({ title: uniqueLocal('Cashier ') }));
const assignmentRow = (jobId: string) => new TablesDB(adminClient(backend)).getRow({ databaseId: DATABASE_ID, tableId: TABLES.jobAssignments, rowId: jobId });
const readAssignment = (member: PortalMember, jobId: string) =>
  member.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.jobAssignments, rowId: jobId });

describe('assigning a student', () => {
  it("is refused for another school's student and changes nothing", async () => {
    const job = await publicPosting();
    const refused = await refusal(teacherA.portal.jobs.assign(job.id, studentB.email), 'invalid-input');
    expect(refused.message).toBe(MESSAGES.assignFailed);
    expect(refused.fields).toMatchObject({ studentEmail: 'No student of your school uses this email address' });
    expect((await recruiter.portal.jobs.get(job.id))?.assigned).toBe(false);
  });

  it("of one's own school is read by that school's staff, not by another school's", async () => {
    const job = await publicPosting();
    expect(await teacherA.portal.jobs.assign(job.id, studentA.email)).toMatchObject({ assignedStudentEmail: studentA.email });
    const stored = await assignmentRow(job.id);
    expect(stored.$permissions).toContain(`read("team:${SCHOOL_A.id}/staff")`);
    expect(stored.$permissions).not.toContain('read("label:teacher")');
    expect((await readAssignment(teacherA, job.id)).$id).toBe(job.id);
    await expect(readAssignment(teacherB, job.id)).rejects.toMatchObject({ code: 404 });
  });

  it("is neither cleared nor replaced by another school's teacher", async () => {
    const job = await publicPosting();
    await teacherA.portal.jobs.assign(job.id, studentA.email);
    await refusal(teacherB.portal.jobs.assign(job.id, studentB.email), 'not-allowed');
    await refusal(teacherB.portal.jobs.assign(job.id, ''), 'not-allowed');
    expect(await assignmentRow(job.id)).toMatchObject({ studentId: studentA.userId });
  });
});

describe('two schools assigning one posting at the same instant', () => {
  it('leave it assigned to the student of the one that came first; the other is refused, never replacing it unseen', async () => {
    for (let round = 0; round < 5; round += 1) {
      const job = await publicPosting();
      const outcomes = await Promise.allSettled([teacherA.portal.jobs.assign(job.id, studentA.email), teacherB.portal.jobs.assign(job.id, studentB.email)]);
      const assigned = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.assignedStudentEmail] : []));
      expect(assigned).toHaveLength(1);
      // The other one is told why, as if it had come a moment later.
      const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as { code?: string; message?: string }] : []));
      expect(refused).toMatchObject([
        { code: 'not-allowed', message: 'This opportunity is assigned to a student of another school: only their school can change that.' },
      ]);
      const stored = await assignmentRow(job.id);
      expect(stored.studentEmail).toBe(assigned[0]);
    }
  });
});

describe("a teacher's private posting", () => {
  it("belongs to the poster's school: its staff read and assign it, another school's teachers neither", async () => {
    const colleagueA = await aTeacher(backend, SCHOOL_A);
    const job = await teacherA.portal.jobs.create(aNewPosting({ title: uniqueLocal('Co-op placement '), visible: false }));
    const stored = await new TablesDB(adminClient(backend)).getRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.id });
    expect(stored.schoolId).toBe(SCHOOL_A.id);
    expect(stored.$permissions.sort()).toEqual([`read("team:${SCHOOL_A.id}/staff")`, `read("user:${teacherA.userId}")`].sort());

    await expect(teacherB.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.id })).rejects.toMatchObject({ code: 404 });
    expect(await teacherB.portal.jobs.get(job.id)).toBeNull();
    await refusal(teacherB.portal.jobs.assign(job.id, studentB.email), 'not-found');
    await expect(studentB.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.id })).rejects.toMatchObject({ code: 404 });

    expect(await colleagueA.portal.jobs.assign(job.id, studentA.email)).toMatchObject({ assignedStudentEmail: studentA.email });
    expect((await studentA.portal.jobs.get(job.id))?.id).toBe(job.id);
  });
});

describe("a teacher's public posting", () => {
  it("is managed by the poster's school's staff, not by another school's teachers", async () => {
    const colleagueA = await aTeacher(backend, SCHOOL_A);
    const job = await teacherA.portal.jobs.create(aNewPosting({ title: uniqueLocal('Library helper ') }));
    await refusal(teacherB.portal.jobs.edit(job.id, aNewPosting({ title: 'Taken over' })), 'not-allowed');
    await refusal(teacherB.portal.jobs.setState(job.id, 'closed'), 'not-allowed');
    await refusal(teacherB.portal.jobs.remove(job.id), 'not-allowed');
    expect(await recruiter.portal.jobs.get(job.id)).toMatchObject({ title: job.title, state: 'open' });
    expect(await colleagueA.portal.jobs.setState(job.id, 'closed')).toMatchObject({ state: 'closed' });
  });
});
