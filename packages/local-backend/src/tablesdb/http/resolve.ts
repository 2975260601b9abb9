import type { Caller } from '../../auth/identity.ts';
import type { RequestContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { normalizePermissions, type PermissionTarget } from '../../permissions/permissions.ts';
import type { Catalog, DatabaseRecord, TableSchema } from '../schema/catalog.ts';

const UID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const UID_RULE = "UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a leading underscore";

/**
 * Appwrite validates the ids in a route's path (UID: at most 36 chars) before it looks anything
 * up, in their order, so an overlong id is a 400 naming its param, never a 404.
 */
function assertPathIds(ctx: RequestContext): void {
  for (const name of ['databaseId', 'tableId', 'rowId']) {
    const value = ctx.pathParams[name];
    if (value !== undefined && !UID.test(value)) throw errors.argumentInvalid(`Invalid \`${name}\` param: ${UID_RULE}`);
  }
}

/** The database named in the path; a disabled one is "not found" for everyone but API keys. */
export function databaseOf(catalog: Catalog, ctx: RequestContext): DatabaseRecord {
  assertPathIds(ctx);
  const id = ctx.pathParams.databaseId ?? '';
  const database = catalog.getDatabase(id);
  if (!database || (!database.enabled && ctx.caller.kind !== 'key')) throw errors.databaseNotFound(id);
  return database;
}

/** The table named in the path, with the same rule for disabled databases and tables. */
export function tableOf(catalog: Catalog, ctx: RequestContext): TableSchema {
  assertPathIds(ctx);
  return tableFor(catalog, ctx.pathParams.databaseId ?? '', ctx.pathParams.tableId ?? '', ctx.caller);
}

export function tableFor(catalog: Catalog, databaseId: string, tableId: string, caller: Caller): TableSchema {
  const table = catalog.getTable(databaseId, tableId);
  if (!table) {
    const database = catalog.getDatabase(databaseId);
    if (!database || (!database.enabled && caller.kind !== 'key')) throw errors.databaseNotFound(databaseId);
    throw errors.tableNotFound(tableId);
  }
  if (!table.database.enabled && caller.kind !== 'key') throw errors.databaseNotFound(databaseId);
  if (!table.enabled && caller.kind !== 'key') throw errors.tableNotFound(tableId);
  return table;
}

/** The `permissions` param, validated and with `write` expanded; undefined when absent. */
export function permissionsParam(ctx: RequestContext, target: PermissionTarget): string[] | undefined {
  const permissions = ctx.params.stringArray('permissions', { max: 100 });
  return permissions && normalizePermissions(permissions, target);
}

/** The `transactionId` param of a row route (a UID), or undefined when the request names none. */
export function transactionIdOf(ctx: RequestContext): string | undefined {
  const id = ctx.params.optionalString('transactionId');
  if (id === undefined) return undefined;
  if (!UID.test(id)) throw errors.argumentInvalid(`Invalid \`transactionId\` param: ${UID_RULE}`);
  return id;
}
