import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { postingReach } from '../portal/employer-approval.ts';
import { assignmentPermissions, postingPermissions, serviceHoursPermissions } from '../portal/permissions.ts';
import { postingAssignment, shareImageWithReaders } from '../portal/postings.ts';
import type { JobAssignmentRow, JobRow, ServiceHoursRow } from '../portal/rows.ts';
import { schoolOfStudent, staffSchoolsOf } from '../portal/schools.ts';

/**
 * Issue 23, migration of rows written before schools: their permissions still grant every teacher
 * (`label:teacher`). Once every member has their school (`migrate-board.ts`), a student's hours
 * entries and who a posting is assigned to are given their student's school, and a teacher's
 * postings their teacher's school, with the permissions a command would write today. A row already
 * carrying its school, or one nobody can place (a student of no school, a recruiter's posting), is
 * left as it is, so a second run changes nothing.
 */

export interface SchoolRowsMigration {
  hours: number;
  postings: number;
  assignments: number;
  /** False when the run stopped for time; the next run picks up the rows still to do. */
  done: boolean;
}

const PAGE = 100;
const TEACHERS = 'read("label:teacher")';

/** Each row of `tableId` matching `queries`, by id, while `inTime()` holds; false when time ran out. */
async function eachRow<Row extends Models.Row>(
  api: ServerApi,
  tableId: string,
  queries: string[],
  inTime: () => boolean,
  visit: (row: Row) => Promise<void>,
): Promise<boolean> {
  for (let after: string | undefined; ;) {
    const page = [...queries, Query.orderAsc('$id'), Query.limit(PAGE), ...(after ? [Query.cursorAfter(after)] : [])];
    const { rows } = await api.tables.listRows<Row>({ databaseId: DATABASE_ID, tableId, queries: page });
    for (const row of rows) {
      if (!inTime()) return false;
      await visit(row);
      after = row.$id;
    }
    if (rows.length < PAGE) return true;
  }
}

export async function scopeRowsToSchools(api: ServerApi, inTime: () => boolean): Promise<SchoolRowsMigration> {
  const outcome: SchoolRowsMigration = { hours: 0, postings: 0, assignments: 0, done: false };
  const hoursDone = await eachRow<ServiceHoursRow>(api, TABLES.serviceHours, [Query.isNull('schoolId')], inTime, async (entry) => {
    const schoolId = await schoolOfStudent(api, entry.studentId);
    if (!schoolId) return;
    const permissions = serviceHoursPermissions(entry.studentId, schoolId);
    await api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: entry.$id, data: { schoolId }, permissions });
    outcome.hours += 1;
  });
  if (!hoursDone) return outcome;
  const postingsDone = await eachRow<JobRow>(api, TABLES.jobs, [Query.isNull('schoolId')], inTime, async (job) => {
    // A teacher's posting belongs to the school they are staff of (the only one, in a board made by the migration).
    const [schoolId] = await staffSchoolsOf(api, { id: job.creatorId });
    if (!schoolId) return;
    const assigneeId = (await postingAssignment(api, job))?.studentId ?? null;
    const audience = { ...job, schoolId, ...(await postingReach(api, job)) };
    const permissions = postingPermissions(audience, assigneeId);
    await api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id, data: { schoolId }, permissions });
    await shareImageWithReaders(api, audience, assigneeId);
    outcome.postings += 1;
  });
  if (!postingsDone) return outcome;
  // No query reads permissions: every assignment is looked at, and only one still granting every teacher changed.
  const assignmentsDone = await eachRow<JobAssignmentRow>(api, TABLES.jobAssignments, [], inTime, async (assignment) => {
    if (!assignment.$permissions.includes(TEACHERS)) return;
    const schoolId = await schoolOfStudent(api, assignment.studentId);
    const job = await orUndefined(api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: assignment.jobId }));
    if (!schoolId || !job) return;
    const permissions = assignmentPermissions(job, assignment.studentId, schoolId);
    await api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.jobAssignments, rowId: assignment.$id, data: {}, permissions });
    outcome.assignments += 1;
  });
  return { ...outcome, done: assignmentsDone };
}
