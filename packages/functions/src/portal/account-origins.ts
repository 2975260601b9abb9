import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import type { Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';

/**
 * The address each account was created with, in the `account_origins` table: one row per account
 * (row id = user id) and no permissions, so only server keys read or write it, and no client can
 * claim a school address it merely moved to. It is written from the creation event's payload (the
 * account as it was created, whenever the event is handled) and stamped with the account's
 * `registration`, so that a new account reusing a deleted one's id never inherits its address.
 */

type OriginRow = Models.Row & OriginColumns;

interface OriginColumns {
  email: string;
  registration: string;
}

/** The account as the creation event carries it. */
export interface CreatedAccount {
  $id: string;
  email: string;
  registration: string;
}

/** Records the address of a new account; a repeated creation event changes nothing. */
export async function recordCreationAddress(api: ServerApi, account: CreatedAccount): Promise<void> {
  const target = { databaseId: DATABASE_ID, tableId: TABLES.accountOrigins, rowId: account.$id };
  const data: OriginColumns = { email: account.email, registration: account.registration };
  const existing = await orUndefined(api.tables.getRow<OriginRow>(target));
  if (existing?.registration === account.registration) return;
  if (existing) {
    await api.tables.updateRow<OriginRow>({ ...target, data });
    return;
  }
  try {
    await api.tables.createRow<OriginRow>({ ...target, data, permissions: [] });
  } catch (thrown) {
    // The same creation handled twice at once: the other run wrote the same row.
    if (!hasStatus(thrown, 409)) throw thrown;
  }
}

/** The address this account (not an earlier one with the same id) was created with, or null. */
export async function creationAddress(api: ServerApi, account: { $id: string; registration: string }): Promise<string | null> {
  const row = await orUndefined(api.tables.getRow<OriginRow>({ databaseId: DATABASE_ID, tableId: TABLES.accountOrigins, rowId: account.$id }));
  return row && row.registration === account.registration ? row.email : null;
}
