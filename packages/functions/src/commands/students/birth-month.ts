import { DATABASE_ID, isPlausibleBirthMonth, TABLES, todayDateString, YOUTH_RULE_MESSAGES, type AgeStatus } from '@opportunity-kit/sdk/domain';
import { hasStatus, orUndefined } from '../../platform/appwrite-errors.ts';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import type { RequestBody } from '../../platform/request-body.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { decideTogether } from '../../portal/atomic-writes.ts';
import { membershipsOf } from '../../portal/schools.ts';
import type { StudentRecordColumns } from '../../portal/youth-rules.ts';
import { isBoardAdmin } from '../schools/school-access.ts';
import type { Models } from 'node-appwrite';

/**
 * A student's birth month (issue 26), kept in `student_records`, which no client reads: the student
 * gives it once (at their first sign-in), a roster may carry it, and their school's staff correct it.
 * What leaves the server is only whether it was given, and the rulings made with it.
 */

type StudentRecordRow = Models.Row & StudentRecordColumns;

/** GET /me/age — whether the signed-in student has given their birth month (never the month). */
export const readAgeStatus: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  if (member.role !== 'student') return { birthMonthGiven: true, asked: false } satisfies AgeStatus;
  const record = await recordOf(api, member.id);
  return { birthMonthGiven: Boolean(record?.birthMonth), asked: true } satisfies AgeStatus;
};

/** POST /me/birth-month `{ birthMonth }` — a student gives theirs, once: a recorded month is changed by their school's staff. */
export const giveBirthMonth: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const birthMonth = checkedBirthMonth(body);
  if (member.role !== 'student') throw notAllowed(YOUTH_RULE_MESSAGES.onlyStudentsGiveBirthMonth);
  try {
    await api.tables.createRow({
      databaseId: DATABASE_ID,
      tableId: TABLES.studentRecords,
      rowId: member.id,
      data: { studentId: member.id, birthMonth, birthMonthSource: 'student' } satisfies StudentRecordColumns,
      permissions: [],
    });
  } catch (thrown) {
    if (!hasStatus(thrown, 409)) throw thrown;
    // The roster made the row (a graduation year), or another request at the same instant did: decide
    // on the row as it is, so only the first month given is kept.
    await decideTogether(api, [{ tableId: TABLES.studentRecords, rowId: member.id }], async () => {
      const record = await recordOf(api, member.id);
      if (record?.birthMonth) throw notAllowed(YOUTH_RULE_MESSAGES.birthMonthRecorded);
      return {
        writes: [{ action: 'update', tableId: TABLES.studentRecords, rowId: member.id, data: { birthMonth, birthMonthSource: 'student' } }],
        answer: undefined,
      };
    });
  }
  return { birthMonthGiven: true, asked: true } satisfies AgeStatus;
};

/** PUT /students/{id}/birth-month `{ birthMonth }` — the staff of a school the student belongs to (or the board's administrators) correct it. */
export const correctBirthMonth: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const birthMonth = checkedBirthMonth(body);
  const studentId = params.id as string;
  if (!(await mayCorrect(api, member, studentId))) throw notAllowed(YOUTH_RULE_MESSAGES.onlyStudentsStaff);
  await api.tables.upsertRow({
    databaseId: DATABASE_ID,
    tableId: TABLES.studentRecords,
    rowId: studentId,
    data: { studentId, birthMonth, birthMonthSource: 'teacher' } satisfies StudentRecordColumns,
    permissions: [],
  });
  return { corrected: true };
};

function checkedBirthMonth(body: RequestBody): string {
  const birthMonth = body.text('birthMonth')?.trim() ?? '';
  body.done();
  if (!isPlausibleBirthMonth(birthMonth, todayDateString())) throw invalidInput({ birthMonth: YOUTH_RULE_MESSAGES.birthMonthInvalid });
  return birthMonth;
}

/** Staff of a school the student belongs to, or a board administrator; a student id of nobody's student is refused alike. */
async function mayCorrect(api: ServerApi, member: Member, studentId: string): Promise<boolean> {
  const studentSchools = (await membershipsOf(api, studentId)).filter((membership) => membership.student).map((membership) => membership.schoolId);
  if (studentSchools.length === 0) return false;
  if (isBoardAdmin(member)) return true;
  const staffOf = (await membershipsOf(api, member.id)).filter((membership) => membership.staffRoles.length > 0).map((membership) => membership.schoolId);
  return studentSchools.some((schoolId) => staffOf.includes(schoolId));
}

function recordOf(api: ServerApi, studentId: string): Promise<StudentRecordRow | undefined> {
  return orUndefined(api.tables.getRow<StudentRecordRow>({ databaseId: DATABASE_ID, tableId: TABLES.studentRecords, rowId: studentId }));
}
