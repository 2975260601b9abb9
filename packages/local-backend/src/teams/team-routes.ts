import { teamModel } from '../auth/team-models.ts';
import type { TeamRecord } from '../auth/team-store.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import { readableTeam, readRoles, readSearch, requirePermitted, requireTeamsScope, uidParam } from './team-access.ts';
import { publishTeamEvent } from './team-events.ts';

/** Who may do what with a new team: its members read it, its owners change and delete it (Appwrite's Teams/Create). */
export function teamPermissions(teamId: string): string[] {
  return [`read("team:${teamId}")`, `update("team:${teamId}/owner")`, `delete("team:${teamId}/owner")`];
}

/** The permissions of the membership a signed-in creator gets in their new team. */
function creatorMembershipPermissions(teamId: string, userId: string): string[] {
  return [
    `read("user:${userId}")`,
    `read("team:${teamId}")`,
    `update("user:${userId}")`,
    `update("team:${teamId}/owner")`,
    `delete("user:${userId}")`,
    `delete("team:${teamId}/owner")`,
  ];
}

/** Teams (`/v1/teams`): create, list, get, rename, delete, and the team's preferences. */
export function registerTeamRoutes(router: Router, services: Services): void {
  const { teams } = services;

  // A signed-in creator joins at once as owner (with any roles asked for); an API key makes an
  // empty team, as in Appwrite's server mode.
  router.post('/v1/teams', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.write');
    const id = readCustomId(ctx.params, 'teamId');
    const name = ctx.params.string('name', { min: 1, max: 128 });
    const roles = readRoles(ctx, 'roles', 36, ['owner']);
    const { caller } = ctx;
    const team = services.store.transaction(() => {
      const created = teams.createTeam({ id, name, permissions: teamPermissions(id) });
      if (!created) throw errors.teamAlreadyExists();
      if (caller.kind !== 'user') return created;
      teams.createMembership({
        teamId: id,
        userId: caller.user.id,
        roles: roles.includes('owner') ? roles : [...roles, 'owner'],
        confirm: true,
        secretHash: '',
        mailedTo: '',
        permissions: creatorMembershipPermissions(id, caller.user.id),
      });
      return teams.findTeam(id) as TeamRecord;
    });
    const creator = caller.kind === 'user' ? [caller.user.id] : [];
    publishTeamEvent(services, team, 'create', teamModel(team), { userIds: creator, refresh: 'before' });
    return json(201, teamModel(team));
  });

  router.get('/v1/teams', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.read');
    const queries = ctx.params.stringArray('queries') ?? [];
    const search = readSearch(ctx);
    const includeTotal = ctx.params.boolean('total', true);
    const readerRoles = ctx.caller.kind === 'key' ? undefined : ctx.caller.roles;
    const { total, teams: page } = teams.listTeams({ queries, search, includeTotal, readerRoles });
    return json(200, { total, teams: page.map(teamModel) });
  });

  router.get('/v1/teams/{teamId}', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.read');
    return json(200, teamModel(readableTeam(services, ctx.caller, uidParam(ctx, 'teamId'))));
  });

  router.put('/v1/teams/{teamId}', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.write');
    const teamId = uidParam(ctx, 'teamId');
    const name = ctx.params.string('name', { min: 1, max: 128 });
    const team = readableTeam(services, ctx.caller, teamId);
    requirePermitted(ctx.caller, team.permissions, 'update');
    const updated = teams.updateTeam(team.id, { name }) as TeamRecord;
    publishTeamEvent(services, updated, 'update', teamModel(updated));
    return json(200, teamModel(updated));
  });

  // The memberships go with the team. Its members' open sockets lose the team's roles once they
  // have heard of the deletion (Appwrite keeps those roles until the socket reconnects).
  router.delete('/v1/teams/{teamId}', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.write');
    const team = readableTeam(services, ctx.caller, uidParam(ctx, 'teamId'));
    requirePermitted(ctx.caller, team.permissions, 'delete');
    const members = teams.memberIdsOf(team.id);
    teams.deleteTeam(team.id);
    publishTeamEvent(services, team, 'delete', teamModel(team), { userIds: members, refresh: 'after' });
    return noContent;
  });

  router.get('/v1/teams/{teamId}/prefs', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.read');
    return json(200, readableTeam(services, ctx.caller, uidParam(ctx, 'teamId')).prefs);
  });

  // Replaces the whole prefs object, as Appwrite does; the answer is the prefs, not the team.
  router.put('/v1/teams/{teamId}/prefs', (ctx) => {
    requireTeamsScope(ctx.caller, 'teams.write');
    const teamId = uidParam(ctx, 'teamId');
    const prefs = readTeamPrefs(ctx);
    const team = readableTeam(services, ctx.caller, teamId);
    requirePermitted(ctx.caller, team.permissions, 'update');
    const updated = teams.updateTeam(team.id, { prefs }) as TeamRecord;
    publishTeamEvent(services, updated, 'update.prefs', prefs);
    return json(200, prefs);
  });
}

/** Appwrite's Assoc validator: a JSON object; PHP clients send an empty one as `[]`, which counts as `{}`. */
function readTeamPrefs(ctx: RequestContext): Record<string, unknown> {
  const value = ctx.params.raw('prefs');
  if (value === undefined || value === null) throw errors.argumentInvalid('Param "prefs" is not optional.');
  if (Array.isArray(value) && value.length === 0) return {};
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw errors.argumentInvalid('Invalid `prefs` param: Value must be a valid object.');
  return parsed as Record<string, unknown>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
