import {
  isEmailAddress,
  roleForEmail,
  SCHOOL_MESSAGES,
  STAFF_MEMBERSHIP_ROLE,
  staffRoleProblem,
  staffRolesOf,
  type SchoolStaffMember,
  type StaffRole,
} from '@opportunity-kit/sdk/domain';
import { ID, Query, type Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../../platform/appwrite-errors.ts';
import { requireMember } from '../../platform/caller.ts';
import { invalidInput, notAllowed, notFound } from '../../platform/command-error.ts';
import { deploymentSettings } from '../../platform/deployment-settings.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { accountEvidence, assignRole } from '../../portal/member-role.ts';
import { accountWithAddress, hasPassword } from '../../portal/school-accounts.ts';
import { addToSchool, membershipIn } from '../../portal/schools.ts';
import { setPasswordLink } from '../roster/invitation-mail.ts';
import { mailSchoolWelcome } from './school-mail.ts';
import { isBoardAdmin, requireSchoolAdmin, schoolNamed } from './school-access.ts';

const PAGE = 100;

/** GET /schools/{id}/staff — a school's staff with their roles, for its administrators and the board's. */
export const listStaff: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  body.done();
  const school = await schoolNamed(api, params.id as string);
  await requireSchoolAdmin(api, member, school.id);
  const staff: SchoolStaffMember[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { memberships } = await api.teams.listMemberships({
      teamId: school.id,
      queries: [Query.contains('roles', [STAFF_MEMBERSHIP_ROLE]), Query.limit(PAGE), Query.offset(offset)],
    });
    for (const membership of memberships) {
      staff.push({ userId: membership.userId, name: membership.userName, email: membership.userEmail, staffRoles: staffRolesOf(membership.roles) });
    }
    if (memberships.length < PAGE) return staff.sort((a, b) => a.name.localeCompare(b.name));
  }
};

/**
 * POST /schools/{id}/staff `{ email, name?, roles }` — a school administrator (or the board's) adds a
 * staff member with these roles (their roles at that school grow; none is taken away). Only a staff
 * address may be staff (the board's domain, not a student's address, or one the board invites). An
 * address with no account gets one, verified (the school vouches for its own addresses), and a link
 * to choose a password; everyone is mailed what they are now.
 */
export const addStaff: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const email = (body.text('email') ?? '').trim().toLowerCase();
  const name = (body.text('name') ?? '').trim();
  const roles = body.textList('roles') ?? [];
  body.done();
  const school = await schoolNamed(api, params.id as string);
  await requireSchoolAdmin(api, member, school.id);
  const settings = deploymentSettings();
  if (!isEmailAddress(email) || roleForEmail(email, settings) !== 'teacher')
    throw invalidInput({ email: SCHOOL_MESSAGES.notStaffAddress(settings.schoolDomain) });
  const roleProblem = staffRoleProblem(roles);
  if (roleProblem) throw invalidInput({ roles: roleProblem });
  const { account, created } = await staffAccount(api, email, name);
  await addToSchool(api, school.id, account.$id, { staffRoles: roles as StaffRole[] });
  // A new account's address is recorded here too, not only by its creation event (which may come later).
  await assignRole(api, account.$id, settings, created ? { $id: account.$id, email, registration: account.registration } : undefined);
  const portal = portalOrigin();
  await mailSchoolWelcome(api, {
    userId: account.$id,
    name: account.name || email,
    schoolName: school.name,
    portal,
    staffRoles: roles as StaffRole[],
    by: member.name || member.email,
    ...(hasPassword(account) ? {} : { setPasswordLink: await setPasswordLink(api, account.$id, portal) }),
  });
  const joined = await membershipIn(api, school.id, account.$id);
  return { userId: account.$id, name: account.name || email, email, staffRoles: staffRolesOf(joined?.roles ?? []) } satisfies SchoolStaffMember;
};

/** The account of a staff address: found, or created verified with no password (a link lets them choose one). */
async function staffAccount(api: ServerApi, email: string, name: string): Promise<{ account: Models.User; created: boolean }> {
  const existing = await accountWithAddress(api, email);
  if (existing) {
    // Staff powers follow the address an account was made with: one that moved to this address may not own it.
    const madeWith = (await accountEvidence(api, existing)).createdWith;
    if (madeWith?.toLowerCase() !== email)
      throw invalidInput({ email: 'This address belongs to an account made with another address; it cannot be made staff.' });
    if (!existing.emailVerification) await api.users.updateEmailVerification({ userId: existing.$id, emailVerification: true });
    return { account: existing, created: false };
  }
  try {
    const created = await api.users.create({ userId: ID.unique(), email, name: name || email.split('@')[0] || email });
    return { account: await api.users.updateEmailVerification({ userId: created.$id, emailVerification: true }), created: true };
  } catch (thrown) {
    // Created by another request a moment ago: that one is the account.
    const raced = hasStatus(thrown, 409) ? await accountWithAddress(api, email) : undefined;
    if (raced) return { account: raced, created: false };
    throw thrown;
  }
}

/**
 * DELETE /schools/{id}/staff/{userId} — a school administrator (or the board's) takes a staff member
 * off the school; their staff powers there end at once (Appwrite drops the team's roles from their
 * sessions and sockets). A school keeps at least one administrator.
 */
export const removeStaff: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  body.done();
  const school = await schoolNamed(api, params.id as string);
  await requireSchoolAdmin(api, member, school.id);
  const userId = params.userId as string;
  const membership = await membershipIn(api, school.id, userId);
  if (!membership || !membership.roles.includes(STAFF_MEMBERSHIP_ROLE)) throw notFound('This person is not on the school’s staff.');
  if (membership.roles.includes('admin') && !(await anotherAdmin(api, school.id, userId)) && !isBoardAdmin(member)) {
    throw notAllowed(SCHOOL_MESSAGES.lastAdmin);
  }
  await orUndefined(api.teams.deleteMembership({ teamId: school.id, membershipId: membership.$id }));
  await assignRole(api, userId, deploymentSettings());
  return { userId };
};

async function anotherAdmin(api: ServerApi, schoolId: string, userId: string): Promise<boolean> {
  const { memberships } = await api.teams.listMemberships({ teamId: schoolId, queries: [Query.contains('roles', ['admin']), Query.limit(2)] });
  return memberships.some((membership) => membership.userId !== userId);
}
