import type { Caller } from '../../auth/identity.ts';
import { errors } from '../../http/errors.ts';
import { rolesOf, type Action } from '../../permissions/permissions.ts';
import type { TableSchema } from '../schema/catalog.ts';

/**
 * Who may do what with rows (https://appwrite.io/docs/products/databases/tablesdb/permissions): the table's permissions, and with `rowSecurity` also
 * the row's own. API keys bypass every check.
 */

export function holdsAny(roles: readonly string[], caller: Caller): boolean {
  return roles.some((role) => caller.roles.includes(role));
}

export function tableAllows(table: TableSchema, action: Action, caller: Caller): boolean {
  return caller.kind === 'key' || holdsAny(rolesOf(table.permissions, action), caller);
}

export function rowAllows(table: TableSchema, rowPermissions: readonly string[], action: Action, caller: Caller): boolean {
  if (tableAllows(table, action, caller)) return true;
  return table.rowSecurity && holdsAny(rolesOf(rowPermissions, action), caller);
}

/** PHP's json_encode escapes slashes (`users\/unverified`); Appwrite's message shows them so. */
function phpJson(values: readonly string[]): string {
  return JSON.stringify(values).replace(/\//g, '\\/');
}

/** utopia-php's Authorization description, which Appwrite's create-row check reports verbatim. */
export function authorizationDescription(action: Action, roles: readonly string[], caller: Caller): string {
  if (roles.length === 0) return `No permissions provided for action '${action}'`;
  const last = roles[roles.length - 1] as string;
  return `Missing "${action}" permission for role "${last}". Only "${phpJson(caller.roles)}" scopes are allowed and "${phpJson(roles)}" was given.`;
}

/** Creating a row needs the table's `create` (rows have no create permission of their own). */
export function assertCanCreate(table: TableSchema, caller: Caller): void {
  if (tableAllows(table, 'create', caller)) return;
  throw errors.userUnauthorized(authorizationDescription('create', rolesOf(table.permissions, 'create'), caller));
}

/** Roles whose holders receive realtime events about a row: whoever may read it (the table's readers, and with `rowSecurity` the row's). */
export function eventReadRoles(table: TableSchema, rowPermissions: readonly string[]): string[] {
  const roles = rolesOf(table.permissions, 'read');
  if (table.rowSecurity) for (const role of rolesOf(rowPermissions, 'read')) if (!roles.includes(role)) roles.push(role);
  return roles;
}
