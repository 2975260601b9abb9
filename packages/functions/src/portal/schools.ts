import {
  isSchoolId,
  STAFF_MEMBERSHIP_ROLE,
  membershipRoles,
  schoolIdFor,
  staffRolesOf,
  STUDENT_MEMBERSHIP_ROLE,
  type School,
  type SchoolMembership,
  type StaffRole,
} from '@opportunity-kit/sdk/domain';
import { Query, Role, type Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { Member } from '../platform/caller.ts';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { ServerApi } from '../platform/server-client.ts';

/**
 * The board's schools as the functions read them (issue 23): each school is an Appwrite Team, and
 * who belongs to it as what is its confirmed memberships. Every staff power a command grants is
 * checked here against the caller's memberships, never against a label alone.
 */

const PAGE = 100;

/** Every school of the board, oldest first (the first is the board's default school). */
export async function allSchools(api: ServerApi): Promise<School[]> {
  const schools: School[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { teams } = await api.teams.list({ queries: [Query.orderAsc('$createdAt'), Query.limit(PAGE), Query.offset(offset)] });
    schools.push(...teams.filter((team) => isSchoolId(team.$id)).map((team) => ({ id: team.$id, name: team.name })));
    if (teams.length < PAGE) return schools;
  }
}

/**
 * The board's default school: its first school, or, on a board that has none yet, one made now and
 * named `SCHOOL_NAME` (a board of one school stays as simple to run as one school was).
 */
export async function defaultSchool(api: ServerApi, env: NodeJS.ProcessEnv = process.env): Promise<School> {
  const [first] = await allSchools(api);
  if (first) return first;
  const made = await createSchool(api, env.SCHOOL_NAME?.trim() || 'Our school');
  // Two first runs at once each made one: every run answers the oldest, so all agree.
  return (await allSchools(api))[0] ?? made;
}

/** The schools `userId` belongs to and as what (confirmed memberships of school teams only). */
export async function membershipsOf(api: ServerApi, userId: string): Promise<SchoolMembership[]> {
  return schoolMembershipsIn(await teamMembershipsOf(api, userId));
}

/** Every team membership of `userId`, confirmed or not, as Appwrite lists them. */
async function teamMembershipsOf(api: ServerApi, userId: string): Promise<Models.Membership[]> {
  return (await api.users.listMemberships({ userId, queries: [Query.limit(PAGE)] })).memberships;
}

function schoolMembershipsIn(memberships: readonly Models.Membership[]): SchoolMembership[] {
  return memberships.filter((membership) => membership.confirm && isSchoolId(membership.teamId)).map(toSchoolMembership);
}

function toSchoolMembership(membership: Models.Membership): SchoolMembership {
  return {
    schoolId: membership.teamId,
    schoolName: membership.teamName,
    staffRoles: staffRolesOf(membership.roles),
    student: membership.roles.includes(STUDENT_MEMBERSHIP_ROLE),
  };
}

/** The schools `member` is on the staff of (any staff role): the students whose data their powers reach. */
export async function staffSchoolsOf(api: ServerApi, member: Pick<Member, 'id'>): Promise<string[]> {
  return (await membershipsOf(api, member.id)).filter((membership) => membership.staffRoles.length > 0).map((membership) => membership.schoolId);
}

/**
 * The roles Appwrite checks permissions against for `member`: their own (`Member.roles`) and, per
 * confirmed school membership, `team:<id>` and `team:<id>/<role>` as Appwrite adds them for a team.
 * A command deciding with `canRead` on a row a school's staff reads needs these.
 */
export async function permissionRolesOf(api: ServerApi, member: Member): Promise<string[]> {
  const teamRoles = (await teamMembershipsOf(api, member.id))
    .filter((membership) => membership.confirm)
    .flatMap((membership) => [Role.team(membership.teamId), ...membership.roles.map((role) => Role.team(membership.teamId, role))]);
  return [...member.roles, ...teamRoles];
}

/** The user ids of a school's staff (confirmed members with the staff role). */
export async function staffIdsOf(api: ServerApi, schoolId: string): Promise<string[]> {
  if (!isSchoolId(schoolId)) return [];
  const ids: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { memberships } = await api.teams.listMemberships({
      teamId: schoolId,
      queries: [Query.contains('roles', [STAFF_MEMBERSHIP_ROLE]), Query.limit(PAGE), Query.offset(offset)],
    });
    ids.push(...memberships.filter((membership) => membership.confirm).map((membership) => membership.userId));
    if (memberships.length < PAGE) return ids;
  }
}

/** The user ids of a school's students (confirmed members with the student role), a page at a time. */
export async function studentIdsOf(api: ServerApi, schoolId: string): Promise<string[]> {
  if (!isSchoolId(schoolId)) return [];
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const { memberships } = await api.teams.listMemberships({
      teamId: schoolId,
      queries: [Query.contains('roles', [STUDENT_MEMBERSHIP_ROLE]), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    ids.push(...memberships.filter((membership) => membership.confirm).map((membership) => membership.userId));
    if (memberships.length < PAGE) return ids;
    cursor = memberships.at(-1)?.$id;
  }
}

/** True when `userId` is on the staff of any school. */
export async function isStaffMember(api: ServerApi, userId: string): Promise<boolean> {
  return (await membershipsOf(api, userId)).some((membership) => membership.staffRoles.length > 0);
}

/** The school a student belongs to, if any (a student belongs to one). */
export async function schoolOfStudent(api: ServerApi, studentId: string): Promise<string | undefined> {
  return (await membershipsOf(api, studentId)).find((membership) => membership.student)?.schoolId;
}

/**
 * The school the staff member acts for: `requested` when they are on its staff (with one of `roles`,
 * when given), else the one school they are staff of. A staff member of several schools names one.
 */
export async function actingSchool(api: ServerApi, member: Member, requested: string | undefined, roles?: readonly StaffRole[]): Promise<string> {
  const allowed = (await membershipsOf(api, member.id)).filter(
    (membership) => membership.staffRoles.length > 0 && (!roles || membership.staffRoles.some((role) => roles.includes(role))),
  );
  if (requested) {
    if (!allowed.some((membership) => membership.schoolId === requested)) throw notAllowed('You are not on the staff of that school.');
    return requested;
  }
  if (allowed.length === 1) return (allowed[0] as SchoolMembership).schoolId;
  if (allowed.length === 0) throw notAllowed('Only the staff of a school can do this. Ask your school administrator to add you.');
  throw invalidInput({ schoolId: 'You are on the staff of several schools: please choose one.' });
}

/** True when `member` is on the staff of `schoolId` (with one of `roles`, when given). */
export async function isStaffOf(api: ServerApi, member: Pick<Member, 'id'>, schoolId: string, roles?: readonly StaffRole[]): Promise<boolean> {
  return (await membershipsOf(api, member.id)).some(
    (membership) =>
      membership.schoolId === schoolId && membership.staffRoles.length > 0 && (!roles || membership.staffRoles.some((role) => roles.includes(role))),
  );
}

/** The school's team, created with an id from its name (`schoolIdFor`). */
export async function createSchool(api: ServerApi, name: string): Promise<School> {
  const taken = new Set((await allSchools(api)).map((school) => school.id));
  for (;;) {
    const id = schoolIdFor(name, (candidate) => taken.has(candidate));
    try {
      const team = await api.teams.create({ teamId: id, name: name.trim(), roles: [] });
      return { id: team.$id, name: team.name };
    } catch (thrown) {
      // Another school took the id a moment ago: the next free one.
      if (!hasStatus(thrown, 409)) throw thrown;
      taken.add(id);
    }
  }
}

/**
 * Makes `userId` a member of the school with these roles (a staff member's roles add to those they
 * have there; a student's are `student`). With an API key Appwrite adds the membership at once,
 * confirmed, and mails nothing: the command mails what it has to say. `memberships`, the user's
 * memberships as the caller has just read them, saves reading them again.
 */
export async function addToSchool(
  api: ServerApi,
  schoolId: string,
  userId: string,
  member: { student: true } | { staffRoles: readonly StaffRole[] },
  memberships?: readonly Models.Membership[],
): Promise<void> {
  const roles = membershipRoles(member);
  let existing = memberships ? memberships.find((membership) => membership.teamId === schoolId) : await membershipIn(api, schoolId, userId);
  if (!existing) {
    try {
      await api.teams.createMembership({ teamId: schoolId, roles, userId });
      return;
    } catch (thrown) {
      // Another request (two imports of one roster at once) made the membership a moment ago: join it.
      if (!hasStatus(thrown, 409)) throw thrown;
      existing = await membershipIn(api, schoolId, userId);
      if (!existing) throw thrown;
    }
  }
  const merged = 'student' in member ? roles : [...new Set([...existing.roles, ...roles])];
  if (merged.join('\n') !== existing.roles.join('\n')) await api.teams.updateMembership({ teamId: schoolId, membershipId: existing.$id, roles: merged });
}

/**
 * Makes `userId` a student of the school unless another school has them: a school never takes
 * another's students. Two schools that enrol one new student at the same instant (two roster imports)
 * both find them in no school and both add them; each then reads the student's schools again, and the
 * oldest membership stays (the smaller school id on a tie): the other school removes its own at once,
 * so both reach the same answer and a student is never a student of two schools. An account the
 * caller has just created (`newAccount`) is in no school yet, so only that second reading is made.
 */
export async function enrolAsStudent(
  api: ServerApi,
  schoolId: string,
  userId: string,
  options: { newAccount?: boolean } = {},
): Promise<'enrolled' | 'other-school'> {
  const before = options.newAccount ? [] : await teamMembershipsOf(api, userId);
  const current = schoolMembershipsIn(before).find((membership) => membership.student)?.schoolId;
  if (current !== undefined && current !== schoolId) return 'other-school';
  if (current === undefined) await addToSchool(api, schoolId, userId, { student: true }, before);
  const asStudent = (await teamMembershipsOf(api, userId))
    .filter((membership) => isSchoolId(membership.teamId) && membership.roles.includes(STUDENT_MEMBERSHIP_ROLE))
    .sort((a, b) => a.$createdAt.localeCompare(b.$createdAt) || a.teamId.localeCompare(b.teamId));
  if (asStudent[0] === undefined || asStudent[0].teamId === schoolId) return 'enrolled';
  const mine = asStudent.find((membership) => membership.teamId === schoolId);
  if (mine) await orUndefined(api.teams.deleteMembership({ teamId: schoolId, membershipId: mine.$id }));
  return 'other-school';
}

/** `userId`'s membership of the school, if any. */
export async function membershipIn(api: ServerApi, schoolId: string, userId: string): Promise<Models.Membership | undefined> {
  const { memberships } = await api.teams.listMemberships({ teamId: schoolId, queries: [Query.equal('userId', userId), Query.limit(1)] });
  return memberships[0];
}

/** The permission roles of a school's staff and of all its members. */
export const schoolStaff = (schoolId: string): string => Role.team(schoolId, 'staff');
export const schoolMembers = (schoolId: string): string => Role.team(schoolId);
