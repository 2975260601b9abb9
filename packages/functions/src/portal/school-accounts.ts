import { DATABASE_ID, isSchoolAddress, TABLES, type DeploymentSettings } from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';

/**
 * Accounts of the school's addresses (issue 21, items 9 and 10), shared by the `commands` roster
 * import and the `roles` function's daily schedule. Anyone may sign up with any address, unverified,
 * and Appwrite then refuses that address to everyone else: an unverified account proves nothing, so
 * the school's roster import reclaims it, and the daily schedule removes the ones older than
 * {@link UNVERIFIED_SCHOOL_ACCOUNT_DAYS}.
 */

/** How long an unverified account may hold a school address: time enough to open the verification mail. */
export const UNVERIFIED_SCHOOL_ACCOUNT_DAYS = 3;

const DAY_MS = 24 * 3600 * 1000;
const PAGE = 100;

/** The account with this address, if any (Appwrite keeps addresses unique and lower-cased). */
export async function accountWithAddress(api: ServerApi, email: string): Promise<Models.User | undefined> {
  const { users } = await api.users.list({ queries: [Query.equal('email', [email.toLowerCase()]), Query.limit(1)] });
  return users[0];
}

/** The accounts with these addresses, by lower-cased address: one request per 100 addresses (Appwrite's most values in a query). */
export async function accountsWithAddresses(api: ServerApi, emails: readonly string[]): Promise<Map<string, Models.User>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  const found = new Map<string, Models.User>();
  for (let start = 0; start < wanted.length; start += PAGE) {
    const { users } = await api.users.list({ queries: [Query.equal('email', wanted.slice(start, start + PAGE)), Query.limit(PAGE)] });
    for (const user of users) found.set(user.email.toLowerCase(), user);
  }
  return found;
}

/**
 * True once a password was set on the account. `passwordUpdate` is the portable signal (Appwrite sets
 * it with every password, leaves it empty for an account created without one, and the local backend
 * does the same); the hash that Appwrite also answers to a key is read when present.
 */
export function hasPassword(user: Pick<Models.User, 'passwordUpdate' | 'password'>): boolean {
  return Boolean(user.passwordUpdate) || Boolean(user.password);
}

/** True for an account that holds a school address unverified and was registered more than the allowed days before `now`. */
export function isExpiredSchoolSignUp(
  user: Pick<Models.User, 'email' | 'emailVerification' | 'registration'>,
  settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>,
  now: number,
): boolean {
  if (user.emailVerification || !user.email || !isSchoolAddress(user.email, settings)) return false;
  const registered = Date.parse(user.registration);
  return Number.isFinite(registered) && now - registered > UNVERIFIED_SCHOOL_ACCOUNT_DAYS * DAY_MS;
}

/** Every unverified account, read page by page before anything is removed (a removed cursor row would end the paging). */
export async function unverifiedAccounts(api: ServerApi): Promise<Models.User[]> {
  const found: Models.User[] = [];
  let cursor: string | undefined;
  for (;;) {
    const queries = [Query.equal('emailVerification', [false]), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])];
    const { users } = await api.users.list({ queries });
    found.push(...users);
    if (users.length < PAGE) return found;
    cursor = users.at(-1)?.$id;
  }
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
