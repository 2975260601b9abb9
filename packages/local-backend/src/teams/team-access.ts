import type { Caller } from '../auth/identity.ts';
import { SHOW_EVERYTHING, type MembershipPrivacy } from '../auth/team-models.ts';
import type { MembershipRecord, TeamRecord } from '../auth/team-store.ts';
import type { RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { allows, type Action } from '../permissions/permissions.ts';
import type { Services } from '../services.ts';

/**
 * Who may do what with teams. Appwrite keeps teams and memberships as documents with permissions and
 * checks them as for any document: a team is read by its members (`read("team:T")`) and changed or
 * deleted by its owners (`team:T/owner`); an invitation is read by anyone who may read its team and
 * changed or deleted by its invitee or the team's owners. API keys bypass every check.
 */

/** The Teams API's scopes belong to signed-in users and keys; a guest gets Appwrite's scope error. */
export function requireTeamsScope(caller: Caller, scope: 'teams.read' | 'teams.write'): void {
  if (caller.kind === 'guest') throw errors.unauthorizedScope('User', 'guests', scope);
}

export function permits(caller: Caller, permissions: readonly string[], action: Action): boolean {
  return caller.kind === 'key' || allows(permissions, action, caller.roles);
}

/** The team if the caller may read it; one they may not is as unknown as a missing one (404). */
export function readableTeam(services: Services, caller: Caller, teamId: string): TeamRecord {
  const team = services.teams.findTeam(teamId);
  if (!team || !permits(caller, team.permissions, 'read')) throw errors.teamNotFound();
  return team;
}

/** A team change the caller may not make answers 401, as Appwrite's Authorization exception does. */
export function requirePermitted(caller: Caller, permissions: readonly string[], action: Action): void {
  if (!permits(caller, permissions, action)) throw errors.userUnauthorized();
}

/** The membership if the caller may read it, else undefined. */
export function readableMembership(services: Services, caller: Caller, membershipId: string): MembershipRecord | undefined {
  const membership = services.teams.findMembership(membershipId);
  return membership && permits(caller, membership.permissions, 'read') ? membership : undefined;
}

/** Whether the caller holds the `owner` role of the team (keys act as the project's administrator instead). */
export function isTeamOwner(caller: Caller, teamId: string): boolean {
  return caller.roles.includes(`team:${teamId}/owner`);
}

/** What of other members this caller sees: everything with an API key, else the project's privacy settings. */
export function membershipPrivacy(services: Services, caller: Caller): MembershipPrivacy {
  if (caller.kind === 'key') return SHOW_EVERYTHING;
  const settings = services.authSettings;
  return {
    userName: settings.membershipsUserName,
    userEmail: settings.membershipsUserEmail,
    mfa: settings.membershipsMfa,
    userId: settings.membershipsUserId,
    userPhone: settings.membershipsUserPhone,
    userAccessedAt: settings.membershipsUserAccessedAt,
  };
}

const UID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/** An id param checked with Appwrite's UID validator (path segments included), 400 otherwise. */
export function uidParam(ctx: RequestContext, name: string): string {
  const value = ctx.pathParams[name] ?? ctx.params.raw(name);
  if (value === undefined || value === null || value === '') throw errors.argumentInvalid(`Param "${name}" is not optional.`);
  if (typeof value !== 'string' || !UID.test(value)) {
    throw errors.argumentInvalid(
      `Invalid \`${name}\` param: UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a leading underscore`,
    );
  }
  return value;
}

/** An optional id param: undefined when absent or empty (Appwrite's default), else checked as `uidParam`. */
export function optionalUidParam(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.params.raw(name);
  return value === undefined || value === null || value === '' ? undefined : uidParam(ctx, name);
}

const ROLE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * A list of team roles (Appwrite's ArrayList of Key): at most 100, each a key of up to `maxLength`
 * chars (36 when a team is created, 81 for memberships).
 */
export function readRoles(ctx: RequestContext, name: string, maxLength: number, fallback?: string[]): string[] {
  const value = ctx.params.raw(name);
  if (value === undefined || value === null) {
    if (fallback) return fallback;
    throw errors.argumentInvalid(`Param "${name}" is not optional.`);
  }
  const valid =
    Array.isArray(value) && value.length <= 100 && value.every((role) => typeof role === 'string' && ROLE_KEY.test(role) && role.length <= maxLength);
  if (!valid) {
    throw errors.argumentInvalid(
      `Invalid \`${name}\` param: Value must a valid array no longer than 100 items and Parameter must contain at most ${maxLength} chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char`,
    );
  }
  return value as string[];
}

/** Appwrite's `search` param of list endpoints: optional text of up to 256 chars. */
export function readSearch(ctx: RequestContext): string {
  return ctx.params.optionalString('search', { max: 256 }) ?? '';
}
