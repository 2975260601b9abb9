import type { UserRecord } from './accounts.ts';

/** What of a confirmed team membership becomes roles: the team, the membership, and the roles held in the team. */
export interface RoleMembership {
  id: string;
  teamId: string;
  roles: readonly string[];
}

/**
 * Appwrite's role set of a signed-in user: `any`, `users`, `user:<id>`, their `/verified` or
 * `/unverified` variants, then per confirmed membership `team:<teamId>`, `member:<membershipId>` and
 * `team:<teamId>/<role>` for each role in the team, then `label:<label>` per label
 * (https://appwrite.io/docs/advanced/security/permissions). Invitations not accepted give nothing.
 */
export function userRoles(user: UserRecord, memberships: readonly RoleMembership[] = []): string[] {
  const verified = user.emailVerification || user.phoneVerification;
  const dimension = verified ? 'verified' : 'unverified';
  const teamRoles = memberships.flatMap((membership) => [
    `team:${membership.teamId}`,
    `member:${membership.id}`,
    ...membership.roles.map((role) => `team:${membership.teamId}/${role}`),
  ]);
  return [
    'any',
    'users',
    `user:${user.id}`,
    `users/${dimension}`,
    `user:${user.id}/${dimension}`,
    ...teamRoles,
    ...user.labels.map((label) => `label:${label}`),
  ];
}

export const GUEST_ROLES: readonly string[] = ['any', 'guests'];
