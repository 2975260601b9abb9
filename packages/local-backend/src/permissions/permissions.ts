import { errors } from '../http/errors.ts';
import type { Caller } from '../auth/identity.ts';

export type Action = 'read' | 'create' | 'update' | 'delete';

const PERMISSION = /^(read|create|update|delete|write)\("([^"]+)"\)$/;
const ROLE_PATTERNS: RegExp[] = [
  /^any$/,
  /^guests$/,
  /^users(\/(verified|unverified))?$/,
  /^user:[A-Za-z0-9][A-Za-z0-9._-]{0,35}(\/(verified|unverified))?$/,
  /^team:[A-Za-z0-9][A-Za-z0-9._-]{0,35}(\/[^/"]+)?$/,
  /^member:[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/,
  /^label:[A-Za-z0-9]{1,36}$/,
];

/**
 * Where permissions are attached decides which actions exist: tables and buckets take `create`,
 * rows and files do not. `write` expands to `create`, `update` and `delete` on a container, and to
 * `update` and `delete` on a resource (https://appwrite.io/docs/advanced/security/permissions).
 */
export type PermissionTarget = 'container' | 'resource';

function invalidPermissions(detail: string): never {
  throw errors.argumentInvalid(`Invalid \`permissions\` param: ${detail}`);
}

/** Validates permission strings, expands `write`, and removes duplicates, keeping first-seen order. */
export function normalizePermissions(input: readonly string[], target: PermissionTarget): string[] {
  const result: string[] = [];
  const add = (permission: string) => {
    if (!result.includes(permission)) result.push(permission);
  };
  for (const permission of input) {
    const match = PERMISSION.exec(permission);
    if (!match) {
      if (permission.includes('*')) invalidPermissions('Permission role "*" is not allowed. Use "any" instead.');
      invalidPermissions(`Permission "${permission}" is not allowed. Must be one of: read, create, update, delete, write.`);
    }
    const [, action, role] = match as unknown as [string, string, string];
    if (role.startsWith('role:')) invalidPermissions('Role "role:" is not allowed.');
    if (!ROLE_PATTERNS.some((pattern) => pattern.test(role))) invalidPermissions(`Role "${role}" is not allowed.`);
    if (action === 'create' && target === 'resource') {
      invalidPermissions('Permission "create" is not allowed. Must be one of: read, update, delete, write.');
    }
    if (action === 'write') {
      if (target === 'container') add(`create("${role}")`);
      add(`update("${role}")`);
      add(`delete("${role}")`);
    } else {
      add(`${action}("${role}")`);
    }
  }
  return result;
}

export function rolesOf(permissions: readonly string[], action: Action): string[] {
  const roles: string[] = [];
  for (const permission of permissions) {
    const match = PERMISSION.exec(permission);
    if (match && match[1] === action) roles.push(match[2] as string);
  }
  return roles;
}

/** True when one of the caller's roles is granted `action`. API keys are checked by the caller, not here. */
export function allows(permissions: readonly string[], action: Action, callerRoles: readonly string[]): boolean {
  return rolesOf(permissions, action).some((role) => callerRoles.includes(role));
}

/** A client may grant only roles it holds (else 401 `user_unauthorized`, as Appwrite answers); keys may grant anything. */
export function assertGrantable(permissions: readonly string[], caller: Caller): void {
  if (caller.kind === 'key') return;
  for (const permission of permissions) {
    const role = PERMISSION.exec(permission)?.[2];
    if (role !== undefined && !caller.roles.includes(role)) {
      throw errors.userUnauthorized(`Permissions must be one of: (${caller.roles.join(', ')})`);
    }
  }
}

/** Default permissions of a new row or file: the creating user gets read/update/delete; guests and keys get none. */
export function defaultResourcePermissions(caller: Caller): string[] {
  if (caller.kind !== 'user') return [];
  const role = `user:${caller.user.id}`;
  return [`read("${role}")`, `update("${role}")`, `delete("${role}")`];
}
