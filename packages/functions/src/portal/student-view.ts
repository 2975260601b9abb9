import { ageOn, isSchoolId, STUDENT_MEMBERSHIP_ROLE, TABLES, toJob, todayDateString, type BoardRules, type DateString } from '@opportunity-kit/sdk/domain';
import { Query, Role, type Models } from 'node-appwrite';
import type { Member } from '../platform/caller.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { canRead, readRoles } from './permissions.ts';
import type { JobAssignmentRow, JobRow } from './rows.ts';
import { membershipsOf, studentIdsOf } from './schools.ts';
import { rowsByIds } from './alert-rows.ts';
import { boardRulesOf, studentAgeOf, studentMayTake, type StudentRecordColumns } from './youth-rules.ts';

type StudentRecordRow = Models.Row & StudentRecordColumns;

/**
 * What a student may see of the postings: the one rule every path uses that shows postings to a
 * student while reading them with a key (the coach's context and the prompt it sends, alerts, deadline
 * notices, the digest, notices kept in the bell, saved postings). A filter repeated per path drifted
 * once already: the coach named postings of recruiters nobody had vetted.
 *
 * A student may open a posting when a teacher has not hidden it, its recruiter is not waiting for
 * approval (or declined), and the row's read permissions let them in (Appwrite enforces those on every
 * direct read, list and realtime event; a private posting is its creator's, teachers' and its assigned
 * student's). The facts are checked as well as the permissions because a hide or a decline writes the
 * fact first and the permissions a moment later.
 */
export function studentMayOpen(job: JobRow, student: StudentReader): boolean {
  if (job.hiddenReason || job.waitingForApproval) return false;
  return canRead(job.$permissions, studentRoles(student));
}

/**
 * A student as the rule weighs them: who they are and the schools that confirmed them, since a
 * recruiter's posting may reach only some schools of the board (issue 23).
 */
export interface StudentReader {
  id: string;
  schoolIds: readonly string[];
}

/** The student making a request, from the team roles Appwrite gives them. */
export function studentReaderOf(member: Member): StudentReader {
  const schoolIds = member.roles.flatMap((role) => /^team:([^/]+)\/student$/.exec(role)?.[1] ?? []);
  return { id: member.id, schoolIds };
}

/**
 * A student as the school weighs what to put in front of them (issue 26): their schools, and their age
 * (null when nobody gave a birth month) under the board's youth-work rules on `today`.
 */
export interface StudentViewer extends StudentReader {
  age: number | null;
  rules: BoardRules;
  today: DateString;
}

/**
 * Looks students up for a path that weighs many of them: the board's rules are read once, each
 * student's age once, and their schools once (not at all for a posting anyone may read, where schools
 * make no difference).
 */
export function studentReaders(api: ServerApi): (studentId: string, job?: JobRow) => Promise<StudentViewer> {
  const today = todayDateString();
  const rules = boardRulesOf(api);
  const ages = new Map<string, Promise<number | null>>();
  const schools = new Map<string, Promise<string[]>>();
  const once = <T>(cache: Map<string, Promise<T>>, studentId: string, read: () => Promise<T>): Promise<T> => {
    let known = cache.get(studentId);
    if (!known) cache.set(studentId, (known = read()));
    return known;
  };
  return async (studentId, job) => {
    const anyoneReads = job !== undefined && readRoles(job.$permissions).includes(Role.any());
    const [schoolIds, age] = await Promise.all([
      anyoneReads
        ? []
        : once(schools, studentId, async () =>
            (await membershipsOf(api, studentId)).filter((membership) => membership.student).map((membership) => membership.schoolId),
          ),
      once(ages, studentId, () => studentAgeOf(api, studentId, today)),
    ]);
    return { id: studentId, schoolIds, age, rules: await rules, today };
  };
}

/**
 * The same lookups for many students at once (a posting matching thousands of saved searches, issue
 * 27, a digest for a hundred students): ages a hundred records per request, and schools from the
 * memberships of the schools that may read the postings (only those can let a student in), not one
 * request per student.
 */
export async function studentViewers(api: ServerApi, studentIds: readonly string[], jobs: readonly JobRow[]): Promise<Map<string, StudentViewer>> {
  const today = todayDateString();
  const wanted = [...new Set(studentIds)];
  const [rules, ages, schools] = await Promise.all([boardRulesOf(api), studentAgesOf(api, wanted, today), readingSchoolsOf(api, wanted, jobs)]);
  return new Map(wanted.map((id) => [id, { id, schoolIds: schools.get(id) ?? [], age: ages.get(id) ?? null, rules, today }]));
}

async function studentAgesOf(api: ServerApi, studentIds: readonly string[], today: DateString): Promise<Map<string, number | null>> {
  const records = await rowsByIds<StudentRecordRow>(api, TABLES.studentRecords, studentIds);
  return new Map(records.map((record) => [record.$id, record.birthMonth ? ageOn(record.birthMonth, today) : null]));
}

/** The schools among those whose teams may read the postings that count each student as theirs. */
async function readingSchoolsOf(api: ServerApi, studentIds: readonly string[], jobs: readonly JobRow[]): Promise<Map<string, string[]>> {
  const schools = new Map<string, string[]>();
  // Where anyone may read a posting, schools make no difference to it.
  const readers = jobs.map((job) => readRoles(job.$permissions)).filter((roles) => !roles.includes(Role.any()));
  const wanted = new Set(studentIds);
  const teams = new Set(
    readers
      .flat()
      .flatMap((role) => /^team:([^/]+)/.exec(role)?.[1] ?? [])
      .filter(isSchoolId),
  );
  for (const schoolId of teams) {
    for (const studentId of await studentIdsOf(api, schoolId)) {
      if (wanted.has(studentId)) schools.set(studentId, [...(schools.get(studentId) ?? []), schoolId]);
    }
  }
  return schools;
}

/**
 * Whether the school may put a posting in front of a student (the coach, alerts, deadline notices, the
 * digest): they may open it, it is open, it is public and assigned to nobody or assigned to them, and
 * the youth-work rules let a student of their age take it.
 */
export function studentMaySee(job: JobRow, assignment: JobAssignmentRow | undefined, student: StudentViewer): boolean {
  if (job.closedAs || !studentMayOpen(job, student)) return false;
  const offered = job.assignedAt ? assignment?.studentId === student.id : job.visible === true;
  return offered && studentMayTake(toJob(job), student.age, student.rules, student.today).mayTake;
}

/**
 * Whether a signed-out visitor may see the posting (what the newsletter lists, issue 24): the same rule
 * as for every student, weighed with the one role a visitor holds, so a posting that reaches only some
 * schools, a private, assigned, hidden, closed or held-back one is never named to the public.
 */
export function visitorMaySee(job: JobRow): boolean {
  if (job.closedAs || job.assignedAt || job.visible !== true || job.hiddenReason || job.waitingForApproval) return false;
  return canRead(job.$permissions, [Role.any()]);
}

/** The roles a signed-in, verified student holds in Appwrite's permission checks, their schools' teams included. */
function studentRoles(student: StudentReader): string[] {
  return [
    Role.any(),
    Role.users(),
    Role.users('verified'),
    Role.user(student.id),
    Role.user(student.id, 'verified'),
    Role.label('student'),
    ...student.schoolIds.flatMap((schoolId) => [Role.team(schoolId), Role.team(schoolId, STUDENT_MEMBERSHIP_ROLE)]),
  ];
}

/**
 * Who may hear about the posting at all: every student (a public, unassigned, open posting nobody hid
 * or holds back), the one it is assigned to, or nobody. Each student of the audience still passes
 * `studentMaySee` before anything names the posting to them.
 */
export function postingAudience(job: JobRow, assignment: JobAssignmentRow | undefined): 'all-students' | { studentId: string } | 'nobody' {
  if (job.closedAs || job.hiddenReason || job.waitingForApproval) return 'nobody';
  if (job.assignedAt) return assignment ? { studentId: assignment.studentId } : 'nobody';
  return job.visible === true ? 'all-students' : 'nobody';
}

/**
 * The queries that narrow a listing to postings every student may see (open, public, unassigned, not
 * hidden); each row found still goes through `studentMaySee`, which also weighs approval and permissions.
 */
export function everyStudentQueries(): string[] {
  return [Query.equal('visible', true), Query.isNull('assignedAt'), Query.isNull('closedAs'), Query.isNull('hiddenReason')];
}

/** The postings with these ids that the student may see now, by id (unknown ids and the others are left out). */
export async function postingsStudentMaySee(api: ServerApi, student: StudentViewer, jobIds: readonly string[]): Promise<Map<string, JobRow>> {
  const visible = new Map<string, JobRow>();
  for (const { row, assignment } of (await postingsByIds(api, jobIds)).values()) if (studentMaySee(row, assignment, student)) visible.set(row.$id, row);
  return visible;
}

/** The postings with these ids, each with its assignment when it is assigned, a hundred per request. */
export async function postingsByIds(
  api: ServerApi,
  jobIds: readonly string[],
): Promise<Map<string, { row: JobRow; assignment: JobAssignmentRow | undefined }>> {
  const rows = await rowsByIds<JobRow>(api, TABLES.jobs, jobIds);
  const assignments = await assignmentsOf(api, rows);
  return new Map(rows.map((row) => [row.$id, { row, assignment: assignments.get(row.$id) }]));
}

/** The assignment rows of the assigned postings among `rows` (row id = the posting's id). */
async function assignmentsOf(api: ServerApi, rows: readonly JobRow[]): Promise<Map<string, JobAssignmentRow>> {
  const assigned = rows.filter((row) => row.assignedAt).map((row) => row.$id);
  const assignments = await rowsByIds<JobAssignmentRow>(api, TABLES.jobAssignments, assigned);
  return new Map(assignments.map((assignment) => [assignment.$id, assignment]));
}
