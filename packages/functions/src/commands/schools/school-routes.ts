import {
  DATABASE_ID,
  SCHOOL_MESSAGES,
  schoolNameProblem,
  STAFF_MEMBERSHIP_ROLE,
  STUDENT_MEMBERSHIP_ROLE,
  TABLES,
  type MySchools,
  type School,
  type SchoolFigures,
} from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { allSchools, createSchool, membershipsOf } from '../../portal/schools.ts';
import { isBoardAdmin } from './school-access.ts';
import { pendingRequestOf } from './join-requests.ts';

/** GET /schools — the board's schools, for any signed-in member (to pick theirs). */
export const listSchools: Command = async ({ caller, body, api }) => {
  requireMember(caller);
  body.done();
  return (await allSchools(api)) satisfies School[];
};

/** POST /schools `{ name }` — the board's administrators create a school (an Appwrite Team). */
export const createSchoolRoute: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const name = body.text('name') ?? '';
  body.done();
  if (!isBoardAdmin(member)) throw notAllowed(SCHOOL_MESSAGES.onlyBoardAdmins);
  const problem = schoolNameProblem(name);
  if (problem) throw invalidInput({ name: problem });
  return (await createSchool(api, name)) satisfies School;
};

/** GET /schools/mine — the caller's own schools and roles (read on the server: their memberships). */
export const mySchools: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  const [memberships, request] = await Promise.all([membershipsOf(api, member.id), pendingRequestOf(api, member.id)]);
  return { memberships, request, boardAdmin: isBoardAdmin(member) } satisfies MySchools;
};

/** GET /schools/figures — each school's counts of students, staff and waiting requests, for the board's administrators. */
export const schoolFigures: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  if (!isBoardAdmin(member)) throw notAllowed('Only the board’s administrators see the board’s figures.');
  const schools = await allSchools(api);
  return (await Promise.all(schools.map((school) => figuresOf(api, school)))) satisfies SchoolFigures[];
};

async function figuresOf(api: ServerApi, school: School): Promise<SchoolFigures> {
  const withRole = async (role: string) =>
    (await api.teams.listMemberships({ teamId: school.id, queries: [Query.contains('roles', [role]), Query.limit(1)] })).total;
  const [students, staff, pending] = await Promise.all([
    withRole(STUDENT_MEMBERSHIP_ROLE),
    withRole(STAFF_MEMBERSHIP_ROLE),
    api.tables.listRows({
      databaseId: DATABASE_ID,
      tableId: TABLES.schoolRequests,
      queries: [Query.equal('schoolId', school.id), Query.equal('status', 'pending'), Query.limit(1)],
    }),
  ]);
  return { schoolId: school.id, name: school.name, students, staff, pendingRequests: pending.total };
}
