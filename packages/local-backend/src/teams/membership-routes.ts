import { membershipModel, ownDetails, visibleDetails } from '../auth/team-models.ts';
import type { MembershipRecord, TeamRecord } from '../auth/team-store.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import {
  isTeamOwner,
  membershipPrivacy,
  readableMembership,
  readableTeam,
  readRoles,
  readSearch,
  requirePermitted,
  requireTeamsScope,
  uidParam,
} from './team-access.ts';
import { publishMembershipEvent } from './team-events.ts';

/** A team's memberships: list, get, change roles, remove (`/v1/teams/{teamId}/memberships…`). Invitations are in membership-invite.ts. */
export function registerMembershipRoutes(router: Router, services: Services): void {
  const { teams, accounts } = services;

  // What each member shows of themselves to the others follows the project's memberships privacy.
  router.get('/v1/teams/{teamId}/memberships', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.read');
    const team = readableTeam(services, ctx.caller, uidParam(ctx, 'teamId'));
    const queries = ctx.params.stringArray('queries') ?? [];
    const search = readSearch(ctx);
    const includeTotal = ctx.params.boolean('total', true);
    const readerRoles = ctx.caller.kind === 'key' ? undefined : ctx.caller.roles;
    const { total, memberships } = teams.listMemberships({ teamId: team.id }, { queries, search, includeTotal, readerRoles });
    const privacy = membershipPrivacy(services, ctx.caller);
    return json(200, {
      total,
      memberships: memberships.map((membership) => membershipModel(membership, visibleDetails(team.name, accounts.findUser(membership.userId), privacy))),
    });
  });

  router.get('/v1/teams/{teamId}/memberships/{membershipId}', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.read');
    const { team, membership } = teamMembership(ctx, services);
    const details = visibleDetails(team.name, accounts.findUser(membership.userId), membershipPrivacy(services, ctx.caller));
    return json(200, membershipModel(membership, details));
  });

  // Only the team's owners (and API keys) change roles; a member may not change their own.
  router.patch('/v1/teams/{teamId}/memberships/{membershipId}', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.write');
    const teamId = uidParam(ctx, 'teamId');
    const membershipId = uidParam(ctx, 'membershipId');
    const roles = readRoles(ctx, 'roles', 81);
    const { team, membership } = teamMembership(ctx, services, { teamId, membershipId });
    const member = accounts.findUser(membership.userId);
    if (!member) throw errors.userNotFound();
    if (ctx.caller.kind !== 'key' && !isTeamOwner(ctx.caller, team.id)) throw errors.userUnauthorized('User is not allowed to modify roles');
    const updated = teams.updateMembership(membership.id, { roles });
    const model = membershipModel(updated, ownDetails(team.name, member));
    publishMembershipEvent(services, updated, 'update', model);
    return json(200, model);
  });

  // A member may leave (their own membership), an owner may remove anyone; a confirmed member
  // leaving lowers the team's `total`.
  router.delete('/v1/teams/{teamId}/memberships/{membershipId}', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.write');
    const teamId = uidParam(ctx, 'teamId');
    const membershipId = uidParam(ctx, 'membershipId');
    const membership = readableMembership(services, ctx.caller, membershipId);
    if (!membership) throw errors.teamInviteNotFound();
    if (!accounts.findUser(membership.userId)) throw errors.userNotFound();
    const team = readableTeam(services, ctx.caller, teamId);
    if (membership.teamId !== team.id) throw errors.teamMembershipMismatch();
    requirePermitted(ctx.caller, membership.permissions, 'delete');
    teams.deleteMembership(membership.id);
    // Appwrite announces the stored membership as it was, without the team's or the user's names.
    publishMembershipEvent(services, membership, 'delete', membershipModel(membership, { teamName: '' }));
    return noContent;
  });
}

/** The team (readable by the caller) and one of its memberships, with Appwrite's errors in its order. */
function teamMembership(
  ctx: RequestContext,
  services: Services,
  ids = { teamId: uidParam(ctx, 'teamId'), membershipId: uidParam(ctx, 'membershipId') },
): { team: TeamRecord; membership: MembershipRecord } {
  const team = readableTeam(services, ctx.caller, ids.teamId);
  const membership = readableMembership(services, ctx.caller, ids.membershipId);
  if (!membership) throw errors.membershipNotFound();
  if (membership.teamId !== team.id) throw errors.teamMembershipMismatch();
  return { team, membership };
}
