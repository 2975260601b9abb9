import type { Models } from 'appwrite';
import type { CurrentUser } from '../domain/entities.ts';
import { roleFromLabels } from '../domain/roles.ts';
import { BOARD_ADMIN_LABEL } from '../domain/schools.ts';

/**
 * What the web SDK hands the client: a row of a `portal` table typed loosely, for the mappers of the
 * wire module (`domain/wire/rows.ts`, which knows the columns), and the account as the UI needs it.
 */

type Columns = Record<string, unknown>;
export type PortalRow = Models.Row & Columns;

/** The account as the UI needs it: display name, role from the labels the server set, verification. */
export function toCurrentUser(user: Models.User): CurrentUser {
  return {
    id: user.$id,
    email: user.email,
    displayName: user.name,
    role: roleFromLabels(user.labels ?? []),
    emailVerified: user.emailVerification,
    // Only when true, as the session flag keeps it: a member who is no board administrator has no such field.
    ...((user.labels ?? []).includes(BOARD_ADMIN_LABEL) ? { boardAdmin: true } : {}),
  };
}
