import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';

/**
 * Accounts of the school's addresses (issue 21, items 9 and 10), for the `commands` roster import.
 * Anyone may sign up with any address, unverified, and Appwrite then refuses that address to everyone
 * else: an unverified account proves nothing, so the school's roster import reclaims it.
 */

/** The account with this address, if any (Appwrite keeps addresses unique and lower-cased). */
export async function accountWithAddress(api: ServerApi, email: string): Promise<Models.User | undefined> {
  const { users } = await api.users.list({ queries: [Query.equal('email', [email.toLowerCase()]), Query.limit(1)] });
  return users[0];
}

/**
 * True once a password was set on the account. `passwordUpdate` is the portable signal (Appwrite sets
 * it with every password, leaves it empty for an account created without one, and the local backend
 * does the same); the hash that Appwrite also answers to a key is read when present.
 */
export function hasPassword(user: Pick<Models.User, 'passwordUpdate' | 'password'>): boolean {
  return Boolean(user.passwordUpdate) || Boolean(user.password);
}

/**
 * Removes an account and the rows kept about it by its id. Deleting the user ends its sessions and
 * takes its password, identities and tokens along, so nobody who held the account can come back to it.
 * An account that is already gone counts as removed.
 */
export async function removeAccount(api: ServerApi, userId: string): Promise<void> {
  await orUndefined(api.users.delete({ userId }));
  for (const tableId of [TABLES.profiles, TABLES.accountOrigins, TABLES.rosterAccounts]) {
    await orUndefined(api.tables.deleteRow({ databaseId: DATABASE_ID, tableId, rowId: userId }));
  }
}
