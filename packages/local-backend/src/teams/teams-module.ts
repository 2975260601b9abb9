import { isCustomId } from '../http/params.ts';
import { loadProjectConfig } from '../provisioning/config.ts';
import type { Module, Services } from '../services.ts';
import { registerInvitationRoutes } from './membership-invite.ts';
import { registerMembershipRoutes } from './membership-routes.ts';
import { registerMembershipStatusRoute } from './membership-status.ts';
import { registerTeamRoutes, teamPermissions } from './team-routes.ts';

/**
 * The Teams API (`/v1/teams…`, web and node SDK `Teams`): teams, memberships with roles,
 * invitations mailed to the development outbox and accepted with their secret, and team
 * preferences. A confirmed membership gives its user the `team:<id>` and `team:<id>/<role>` roles
 * (`Identity`), which rows, files, tables and buckets may grant to.
 */
export const teamsModule: Module = (router, services) => {
  registerTeamRoutes(router, services);
  registerInvitationRoutes(router, services);
  registerMembershipStatusRoute(router, services);
  registerMembershipRoutes(router, services);
  return { start: () => provisionTeams(services) };
};

/**
 * The `teams` of `appwrite.config.json` (`[{ "$id", "name" }]`, what `appwrite push teams` creates):
 * missing teams are created empty and existing ones renamed, like the CLI. Memberships are never
 * provisioned; teams absent from the config are left alone.
 */
function provisionTeams(services: Services): void {
  for (const entry of loadProjectConfig(services.projectRoot).teams ?? []) {
    if (typeof entry.$id !== 'string' || entry.$id === 'unique()' || !isCustomId(entry.$id)) {
      throw new Error(`appwrite.config.json: team id ${JSON.stringify(entry.$id)} is not a valid id`);
    }
    if (typeof entry.name !== 'string' || entry.name.length < 1 || entry.name.length > 128) {
      throw new Error(`appwrite.config.json: team "${entry.$id}": name must be 1 to 128 characters`);
    }
    const existing = services.teams.findTeam(entry.$id);
    if (!existing) services.teams.createTeam({ id: entry.$id, name: entry.name, permissions: teamPermissions(entry.$id) });
    else if (existing.name !== entry.name) services.teams.updateTeam(entry.$id, { name: entry.name });
  }
}
