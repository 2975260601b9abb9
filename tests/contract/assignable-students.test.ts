import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@opportunity-kit/sdk';
import { type TestBackend } from '../support/backend.ts';
import { command, member, SETTINGS, startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { aNewPosting, aRecruiter, aStudent, aTeacher, refusal, type PortalMember } from '../support/portal-sdk.ts';
import { SCHOOL_A, SCHOOL_B } from '../support/schools.ts';

/**
 * Picking whom to assign (issue 25, item 14): a teacher finds students by part of their name or
 * e-mail, among their own school's students only. Another school's teacher never learns that a
 * student of this school exists, whatever they type.
 */

let backend: TestBackend;
let recruiter: PortalMember;
let teacherA: PortalMember;
let teacherB: PortalMember;
let posting: Job;
const surname = uniqueLocal('Okafor');
let hanna: { userId: string; email: string };

beforeAll(async () => {
  backend = await startPortalBackend();
  [recruiter, teacherA, teacherB] = await Promise.all([aRecruiter(backend), aTeacher(backend, SCHOOL_A), aTeacher(backend, SCHOOL_B)]);
  hanna = await member(backend, `${uniqueLocal('1')}@${SETTINGS.schoolDomain}`, 'student', { name: `Hanna ${surname}`, school: SCHOOL_A });
  await member(backend, `${uniqueLocal('1')}@${SETTINGS.schoolDomain}`, 'student', { name: `Bruno ${surname}`, school: SCHOOL_B });
  posting = await recruiter.portal.jobs.create(aNewPosting({ title: uniqueLocal('Cashier ') }));
}, 60_000);
afterAll(() => backend?.close());

describe("a teacher's search for a student to assign", () => {
  it('finds their own school’s student by part of the name, and assigns them', async () => {
    const found = await teacherA.portal.jobs.assignableStudents(posting.id, `anna ${surname.toLowerCase()}`);
    expect(found).toEqual([{ id: hanna.userId, name: `Hanna ${surname}`, email: hanna.email, schoolName: SCHOOL_A.name }]);
    expect(await teacherA.portal.jobs.assignableStudents(posting.id, surname)).toEqual(found);
    expect((await teacherA.portal.jobs.assign(posting.id, found[0]!.email)).assignedStudentId).toBe(hanna.userId);
  });

  it('never names another school’s student, by name or by e-mail', async () => {
    expect((await teacherB.portal.jobs.assignableStudents(posting.id, surname)).map((student) => student.name)).toEqual([`Bruno ${surname}`]);
    expect(await teacherB.portal.jobs.assignableStudents(posting.id, 'Hanna')).not.toContainEqual(expect.objectContaining({ id: hanna.userId }));
    expect(await teacherB.portal.jobs.assignableStudents(posting.id, hanna.email)).toEqual([]);
  });

  it('is refused to students and recruiters', async () => {
    const student = await aStudent(backend, SCHOOL_A);
    for (const asker of [student, recruiter]) {
      const answer = await command(asker, 'POST', `/jobs/${posting.id}/assignment/candidates`, { search: surname });
      expect(answer.status).toBe(403);
    }
    await refusal(student.portal.jobs.assignableStudents(posting.id, surname), 'not-allowed');
  });
});
