import type { MembershipRecord, TeamRecord } from '../auth/team-store.ts';
import type { Services } from '../services.ts';

/**
 * Team events (`teams.T.create`, `teams.T.update`, `teams.T.update.prefs`, `teams.T.delete`) and
 * membership events (`teams.T.memberships.M.create|update|update.status|delete`). Realtime sends them
 * to the team's members (`team:T`) on the `teams` and `memberships` channels.
 */

export type TeamChange = 'create' | 'update' | 'update.prefs' | 'delete';
export type MembershipChange = 'create' | 'update' | 'update.status' | 'delete';

export function publishTeamEvent(
  services: Services,
  team: TeamRecord,
  change: TeamChange,
  payload: Record<string, unknown>,
  rolesChanged?: { userIds: readonly string[]; refresh: 'before' | 'after' },
): void {
  services.bus.publish({
    resource: 'team',
    action: change.split('.')[0] as string,
    name: `teams.${team.id}.${change}`,
    ids: { teamId: team.id },
    payload,
    readRoles: [`team:${team.id}`],
    rolesChanged,
  });
}

/** Every membership event changes its member's roles (Appwrite's `permissionsChanged` for memberships). */
export function publishMembershipEvent(services: Services, membership: MembershipRecord, change: MembershipChange, payload: Record<string, unknown>): void {
  services.bus.publish({
    resource: 'membership',
    action: change.split('.')[0] as string,
    name: `teams.${membership.teamId}.memberships.${membership.id}.${change}`,
    ids: { teamId: membership.teamId, membershipId: membership.id },
    payload,
    readRoles: [`team:${membership.teamId}`],
    rolesChanged: { userIds: [membership.userId], refresh: 'before' },
  });
}
