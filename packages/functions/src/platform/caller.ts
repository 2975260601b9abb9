import { roleFromLabels, type Role } from '@opportunity-kit/sdk/domain';
import { Query, Role as AppwriteRole, type Users } from 'node-appwrite';
import { orUndefined } from './appwrite-errors.ts';
import { unauthenticated } from './command-error.ts';

/** A signed-in member, as Appwrite knows them (never as the request claims). */
export interface Member {
  kind: 'member';
  id: string;
  email: string;
  name: string;
  labels: string[];
  role: Role | undefined;
  /**
   * The roles Appwrite would give this caller in permission checks: `any`, `users`, `user:<id>`, the
   * `/verified` or `/unverified` variants of both, and `label:<label>` per label
   * (https://appwrite.io/docs/advanced/security/permissions).
   */
  roles: string[];
}

export interface Guest {
  kind: 'guest';
  roles: string[];
}

export type Caller = Member | Guest;

/**
 * Identifies the caller from the `x-appwrite-user-id` header alone: Appwrite sets it from the
 * session and a client cannot override it. E-mail and labels are read with the execution's key.
 */
export async function identifyCaller(userId: string | undefined, users: Users): Promise<Caller> {
  if (!userId) return { kind: 'guest', roles: [AppwriteRole.any(), AppwriteRole.guests()] };
  // Both reads at once: every command waits for the caller, so a round trip here is one on every request.
  const [user, memberships] = await Promise.all([orUndefined(users.get({ userId })), orUndefined(teamRoles(users, userId))]);
  if (!user || !user.status || !memberships) throw unauthenticated();
  const verified = user.emailVerification || user.phoneVerification;
  return {
    kind: 'member',
    id: user.$id,
    email: user.email,
    name: user.name,
    labels: user.labels,
    role: roleFromLabels(user.labels),
    roles: [
      AppwriteRole.any(),
      AppwriteRole.users(),
      AppwriteRole.user(user.$id),
      verified ? AppwriteRole.users('verified') : AppwriteRole.users('unverified'),
      verified ? AppwriteRole.user(user.$id, 'verified') : AppwriteRole.user(user.$id, 'unverified'),
      ...user.labels.map((label) => AppwriteRole.label(label)),
      ...memberships,
    ],
  };
}

/**
 * `team:<id>` and `team:<id>/<role>` for each confirmed membership, as Appwrite grants them in
 * permission checks, so a command's `canRead` agrees with what the member's session reads of rows
 * shared with a school's team (issue 23).
 */
async function teamRoles(users: Users, userId: string): Promise<string[]> {
  const { memberships } = await users.listMemberships({ userId, queries: [Query.limit(100)] });
  return memberships
    .filter((membership) => membership.confirm)
    .flatMap((membership) => [AppwriteRole.team(membership.teamId), ...membership.roles.map((role) => AppwriteRole.team(membership.teamId, role))]);
}

/**
 * Whether a school confirmed the member as its student (`team:<school>/student`, issue 23). Until one
 * does, a student browses public postings only: nothing they write would have a school to answer to.
 */
export function isConfirmedStudent(member: Member): boolean {
  return member.roles.some((role) => role.startsWith('team:') && role.endsWith('/student'));
}

/** The member making the request; guests are refused as unauthenticated. */
export function requireMember(caller: Caller): Member {
  if (caller.kind !== 'member') throw unauthenticated();
  return caller;
}
