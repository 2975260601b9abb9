import {
  awaitsSchool,
  DATABASE_ID,
  SCHOOL_MESSAGES,
  staffRoleProblem,
  TABLES,
  type JoinRequest,
  type JoinRequestColumns,
  type JoinRequestKind,
  type StaffRole,
} from '@opportunity-kit/sdk/domain';
import { Permission, Query, type Models } from 'node-appwrite';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed, notFound } from '../../platform/command-error.ts';
import { deploymentSettings } from '../../platform/deployment-settings.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { accountEvidence, assignRole } from '../../portal/member-role.ts';
import { addToSchool, enrolAsStudent, isStaffOf, membershipsOf, schoolOfStudent, schoolStaff } from '../../portal/schools.ts';
import { decideTogether } from '../../portal/atomic-writes.ts';
import { mailRequestDeclined, mailSchoolWelcome } from './school-mail.ts';
import { isBoardAdmin, schoolNamed } from './school-access.ts';

type JoinRequestRow = Models.Row & JoinRequestColumns;

/**
 * Requests to join a school (issue 23): a verified staff address that no school has added yet, or a
 * student who signed up alone, asks one school; its administrators decide a staff request (with the
 * roles they give), any of its staff a student's. One request per member at a time: the row's id is
 * the member's, read by the member and by those who decide it.
 */

function toJoinRequest(row: JoinRequestRow): JoinRequest {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    kind: row.kind,
    schoolId: row.schoolId,
    status: row.status,
    staffRoles: row.staffRoles.filter((role): role is StaffRole => ['admin', 'teacher', 'counsellor', 'coop'].includes(role)),
    reason: row.reason,
    createdAt: row.$createdAt,
  };
}

/** Who reads a request: the member who made it, and the school's administrators (staff requests) or staff (students'). */
function requestPermissions(userId: string, schoolId: string, kind: JoinRequestKind): string[] {
  const deciders = kind === 'staff' ? `team:${schoolId}/admin` : schoolStaff(schoolId);
  return [Permission.read(`user:${userId}`), Permission.read(deciders)];
}

const requestRow = (userId: string) => ({ databaseId: DATABASE_ID, tableId: TABLES.schoolRequests, rowId: userId });

/** The member's request still waiting for a decision, if any. */
export async function pendingRequestOf(api: ServerApi, userId: string): Promise<JoinRequest | null> {
  const row = await orUndefined(api.tables.getRow<JoinRequestRow>(requestRow(userId)));
  return row && row.status === 'pending' ? toJoinRequest(row) : null;
}

/**
 * Whether the member may ask to join a school, and as what: a student (the label, which only a
 * verified address the account was created with gets) in no school yet, or a staff address that
 * would be staff by the same rule. An account that moved to a school address asks nothing: a school
 * could otherwise hand its powers to someone who never owned the address.
 */
async function requestKind(api: ServerApi, member: Member): Promise<JoinRequestKind> {
  if (member.role === 'student') {
    if ((await membershipsOf(api, member.id)).some((membership) => membership.student)) throw notAllowed(SCHOOL_MESSAGES.alreadyMember);
    return 'student';
  }
  const user = await api.users.get({ userId: member.id });
  if (awaitsSchool(await accountEvidence(api, user), deploymentSettings()) || member.role === 'teacher') return 'staff';
  throw notAllowed('Only a verified school address can ask to join a school.');
}

/**
 * POST /schools/{id}/requests — the signed-in member asks to join the school (a new request replaces
 * their earlier pending one, so they may change their mind about which school).
 */
export const requestToJoin: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  body.done();
  const school = await schoolNamed(api, params.id as string);
  const kind = await requestKind(api, member);
  if (kind === 'staff' && (await isStaffOf(api, member, school.id))) throw notAllowed(SCHOOL_MESSAGES.alreadyMember);
  const row = await api.tables.upsertRow<JoinRequestRow>({
    ...requestRow(member.id),
    data: {
      userId: member.id,
      name: member.name || member.email,
      email: member.email,
      kind,
      schoolId: school.id,
      status: 'pending',
      staffRoles: [],
      reason: null,
      decidedBy: null,
      decidedAt: null,
    } satisfies JoinRequestColumns,
    permissions: requestPermissions(member.id, school.id, kind),
  });
  return toJoinRequest(row);
};

/** What the caller may decide at the school: every request as one of its (or the board's) administrators, students' as its staff. */
async function decidableKinds(api: ServerApi, member: Member, schoolId: string): Promise<JoinRequestKind[]> {
  if (isBoardAdmin(member) || (await isStaffOf(api, member, schoolId, ['admin']))) return ['staff', 'student'];
  if (await isStaffOf(api, member, schoolId)) return ['student'];
  throw notAllowed('Only the staff of this school can see its requests.');
}

/** GET /schools/{id}/requests — the school's pending requests the caller may decide, oldest first. */
export const listRequests: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  body.done();
  const school = await schoolNamed(api, params.id as string);
  const kinds = await decidableKinds(api, member, school.id);
  const { rows } = await api.tables.listRows<JoinRequestRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.schoolRequests,
    queries: [Query.equal('schoolId', school.id), Query.equal('status', 'pending'), Query.equal('kind', kinds), Query.orderAsc('$createdAt'), Query.limit(500)],
  });
  return rows.map(toJoinRequest) satisfies JoinRequest[];
};

/**
 * POST /schools/{id}/requests/{userId} `{ decision: approve | decline, roles?, reason? }` — approving
 * makes the member one of the school's students, or staff with the roles given; either way they are
 * mailed. Decided once: a second decision at the same instant finds it decided.
 */
export const decideRequest: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const decision = body.text('decision');
  const roles = body.textList('roles') ?? [];
  const reason = body.text('reason')?.trim() || null;
  body.done();
  const school = await schoolNamed(api, params.id as string);
  const kinds = await decidableKinds(api, member, school.id);
  if (decision !== 'approve' && decision !== 'decline') throw invalidInput({ decision: 'Please choose approve or decline.' });
  const userId = params.userId as string;
  const current = await orUndefined(api.tables.getRow<JoinRequestRow>(requestRow(userId)));
  if (!current || current.schoolId !== school.id || !kinds.includes(current.kind)) throw notFound(SCHOOL_MESSAGES.requestNotFound);
  if (decision === 'approve' && current.kind === 'staff') {
    const problem = staffRoleProblem(roles);
    if (problem) throw invalidInput({ roles: problem });
  }
  // A student another school enrolled meanwhile (a roster import) stays that school's.
  if (decision === 'approve' && current.kind === 'student' && (await schoolOfStudent(api, userId)) !== undefined) {
    throw invalidInput({ decision: SCHOOL_MESSAGES.studentOfAnotherSchool });
  }
  const decided = await decideTogether(api, [{ tableId: TABLES.schoolRequests, rowId: userId }], async () => {
    const row = await api.tables.getRow<JoinRequestRow>(requestRow(userId));
    if (row.status !== 'pending' || row.schoolId !== school.id) throw invalidInput({ decision: SCHOOL_MESSAGES.requestDecided });
    const data = {
      status: decision === 'approve' ? 'approved' : 'declined',
      staffRoles: decision === 'approve' && row.kind === 'staff' ? roles : [],
      reason,
      decidedBy: member.id,
      decidedAt: new Date().toISOString(),
    } as const;
    return { writes: [{ action: 'update', tableId: TABLES.schoolRequests, rowId: userId, data }], answer: { ...row, ...data } as JoinRequestRow };
  });
  const portal = portalOrigin();
  if (decision === 'approve') {
    if (decided.kind === 'staff') await addToSchool(api, school.id, userId, { staffRoles: roles as StaffRole[] });
    else if ((await enrolAsStudent(api, school.id, userId)) === 'other-school') {
      // Another school enrolled them at this very instant and keeps them: the request is declined for it.
      await api.tables.updateRow({ ...requestRow(userId), data: { status: 'declined', reason: SCHOOL_MESSAGES.studentOfAnotherSchool } });
      throw invalidInput({ decision: SCHOOL_MESSAGES.studentOfAnotherSchool });
    }
    await assignRole(api, userId, deploymentSettings());
    await mailSchoolWelcome(api, {
      userId,
      name: decided.name,
      schoolName: school.name,
      portal,
      staffRoles: decided.kind === 'staff' ? (roles as StaffRole[]) : [],
      by: member.name || member.email,
    });
  } else {
    await mailRequestDeclined(api, { userId, name: decided.name, schoolName: school.name, portal }, reason);
  }
  return toJoinRequest(decided);
};
