import { DATABASE_ID, TABLES, type ProfileColumns } from '@opportunity-kit/sdk/domain';
import type { Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { profilePermissions } from '../portal/permissions.ts';
import type { ProfileRow } from '../portal/rows.ts';

/** The member's profile row (row id = user id), if there is one yet. */
export function findProfile(api: ServerApi, userId: string): Promise<ProfileRow | undefined> {
  return orUndefined(api.tables.getRow<ProfileRow>({ databaseId: DATABASE_ID, tableId: TABLES.profiles, rowId: userId }));
}

/**
 * Writes a profile row: creates it when missing (another writer may create it at the same moment;
 * then this one updates what that one created). Its permissions are written without the recruiters
 * the owner applied to, so a profile made private is private at once; `refreshProfileAccess`, which
 * the caller runs next, adds them back where they belong.
 */
export async function writeProfile(api: ServerApi, userId: string, columns: ProfileColumns, existing: Models.Row | undefined): Promise<ProfileRow> {
  const target = { databaseId: DATABASE_ID, tableId: TABLES.profiles, rowId: userId };
  const permissions = profilePermissions({ userId, isPublic: columns.isPublic, role: columns.role, appliedTo: [] });
  if (!existing) {
    try {
      return await api.tables.createRow<ProfileRow>({ ...target, data: columns, permissions });
    } catch (thrown) {
      if (!hasStatus(thrown, 409)) throw thrown;
    }
  }
  return api.tables.updateRow<ProfileRow>({ ...target, data: columns, permissions });
}
