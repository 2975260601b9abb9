import type { UserRecord } from './accounts.ts';

/**
 * Appwrite's role set of a signed-in user: `any`, `users`, `user:<id>`, their `/verified` or
 * `/unverified` variants, and `label:<label>` per label (https://appwrite.io/docs/advanced/security/permissions).
 */
export function userRoles(user: UserRecord): string[] {
  const verified = user.emailVerification || user.phoneVerification;
  const dimension = verified ? 'verified' : 'unverified';
  return ['any', 'users', `user:${user.id}`, `users/${dimension}`, `user:${user.id}/${dimension}`, ...user.labels.map((label) => `label:${label}`)];
}

export const GUEST_ROLES: readonly string[] = ['any', 'guests'];
