import { DATABASE_ID, TABLES, type RosterOutcome, type RosterRow } from '@opportunity-kit/sdk/domain';
import { ID, type Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../../platform/appwrite-errors.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { accountsWithAddresses, accountWithAddress, hasPassword, removeAccount } from '../../portal/school-accounts.ts';
import { enrolAsStudent, schoolOfStudent } from '../../portal/schools.ts';

/**
 * One roster row, made idempotent and resumable (issue 21, items 9 and 10). A student's account
 * takes several calls (create, verify, mail), and an import may stop between any two of them (a
 * crash, a timeout, a lost connection), so every row starts from what Appwrite holds now:
 * - no account: create one, verified, and mail the invitation (`created`);
 * - a verified account, or one a roster import made (and maybe could not verify before it stopped):
 *   with a password the student is in (`already-member`); without one, it is verified if needed and
 *   mailed a new invitation (`invited-again`);
 * - any other unverified account: someone signed up with the school's address, which proves nothing;
 *   it is removed (its sessions and password with it) and the student's account made anew (`created`).
 * Every student it answers for becomes a student of `schoolId` (issue 23) before being mailed, so a
 * stopped import leaves a student the next one finds in the school; a student of another school is
 * `other-school`, left where they are and not mailed (a school never takes another's students).
 */

export type Invite = (userId: string, name: string) => Promise<void>;

/** Rounds a row may take when another import of the same address runs at the same moment, each reading the account again. */
const ATTEMPTS = 3;

type RosterAccountRow = Models.Row & { email: string };

/**
 * Where a row starts, as the import prepared its rows all at once (`startRows`): the address's account
 * then, or none and the id its account is to get, already recorded in `roster_accounts`.
 */
export type RowStart = { account: Models.User } | { recordedId: string };

/** A row's outcome, and the account it enrolled (none when it was another school's). */
interface Enrolment {
  outcome: RosterOutcome;
  userId?: string;
}

/**
 * Reads the accounts of all the rows' addresses with one query and records, with one request, an id
 * for each row whose address has none, so that each row then needs no call of its own for either (see
 * `createStudent`). Answers each row's start, in the rows' order; two rows of one address each get an id.
 */
export async function startRows(api: ServerApi, emails: readonly string[]): Promise<RowStart[]> {
  const accounts = await accountsWithAddresses(api, emails);
  const starts: RowStart[] = emails.map((email) => {
    const account = accounts.get(email.toLowerCase());
    return account ? { account } : { recordedId: ID.unique() };
  });
  const records = emails.flatMap((email, index) => {
    const start = starts[index] as RowStart;
    return 'recordedId' in start ? [{ $id: start.recordedId, email: email.toLowerCase(), $permissions: [] }] : [];
  });
  if (records.length > 0) await api.tables.createRows({ databaseId: DATABASE_ID, tableId: TABLES.rosterAccounts, rows: records });
  return starts;
}

/** The first round goes by the row's `start`; any further one reads the account again. */
export async function enrolStudent(api: ServerApi, row: RosterRow, schoolId: string, invite: Invite, start: RowStart): Promise<RosterOutcome> {
  const { outcome, userId } = await enrolAccount(api, row, schoolId, invite, start);
  if (userId !== undefined && (row.graduationYear !== undefined || row.birthMonth !== undefined)) await recordStudentFacts(api, userId, row);
  return outcome;
}

/**
 * The student's graduation year and birth month, from their school's roster, kept where no client
 * reads them (not even the student's own profile): their staff see only what is derived from the year
 * (hours by cohort), and the youth-work rules weigh the month (issue 26). A column the row leaves
 * empty keeps what was recorded.
 */
async function recordStudentFacts(api: ServerApi, studentId: string, row: Pick<RosterRow, 'graduationYear' | 'birthMonth'>): Promise<void> {
  await api.tables.upsertRow({
    databaseId: DATABASE_ID,
    tableId: TABLES.studentRecords,
    rowId: studentId,
    data: {
      studentId,
      ...(row.graduationYear !== undefined ? { graduationYear: row.graduationYear } : {}),
      ...(row.birthMonth !== undefined ? { birthMonth: row.birthMonth, birthMonthSource: 'roster' } : {}),
    },
    permissions: [],
  });
}

/**
 * What `enrolStudent` would answer for the row now, read without writing anything (the roster page's
 * preview): `created` for an address with no account or only someone's unverified sign-up (which the
 * import replaces), else the account's standing. `existing` is the address's account as the preview
 * read it. An import run later may still answer otherwise if Appwrite changes meanwhile (a student
 * sets their password, another school enrols them first).
 */
export async function predictEnrolment(api: ServerApi, schoolId: string, existing: Models.User | undefined): Promise<RosterOutcome> {
  if (!existing || !(existing.emailVerification || (await madeByRoster(api, existing)))) return 'created';
  const school = await schoolOfStudent(api, existing.$id);
  if (school !== undefined && school !== schoolId) return 'other-school';
  return hasPassword(existing) ? 'already-member' : 'invited-again';
}

async function enrolAccount(api: ServerApi, row: RosterRow, schoolId: string, invite: Invite, start: RowStart): Promise<Enrolment> {
  const email = row.email.toLowerCase();
  let existing = 'account' in start ? start.account : undefined;
  let recordedId = 'recordedId' in start ? start.recordedId : undefined;
  for (let attempt = 0; attempt <= ATTEMPTS; attempt += 1) {
    if (attempt > 0) existing = await accountWithAddress(api, email);
    if (!existing) {
      const userId = await createStudent(api, email, row.name, recordedId);
      recordedId = undefined;
      // Undefined: another import created the address in between; the next round finds its account.
      if (userId === undefined) continue;
      // Another school enrolling the same new address at this instant may win: then this one mails nothing.
      if ((await enrolAsStudent(api, schoolId, userId, { newAccount: true })) === 'other-school') return { outcome: 'other-school' };
      await invite(userId, row.name);
      return { outcome: 'created', userId };
    }
    if (existing.emailVerification || (await madeByRoster(api, existing))) {
      const userId = existing.$id;
      if ((await enrolAsStudent(api, schoolId, userId)) === 'other-school') return { outcome: 'other-school' };
      if (hasPassword(existing)) return { outcome: 'already-member', userId };
      if (!existing.emailVerification) await api.users.updateEmailVerification({ userId, emailVerification: true });
      await invite(userId, existing.name || row.name);
      return { outcome: 'invited-again', userId };
    }
    await removeAccount(api, existing.$id);
  }
  throw new Error(`The account of ${email} kept changing while the roster was imported.`);
}

/**
 * Creates the student's account, verified (the school vouches for its own addresses, and the roles
 * function then labels it a student). The account's id is recorded in `roster_accounts` first (here,
 * or ahead by `startRows`: `recordedId`), so that an import stopped before the verification leaves an
 * account known to be the school's own, not mistaken for someone's sign-up. Undefined when the
 * address already has an account.
 */
async function createStudent(api: ServerApi, email: string, name: string, recordedId: string | undefined): Promise<string | undefined> {
  const userId = recordedId ?? ID.unique();
  const record = { databaseId: DATABASE_ID, tableId: TABLES.rosterAccounts, rowId: userId };
  if (recordedId === undefined) await api.tables.createRow<RosterAccountRow>({ ...record, data: { email }, permissions: [] });
  try {
    await api.users.create({ userId, email, name });
  } catch (thrown) {
    if (!hasStatus(thrown, 409)) throw thrown;
    await orUndefined(api.tables.deleteRow(record));
    return undefined;
  }
  await api.users.updateEmailVerification({ userId, emailVerification: true });
  return userId;
}

/** True when a roster import created this very account for this address. */
async function madeByRoster(api: ServerApi, account: Models.User): Promise<boolean> {
  const record = await orUndefined(api.tables.getRow<RosterAccountRow>({ databaseId: DATABASE_ID, tableId: TABLES.rosterAccounts, rowId: account.$id }));
  return record !== undefined && record.email === account.email.toLowerCase();
}
