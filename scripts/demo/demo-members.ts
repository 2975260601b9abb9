import { Account, AppwriteException, Client, Functions, ID, Query, Storage, TablesDB, Users, type Models } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { UPLOADS_BUCKET } from '@opportunity-kit/sdk/domain';
import { DEMO_PASSWORDS, emailOf, type DemoPerson } from './demo-data.ts';

/** Where the backend is, and the project's API key (used for account administration only). */
export interface Connection {
  endpoint: string;
  projectId: string;
  apiKey: string;
}

/**
 * A demo person signed in the server-side (SSR) way: the API key creates an e-mail/password session
 * and hands back its secret; a client holding only that secret then acts as the person, so every
 * command runs with the identity Appwrite injects for them, exactly as from their browser.
 */
export interface DemoMember {
  person: DemoPerson;
  userId: string;
  email: string;
  password: string;
  account: Account;
  storage: Storage;
  functions: Functions;
}

/** The label that marks an account as demo data; put on every demo account once the seed finished. */
export const DEMO_LABEL = 'demo';

const LABEL_TIMEOUT_MS = 15_000;

export function adminClient(connection: Connection): Client {
  return new Client().setEndpoint(connection.endpoint).setProject(connection.projectId).setKey(connection.apiKey);
}

/** A client that nobody signed in to (a visitor of the welcome page). */
export function guestClient(connection: Connection): Client {
  return new Client().setEndpoint(connection.endpoint).setProject(connection.projectId);
}

/**
 * Creates a person's account (unless an interrupted seed already did), marks the address verified
 * (standing in for the link in the verification mail), waits until the `roles` function has labelled
 * the account and created its profile, and signs in. The account is made with the Users API and the
 * API key, which Appwrite's abuse limits exempt: signing ten people up from one address within an
 * hour is what those limits stop (the account, its creation event and the roles function's work are
 * the same as after a visitor's sign-up).
 */
export async function enrol(connection: Connection, person: DemoPerson, schoolDomain: string, existing: Models.User | undefined): Promise<DemoMember> {
  const email = emailOf(person, schoolDomain);
  const password = DEMO_PASSWORDS[person.role];
  const user = existing ?? (await new Users(adminClient(connection)).create({ userId: ID.unique(), email, password, name: person.name }));
  if (!user.emailVerification) await new Users(adminClient(connection)).updateEmailVerification({ userId: user.$id, emailVerification: true });
  await waitForLabel(connection, user.$id, email, person.role, `The backend's roles function must use SCHOOL_DOMAIN=${schoolDomain}, the same as the seed.`);
  return signInAs(connection, person, user.$id, email, password);
}

/** Signs an existing account in with its password and returns the member acting as it. */
export async function signInAs(connection: Connection, person: DemoPerson, userId: string, email: string, password: string): Promise<DemoMember> {
  const session = await new Account(adminClient(connection)).createEmailPasswordSession({ email, password });
  const client = guestClient(connection).setSession(session.secret);
  return {
    person,
    userId,
    email,
    password,
    account: new Account(client),
    storage: new Storage(client),
    functions: new Functions(client),
  };
}

/** Uploads a file as the member into `uploads`, as the portal does (the command it is sent with moves it into its bucket), and answers its id. */
export async function uploadAs(member: DemoMember, name: string, bytes: Buffer): Promise<string> {
  const file = await member.storage.createFile({ bucketId: UPLOADS_BUCKET, fileId: ID.unique(), file: InputFile.fromBuffer(bytes, name) });
  return file.$id;
}

/** Waits until the `roles` function has given the account `label` and made its profile; `hint` says what to check when it never does. */
export async function waitForLabel(connection: Connection, userId: string, email: string, label: string, hint: string): Promise<void> {
  const users = new Users(adminClient(connection));
  const tables = new TablesDB(adminClient(connection));
  const deadline = Date.now() + LABEL_TIMEOUT_MS;
  for (;;) {
    const user = await users.get({ userId });
    if (user.labels.includes(label) && (await hasProfile(tables, userId))) return;
    if (Date.now() > deadline) throw new Error(`${email} never got the label ${label} (labels: ${user.labels.join(', ') || 'none'}). ${hint}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the `roles` function has handled the account's creation (recorded its address, made its profile). */
export async function waitForProfile(connection: Connection, userId: string): Promise<void> {
  const tables = new TablesDB(adminClient(connection));
  const deadline = Date.now() + LABEL_TIMEOUT_MS;
  while (!(await hasProfile(tables, userId))) {
    if (Date.now() > deadline) throw new Error(`The roles function never made the profile of ${userId}.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function hasProfile(tables: TablesDB, userId: string): Promise<boolean> {
  try {
    await tables.getRow({ databaseId: 'portal', tableId: 'profiles', rowId: userId });
    return true;
  } catch (error) {
    if (error instanceof AppwriteException && error.code === 404) return false;
    throw error;
  }
}

/** The accounts with these addresses that exist, by address. */
export async function existingAccounts(connection: Connection, emails: readonly string[]): Promise<Map<string, Models.User>> {
  const users = new Users(adminClient(connection));
  const found = await users.list({ queries: [Query.equal('email', [...emails]), Query.limit(100)] });
  return new Map(found.users.map((user) => [user.email.toLowerCase(), user]));
}
