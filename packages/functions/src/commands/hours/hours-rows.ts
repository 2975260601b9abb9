import { allRows } from '../../portal/alert-rows.ts';
import {
  countsTowardsDay,
  DATABASE_ID,
  dayLimitProblem,
  fromQuarterHours,
  HOURS_MESSAGES,
  TABLES,
  type HoursConfirmationColumns,
} from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import type { Member } from '../../platform/caller.ts';
import { invalidInput, notFound } from '../../platform/command-error.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { canRead } from '../../portal/permissions.ts';
import type { ServiceHoursRow } from '../../portal/rows.ts';
import { permissionRolesOf, staffSchoolsOf } from '../../portal/schools.ts';
import type { GuardedRow } from '../../portal/atomic-writes.ts';

export type { ServiceHoursRow } from '../../portal/rows.ts';
export type HoursConfirmationRow = Models.Row & HoursConfirmationColumns;

/** The entry, if the member may read it; else `not-found`, so an id never tells that someone else's entry exists. */
export async function readableEntry(api: ServerApi, member: Member, id: string): Promise<ServiceHoursRow> {
  const entry = await anyEntry(api, id);
  if (!entry || !canRead(entry.$permissions, await permissionRolesOf(api, member))) throw notFound(HOURS_MESSAGES.entryNotFound);
  return entry;
}

/** An entry as a guarded row: every write of the entry or its link goes through it, so decisions on it take turns. */
export const entryGuard = (id: string): GuardedRow => ({ tableId: TABLES.serviceHours, rowId: id });

export function anyEntry(api: ServerApi, id: string): Promise<ServiceHoursRow | undefined> {
  return orUndefined(api.tables.getRow<ServiceHoursRow>({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: id }));
}

/**
 * The query that keeps the entries of the students of the schools `member` is on the staff of: what a
 * teacher's queue and export reach. Undefined for a member on no school's staff, who reaches none.
 */
export async function staffSchoolsScope(api: ServerApi, member: Pick<Member, 'id'>): Promise<string | undefined> {
  const schools = await staffSchoolsOf(api, member);
  return schools.length === 0 ? undefined : Query.equal('schoolId', schools);
}

/** Every entry of the students of the schools `member` is on the staff of, with these extra queries (none for a teacher of no school). */
export async function entriesOfStaffSchools(api: ServerApi, member: Member, queries: string[] = []): Promise<ServiceHoursRow[]> {
  const scope = await staffSchoolsScope(api, member);
  return scope ? allRows<ServiceHoursRow>(api, TABLES.serviceHours, [scope, ...queries]) : [];
}

/** Every entry of one student, any status. */
export function entriesOf(api: ServerApi, studentId: string): Promise<ServiceHoursRow[]> {
  return allRows<ServiceHoursRow>(api, TABLES.serviceHours, [Query.equal('studentId', studentId)]);
}

/** Hours the student already logged for `date`, leaving out `exceptId` (the entry being edited) and declined entries. */
export async function hoursLoggedOn(api: ServerApi, studentId: string, date: string, exceptId?: string): Promise<number> {
  const rows = await allRows<ServiceHoursRow>(api, TABLES.serviceHours, [Query.equal('studentId', studentId), Query.equal('date', date)]);
  const quarters = rows.filter((row) => row.$id !== exceptId && countsTowardsDay(row.status)).reduce((sum, row) => sum + row.quarterHours, 0);
  return fromQuarterHours(quarters);
}

/** Refuses `hours` that would take the student's `date` over 12, counting the day's other entries but `exceptId`. */
export async function refuseOverDayLimit(api: ServerApi, studentId: string, date: string, hours: number, exceptId?: string): Promise<void> {
  const problem = dayLimitProblem(hours, await hoursLoggedOn(api, studentId, date, exceptId));
  if (problem) throw invalidInput({ hours: problem });
}

/** Approved hours (the approved part of a partial entry) and hours still waiting for a decision. */
export function totals(rows: readonly ServiceHoursRow[]): { approvedHours: number; pendingHours: number } {
  let approved = 0;
  let pending = 0;
  for (const row of rows) {
    if (row.status === 'approved' || row.status === 'partial') approved += row.approvedQuarterHours ?? 0;
    else if (row.status !== 'declined') pending += row.quarterHours;
  }
  return { approvedHours: fromQuarterHours(approved), pendingHours: fromQuarterHours(pending) };
}
