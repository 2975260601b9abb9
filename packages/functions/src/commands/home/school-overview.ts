import {
  fromQuarterHours,
  STAFF_MEMBERSHIP_ROLE,
  TABLES,
  type JoinRequestColumns,
  type School,
  type SchoolOverview,
  type StaffRequestGlance,
} from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';
import { allRows } from '../../portal/alert-rows.ts';
import type { ServiceHoursRow } from '../hours/hours-rows.ts';
import { applicationsOf, studentsOf } from './school-glance.ts';

type RequestRow = Models.Row & JoinRequestColumns;

/** A school's figures for its administrators and the board's: people, waiting requests, hours, applications, placements. */
export async function schoolOverview(api: ServerApi, school: School): Promise<SchoolOverview> {
  const [students, staff, requests, hours] = await Promise.all([
    studentsOf(api, school.id),
    api.teams.listMemberships({ teamId: school.id, queries: [Query.contains('roles', [STAFF_MEMBERSHIP_ROLE]), Query.limit(1)] }),
    waitingRequests(api, [school.id]),
    allRows<ServiceHoursRow>(api, TABLES.serviceHours, [Query.equal('schoolId', school.id), Query.isNotNull('approvedQuarterHours')]),
  ]);
  const applications = await applicationsOf(
    api,
    students.map((student) => student.id),
  );
  return {
    schoolId: school.id,
    schoolName: school.name,
    students: students.length,
    staff: staff.total,
    studentRequests: requests.filter((request) => request.kind === 'student').length,
    staffRequests: requests.filter((request) => request.kind === 'staff').length,
    approvedHours: fromQuarterHours(hours.reduce((sum, entry) => sum + (entry.approvedQuarterHours ?? 0), 0)),
    applications: applications.length,
    placements: applications.filter((application) => application.status === 'accepted').length,
  };
}

/** The staff requests waiting for these schools' administrators, oldest first. */
export async function staffRequestsOf(api: ServerApi, schools: readonly School[]): Promise<StaffRequestGlance[]> {
  const names = new Map(schools.map((school) => [school.id, school.name]));
  const requests = await waitingRequests(
    api,
    schools.map((school) => school.id),
  );
  return requests
    .filter((request) => request.kind === 'staff')
    .sort((a, b) => a.$createdAt.localeCompare(b.$createdAt))
    .map((request) => ({
      id: request.userId,
      schoolId: request.schoolId,
      schoolName: names.get(request.schoolId) ?? '',
      name: request.name,
      email: request.email,
      requestedAt: request.$createdAt,
    }));
}

async function waitingRequests(api: ServerApi, schoolIds: readonly string[]): Promise<RequestRow[]> {
  if (schoolIds.length === 0) return [];
  return allRows<RequestRow>(api, TABLES.schoolRequests, [Query.equal('schoolId', [...schoolIds]), Query.equal('status', 'pending')]);
}
