import { allows } from '../../permissions/permissions.ts';

/**
 * The cursor row of a list as the caller may see it. A list is already limited to the rows the
 * caller may read; its cursor must be too, or "400 cursor not found" for an unknown id against a
 * page for an unreadable one would tell which private ids exist. `readRoles` is the list's own
 * limit: undefined when the table grants read (or for an API key), else the caller's roles, which
 * must hold the row's `read` (rowSecurity), exactly as getRow decides.
 */
export function readableCursorRow<Row extends { _permissions: string }>(row: Row | undefined, readRoles: readonly string[] | undefined): Row | undefined {
  if (!row || readRoles === undefined) return row;
  return allows(JSON.parse(row._permissions) as string[], 'read', readRoles) ? row : undefined;
}
