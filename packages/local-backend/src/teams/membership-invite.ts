import type { UserRecord } from '../auth/accounts.ts';
import { readOptionalEmail, readOptionalPhone } from '../auth/user-input.ts';
import { membershipModel, ownDetails } from '../auth/team-models.ts';
import type { MembershipRecord, TeamRecord } from '../auth/team-store.ts';
import { hashSecret } from '../auth/tokens.ts';
import { json, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { uniqueId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { redirectTargets } from '../platforms/redirect-targets.ts';
import type { Services } from '../services.ts';
import { randomSecret } from '../store/store.ts';
import { sendInvitation } from './invitation-mail.ts';
import { isTeamOwner, optionalUidParam, readableTeam, readRoles, requireTeamsScope, uidParam } from './team-access.ts';
import { publishMembershipEvent } from './team-events.ts';

/** Who may see and answer an invitation: anyone may read it; its invitee and the team's owners change or delete it. */
function invitationPermissions(teamId: string, userId: string): string[] {
  return ['read("any")', `update("user:${userId}")`, `update("team:${teamId}/owner")`, `delete("user:${userId}")`, `delete("team:${teamId}/owner")`];
}

interface InviteParams {
  email: string | undefined;
  userId: string | undefined;
  phone: string | undefined;
  roles: string[];
  url: URL | undefined;
  name: string;
}

/**
 * `POST /v1/teams/{teamId}/memberships`, as Appwrite's Memberships/Create: the invitee is found by
 * user id, e-mail or phone, or created (no password; Appwrite's invitee may set one without the old
 * one). An API key adds a confirmed member at once and mails nothing; a team owner invites: the
 * membership waits for `PATCH …/status` with the secret of the mailed link. Asking again refreshes
 * the secret of a pending invitation; a confirmed one answers 409.
 */
export function registerInvitationRoutes(router: Router, services: Services): void {
  router.post('/v1/teams/{teamId}/memberships', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.write');
    const teamId = uidParam(ctx, 'teamId');
    const params = readInviteParams(ctx, services);
    const { caller } = ctx;
    const byKey = caller.kind === 'key';
    if (!params.url && !byKey) throw errors.argumentInvalid('URL is required');
    if (!params.userId && !params.email && !params.phone) throw errors.argumentInvalid('At least one of userId, email, or phone is required');
    const team = readableTeam(services, caller, teamId);
    const found = findInvitee(services, params);
    // Stricter than Appwrite, which creates a missing invitee before it checks the caller is an owner.
    if (!byKey && !isTeamOwner(caller, team.id)) throw errors.userUnauthorized('User is not allowed to send invitations for this team');
    // Appwrite texts the link when there is no address to mail; the local backend has no SMS provider,
    // and refuses before it changes anything (Appwrite answers the same 503 after saving the invitation).
    if (!byKey && !params.email && params.phone) throw errors.phoneDisabled();

    const secret = randomSecret();
    const { invitee, membership } = services.store.transaction(() => {
      const user = found ?? createInvitee(services, params, byKey);
      const mailedTo = !byKey && params.email ? user.email : '';
      return { invitee: user, membership: inviteOrConfirm(services, team, user, params.roles, { secretHash: hashSecret(secret), mailedTo }, byKey) };
    });
    if (!byKey && params.url && params.email) {
      const inviter = caller.kind === 'user' ? caller.user.name : '';
      sendInvitation(services, { team, membership, invitee, inviter, secret, url: params.url });
    }
    const model = membershipModel(membership, ownDetails(team.name, invitee));
    publishMembershipEvent(services, membership, 'create', model);
    return json(201, model);
  });
}

/** A new membership, or the refreshed invitation of a pending one. */
function inviteOrConfirm(
  services: Services,
  team: TeamRecord,
  invitee: UserRecord,
  roles: string[],
  invitation: { secretHash: string; mailedTo: string },
  byKey: boolean,
): MembershipRecord {
  const { teams } = services;
  const existing = teams.membershipOf(team.id, invitee.id);
  if (!existing) {
    return teams.createMembership({
      teamId: team.id,
      userId: invitee.id,
      roles,
      confirm: byKey,
      ...invitation,
      permissions: invitationPermissions(team.id, invitee.id),
    });
  }
  if (existing.confirm) throw errors.membershipAlreadyConfirmed();
  // Appwrite keeps the roles of the first invitation when it is sent again.
  const now = Date.now();
  return teams.updateMembership(existing.id, byKey ? { ...invitation, invited: now, joined: now, confirm: true } : { ...invitation, invited: now });
}

function readInviteParams(ctx: RequestContext, services: Services): InviteParams {
  const email = readOptionalEmail(ctx.params);
  const userId = optionalUidParam(ctx, 'userId');
  const phone = readOptionalPhone(ctx.params);
  const roles = readRoles(ctx, 'roles', 81);
  const url = readOptionalUrl(ctx, services);
  const name = ctx.params.optionalString('name', { max: 128 }) ?? '';
  return { email, userId, phone, roles, url, name: name || email || '' };
}

/** The app page the invitation links to: a registered web platform only, as Appwrite's redirect validator. */
function readOptionalUrl(ctx: RequestContext, services: Services): URL | undefined {
  const value = ctx.params.optionalString('url');
  if (value === undefined || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw errors.argumentInvalid('Invalid `url` param: Value must be a valid URL');
  redirectTargets(services.platforms, ctx.origin).require(url, 'url');
  return url;
}

/** The existing user the params name, checked for agreement between id, e-mail and phone as Appwrite does. */
function findInvitee(services: Services, params: InviteParams): UserRecord | undefined {
  const { accounts } = services;
  if (params.userId) {
    const user = accounts.findUser(params.userId);
    if (!user) throw errors.userNotFoundBecause("User with given userId doesn't exist.");
    if (params.email && user.email !== params.email) throw errors.userAlreadyExistsBecause("Given userId and email doesn't match");
    if (params.phone && user.phone !== params.phone) throw errors.userAlreadyExistsBecause("Given userId and phone doesn't match");
    // The invitation is named and addressed after the account.
    params.name = user.name || params.name;
    params.email = user.email || undefined;
    params.phone = user.phone || undefined;
    return user;
  }
  if (params.email) {
    const user = accounts.findUserByEmail(params.email);
    if (user && params.phone && user.phone !== params.phone) throw errors.userAlreadyExistsBecause("Given email and phone doesn't match");
    return user;
  }
  return params.phone ? accounts.findUserByPhone(params.phone) : undefined;
}

/** A new account for an invitee nobody has yet: no password, address unverified until the invitation is accepted. */
function createInvitee(services: Services, params: InviteParams, byKey: boolean): UserRecord {
  const { accounts, authSettings } = services;
  if (!byKey && authSettings.limit !== 0 && accounts.countUsers() >= authSettings.limit) {
    throw errors.userCountExceededBecause('Project registration is restricted. Contact your administrator for more information.');
  }
  if (params.phone && accounts.findUserByPhone(params.phone)) throw errors.userAlreadyExists();
  return accounts.createUser({ id: uniqueId(), email: params.email, phone: params.phone, name: params.name });
}
