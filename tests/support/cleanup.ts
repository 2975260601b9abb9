import { Client, Messaging, Query, Storage, TablesDB, Teams, Users, type Models } from 'node-appwrite';

/**
 * What a test file leaves behind on a real Appwrite, and removing it again when the file's backend
 * closes. Locally every test file has a backend of its own, in memory, so nothing is removed there;
 * a real project is shared by every file of a run (two at a time) and by the runs after it.
 *
 * Tests register the databases, buckets, teams and users they create by id. Accounts signed up through
 * the web SDK are remembered without that: sign-ups happen in many places (simulated browsers, the
 * portal SDK, the tests themselves), so every successful `POST /account` is noted as it passes.
 * The product's rows and files that those accounts made through the `commands` and `ai` functions
 * are removed with them, as those functions would leave them to the next run otherwise.
 */

const made = {
  users: new Set<string>(),
  databases: new Set<string>(),
  buckets: new Set<string>(),
  teams: new Set<string>(),
  providers: new Set<string>(),
};

/** Registers a resource for removal when the backend closes (on a real Appwrite); answers its id. */
export const cleanup = {
  user: (id: string): string => remember(made.users, id),
  database: (id: string): string => remember(made.databases, id),
  bucket: (id: string): string => remember(made.buckets, id),
  team: (id: string): string => remember(made.teams, id),
  /** A messaging provider: left behind, a disabled one would stop the project's mail ("No enabled provider found."). */
  provider: (id: string): string => remember(made.providers, id),
};

function remember(set: Set<string>, id: string): string {
  set.add(id);
  return id;
}

let observing = false;

/** Notes the id of every account created through the web SDK against `endpoint`. */
export function rememberSignUps(endpoint: string): void {
  if (observing) return;
  observing = true;
  const previous = globalThis.fetch;
  const signUpUrl = `${endpoint}/account`;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await previous(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method === 'POST' && url === signUpUrl && response.status === 201) {
      const user = (await response.clone().json()) as { $id?: string };
      if (user.$id) made.users.add(user.$id);
    }
    return response;
  };
}

export interface CleanupTarget {
  endpoint: string;
  projectId: string;
  apiKey: string;
}

/** Removes everything registered, and the product data of the registered users made since `since`. */
export async function removeLeftovers(target: CleanupTarget, since: string): Promise<void> {
  const client = new Client().setEndpoint(target.endpoint).setProject(target.projectId).setKey(target.apiKey);
  const users = [...made.users];
  await removePortalData(client, users, since);
  const tables = new TablesDB(client);
  const storage = new Storage(client);
  const accounts = new Users(client);
  for (const databaseId of made.databases) await ignoreMissing(tables.delete({ databaseId }));
  for (const bucketId of made.buckets) await ignoreMissing(storage.deleteBucket({ bucketId }));
  const teams = new Teams(client);
  for (const teamId of made.teams) await ignoreMissing(teams.delete({ teamId }));
  const messaging = new Messaging(client);
  for (const providerId of made.providers) await ignoreMissing(messaging.deleteProvider({ providerId }));
  for (const userId of users) await ignoreMissing(accounts.delete({ userId }));
  made.users.clear();
  made.databases.clear();
  made.buckets.clear();
  made.teams.clear();
  made.providers.clear();
}

async function ignoreMissing(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if ((error as { code?: number }).code !== 404) throw error;
  }
}

const PORTAL = 'portal';
const PORTAL_BUCKETS = ['job-images', 'post-images', 'profile-photos', 'resumes', 'interview-recordings', 'uploads'] as const;

/** Where the product's tables name the account a row belongs to (see appwrite.config.json). */
const OWNER_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['applications', 'applicantId'],
  ['applications', 'jobCreatorId'],
  ['jobs', 'creatorId'],
  ['profiles', '$id'],
  ['comments', 'authorId'],
  ['post_likes', 'userId'],
  ['posts', 'authorId'],
  ['coach_messages', 'userId'],
  ['interview_sessions', 'userId'],
  ['ai_usage', 'userId'],
  ['report_counts', 'reporterId'],
  ['service_hours', 'studentId'],
];

/** Where rows name their files: the column, and the bucket it points into. */
const FILE_COLUMNS: Readonly<Record<string, ReadonlyArray<readonly [column: string, bucket: string]>>> = {
  jobs: [['imageFileId', 'job-images']],
  applications: [['resumeFileId', 'resumes']],
  profiles: [['photoFileId', 'profile-photos']],
  posts: [
    ['imageFileIds', 'post-images'],
    ['authorAvatarFileId', 'profile-photos'],
  ],
};

/**
 * Deletes the `portal` rows of these accounts with the files they name, then every other file in
 * the product's buckets made since `since` that grants one of them anything (uploads never attached).
 * A project without the product pushed has neither, and is left alone.
 */
async function removePortalData(client: Client, userIds: readonly string[], since: string): Promise<void> {
  if (userIds.length === 0) return;
  const tables = new TablesDB(client);
  const storage = new Storage(client);
  try {
    await tables.get({ databaseId: PORTAL });
  } catch (error) {
    if ((error as { code?: number }).code === 404) return;
    throw error;
  }
  for (const [tableId, column] of OWNER_COLUMNS) {
    for (let start = 0; start < userIds.length; start += 100) {
      const owners = userIds.slice(start, start + 100);
      for (;;) {
        const { rows } = await tables.listRows({ databaseId: PORTAL, tableId, queries: [Query.equal(column, owners), Query.limit(100)], total: false });
        if (rows.length === 0) break;
        for (const row of rows) {
          await ignoreMissing(tables.deleteRow({ databaseId: PORTAL, tableId, rowId: row.$id }));
          for (const [fileColumn, bucketId] of FILE_COLUMNS[tableId] ?? []) {
            for (const fileId of [row[fileColumn]].flat()) {
              if (typeof fileId === 'string' && fileId) await ignoreMissing(storage.deleteFile({ bucketId, fileId }));
            }
          }
        }
      }
    }
  }
  const grantsToThem = (permission: string) => userIds.some((userId) => permission.includes(`"user:${userId}"`) || permission.includes(`"user:${userId}/`));
  for (const bucketId of PORTAL_BUCKETS) {
    // The cursor is always a file that stays: a deleted one could not continue the walk.
    let cursor: string | undefined;
    for (;;) {
      const queries = [
        Query.greaterThanEqual('$createdAt', since),
        Query.orderAsc('$createdAt'),
        Query.limit(100),
        ...(cursor ? [Query.cursorAfter(cursor)] : []),
      ];
      const { files }: Models.FileList = await storage.listFiles({ bucketId, queries, total: false });
      for (const file of files) {
        if (file.$permissions.some(grantsToThem)) await ignoreMissing(storage.deleteFile({ bucketId, fileId: file.$id }));
        else cursor = file.$id;
      }
      if (files.length < 100) break;
    }
  }
}
