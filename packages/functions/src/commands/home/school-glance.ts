import { fromQuarterHours, STUDENT_MEMBERSHIP_ROLE, TABLES, type CohortGlance, type SchoolGlance, type StudentGlance } from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';
import { allRows } from '../../portal/alert-rows.ts';
import type { ApplicationRow } from '../../portal/rows.ts';
import { hoursSettings } from '../hours/hours-settings.ts';
import type { ServiceHoursRow } from '../hours/hours-rows.ts';

const PAGE = 100;
const SHOWN = 10;

/** A school's confirmed students: id, name and address, as the school's team holds them. */
export async function studentsOf(api: ServerApi, schoolId: string): Promise<Array<{ id: string; name: string; email: string }>> {
  const students: Array<{ id: string; name: string; email: string }> = [];
  for (let offset = 0; ; offset += PAGE) {
    const { memberships } = await api.teams.listMemberships({
      teamId: schoolId,
      queries: [Query.contains('roles', [STUDENT_MEMBERSHIP_ROLE]), Query.limit(PAGE), Query.offset(offset)],
    });
    for (const membership of memberships) {
      if (membership.confirm) students.push({ id: membership.userId, name: membership.userName, email: membership.userEmail });
    }
    if (memberships.length < PAGE) return students;
  }
}

/** Every application of these students (read in slices, as a query holds at most 100 values). */
export async function applicationsOf(api: ServerApi, studentIds: readonly string[]): Promise<ApplicationRow[]> {
  const rows: ApplicationRow[] = [];
  for (let start = 0; start < studentIds.length; start += PAGE) {
    rows.push(...(await allRows<ApplicationRow>(api, TABLES.applications, [Query.equal('applicantId', studentIds.slice(start, start + PAGE))])));
  }
  return rows;
}

/**
 * One school's students at a glance for its staff: hours toward the requirement (how many are done,
 * past half, started, not started, and who is furthest behind), applications and placements, and the
 * students with no activity at all (no application, no hours logged).
 */
export async function schoolGlance(api: ServerApi, school: { id: string; name: string }): Promise<SchoolGlance> {
  const { requiredHours } = hoursSettings();
  const students = await studentsOf(api, school.id);
  const hours = await allRows<ServiceHoursRow>(api, TABLES.serviceHours, [Query.equal('schoolId', school.id)]);
  const applications = await applicationsOf(
    api,
    students.map((student) => student.id),
  );
  const years = await graduationYearsOf(
    api,
    students.map((student) => student.id),
  );
  const approvedQuarters = new Map<string, number>();
  const logged = new Set<string>();
  for (const entry of hours) {
    logged.add(entry.studentId);
    if (entry.approvedQuarterHours) approvedQuarters.set(entry.studentId, (approvedQuarters.get(entry.studentId) ?? 0) + entry.approvedQuarterHours);
  }
  const applied = new Map<string, { applications: number; placements: number }>();
  for (const application of applications) {
    const tally = applied.get(application.applicantId) ?? { applications: 0, placements: 0 };
    tally.applications += 1;
    if (application.status === 'accepted') tally.placements += 1;
    applied.set(application.applicantId, tally);
  }
  const glances: StudentGlance[] = students.map((student) => ({
    ...student,
    graduationYear: years.get(student.id) ?? null,
    approvedHours: fromQuarterHours(approvedQuarters.get(student.id) ?? 0),
    applications: applied.get(student.id)?.applications ?? 0,
    placements: applied.get(student.id)?.placements ?? 0,
  }));
  const bands = { done: 0, pastHalf: 0, started: 0, none: 0 };
  for (const glance of glances) {
    if (glance.approvedHours >= requiredHours) bands.done += 1;
    else if (glance.approvedHours >= requiredHours / 2) bands.pastHalf += 1;
    else if (glance.approvedHours > 0) bands.started += 1;
    else bands.none += 1;
  }
  const byName = (a: StudentGlance, b: StudentGlance) => (a.name || a.email).localeCompare(b.name || b.email);
  const inactive = glances.filter((glance) => glance.applications === 0 && !logged.has(glance.id)).sort(byName);
  return {
    schoolId: school.id,
    schoolName: school.name,
    requiredHours,
    students: students.length,
    hoursBands: bands,
    furthestBehind: glances
      .filter((glance) => glance.approvedHours < requiredHours)
      .sort((a, b) => soonestFirst(a.graduationYear, b.graduationYear) || a.approvedHours - b.approvedHours || byName(a, b))
      .slice(0, SHOWN),
    cohorts: cohortsOf(glances, requiredHours, new Date()),
    applications: applications.length,
    placements: applications.filter((application) => application.status === 'accepted').length,
    inactive: inactive.length,
    inactiveStudents: inactive.slice(0, SHOWN),
  };
}

/** Unknown graduation years sort last. */
const soonestFirst = (a: number | null, b: number | null): number => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);

/**
 * The hours a student graduating in June of `graduationYear` would have now at a steady pace from the
 * September four years before (the summer before Grade 9 may count too, so this errs on the kind side).
 */
export function hoursOnPace(requiredHours: number, graduationYear: number, now: Date): number {
  const start = Date.UTC(graduationYear - 4, 8, 1);
  const end = Date.UTC(graduationYear, 5, 30);
  const share = Math.min(1, Math.max(0, (now.getTime() - start) / (end - start)));
  return requiredHours * share;
}

function cohortsOf(glances: readonly StudentGlance[], requiredHours: number, now: Date): CohortGlance[] {
  const byYear = new Map<number | null, CohortGlance>();
  for (const glance of glances) {
    const cohort = byYear.get(glance.graduationYear) ?? { graduationYear: glance.graduationYear, students: 0, done: 0, behind: 0 };
    cohort.students += 1;
    if (glance.approvedHours >= requiredHours) cohort.done += 1;
    else if (glance.graduationYear !== null && glance.approvedHours < hoursOnPace(requiredHours, glance.graduationYear, now)) cohort.behind += 1;
    byYear.set(glance.graduationYear, cohort);
  }
  return [...byYear.values()].sort((a, b) => soonestFirst(a.graduationYear, b.graduationYear));
}

/** The graduation years the roster gave, by student id (read in slices of 100 ids). */
async function graduationYearsOf(api: ServerApi, studentIds: readonly string[]): Promise<Map<string, number>> {
  const years = new Map<string, number>();
  for (let start = 0; start < studentIds.length; start += PAGE) {
    const rows = await allRows<StudentRecordRow>(api, TABLES.studentRecords, [Query.equal('$id', studentIds.slice(start, start + PAGE))]);
    for (const row of rows) if (row.graduationYear !== null) years.set(row.$id, row.graduationYear);
  }
  return years;
}

type StudentRecordRow = Models.Row & { studentId: string; graduationYear: number | null };
