import { AppwriteException, ID, Query } from 'appwrite';
import { expect } from 'vitest';
import type { Models } from 'node-appwrite';
import { realAppwrite } from './backend.ts';
import { outcome, type CaseContext, type Played } from './permission-case.ts';
import { runCommandCase } from './permission-commands.ts';
import { CONTENT, FILES, ROWS, type Bucket, type Table, type World } from './permission-fixture.ts';
import { isModerationOperation, runModerationCase } from './permission-moderation.ts';
import { isSchoolOperation, runSchoolCase } from './permission-schools.ts';
import type { Case, Operation } from './permission-rules.ts';
import { ROLE_OF, type Actor } from './principals.ts';

/**
 * How a case on tables, files or the roles function is played: the principal's real call through
 * the web SDK (or a browser's own request for a file URL), then what must be observable afterwards.
 * Commands are played in permission-commands.ts.
 */

const DB = 'portal';

/** Rows a principal tries to create, valid but for the permission (so only the permission refuses). */
function rowData(table: Table, world: World, actor: Actor): Record<string, unknown> {
  const self = actor.userId ?? 'guest';
  const email = actor.email ?? 'guest@home.example';
  switch (table) {
    case 'jobs':
      return {
        title: 'Forged',
        company: 'Forgery Inc',
        description: 'Made without a command',
        postingType: 'Job',
        location: 'Oakville',
        visible: true,
        creatorId: self,
        creatorEmail: email,
      };
    case 'job_assignments':
      return { jobId: world.rows.publicJob, studentId: self, studentEmail: email };
    case 'applications':
      return {
        jobId: world.rows.publicJob,
        jobTitle: 'Forged',
        jobCreatorId: world.actors.recruiterA.userId,
        applicantId: self,
        applicantEmail: email,
        relevantExperiences: 'x',
        interestInRole: 'x',
        careerGoals: 'x',
        resumeFileId: world.files.resumeDraft,
        status: 'accepted',
      };
    case 'profiles':
      return { email: `forged.${ID.unique()}@home.example`, name: 'Forged', role: 'teacher' };
    case 'posts':
      return { authorId: self, authorName: 'Forged', content: 'Forged post', likeCount: 1000 };
    case 'comments':
      return { postId: world.rows.post, authorId: self, authorName: 'Forged', content: 'Forged comment' };
    case 'post_likes':
      return { postId: world.rows.post, userId: `forged${ID.unique()}`.slice(0, 36) };
    case 'newsletter':
      return { email: `forged.${ID.unique()}@home.example` };
    case 'service_hours':
      return {
        studentId: self,
        studentEmail: email,
        organisation: 'Forged',
        activity: 'Forged',
        date: '2020-01-01',
        quarterHours: 48,
        supervisorName: 'Forged',
        supervisorEmail: 'forged@home.example',
        status: 'approved',
        approvedQuarterHours: 48,
      };
    case 'hours_confirmations':
      return { entryId: world.rows.hoursA, tokenHash: '0'.repeat(64), expiresAt: '2100-01-01T00:00:00.000+00:00' };
    // The guard of a student's day and the count of their supervisor mails: forging one would lift a limit.
    case 'hours_days':
      return { studentId: self, date: '2026-01-01', changedAt: null };
    case 'hours_mail_counts':
      return { studentId: self, day: '2026-01-01', mails: 0 };
    // A forged birth month would open work the law bars; forged board rules would change them for everyone.
    case 'student_records':
      return { studentId: self, birthMonth: '1990-01' };
    case 'hours_parent_links':
      return { entryId: world.rows.hoursA, tokenHash: '0'.repeat(64), expiresAt: '2100-01-01T00:00:00.000+00:00' };
    case 'board_rules':
      return { packId: 'us-federal', revision: 99 };
    // A forged entry of the board rules' history would blame another administrator for a change.
    case 'board_rule_changes':
      return { revision: 99, changedBy: self, changedAt: '2020-01-01T00:00:00.000+00:00', packBefore: 'ontario', packAfter: 'us-federal', summary: 'Forged' };
    case 'saved_postings':
      return { studentId: self, jobId: world.rows.privateJob, title: 'Forged', postingType: 'Job' };
    case 'alerts':
      return { studentId: self, search: 'forged' };
    // A forged key would file someone's saved search under another posting's words.
    case 'alert_keys':
      return { alertId: 'forged', studentId: self, key: '*' };
    case 'notifications':
      return { studentId: self, kind: 'alert-match', message: 'Forged', jobId: world.rows.privateJob };
    // A forged run would make the day's digest skip every member.
    case 'digest_runs':
      return { day: '2026-01-01', cursor: 'zzzz', startedAt: '2026-01-01T00:00:00.000+00:00', finishedAt: '2026-01-01T00:00:00.000+00:00' };
    case 'digest_subscriptions':
      return { studentId: self, tokenHash: '0'.repeat(64) };
    case 'reports':
      return { reporterId: self, kind: 'post', targetId: world.rows.post, reason: 'Forged', status: 'hidden' };
    case 'moderation_audit':
      return {
        teacherId: self,
        teacherName: 'Forged',
        action: 'hide',
        kind: 'post',
        targetId: world.rows.post,
        reportId: 'forged',
        at: '2020-01-01T00:00:00.000+00:00',
      };
    case 'recruiter_approvals':
      return { organisation: 'Forged', recruiterName: 'Forged', recruiterEmail: email, status: 'approved' };
  }
}

/** A real change to each table's rows: what a client might want to forge. */
const FORGED_CHANGE: Readonly<Record<Table, Record<string, unknown>>> = {
  jobs: { title: 'Hijacked', visible: true },
  job_assignments: { studentId: 'hijacked', studentEmail: 'hijacked@home.example' },
  applications: { status: 'accepted', jobTitle: 'Hijacked' },
  profiles: { role: 'teacher', name: 'Hijacked' },
  posts: { likeCount: 999, content: 'Hijacked' },
  comments: { content: 'Hijacked' },
  post_likes: { userId: 'hijacked' },
  newsletter: { email: 'hijacked@home.example' },
  service_hours: { status: 'approved', approvedQuarterHours: 48 },
  hours_confirmations: { usedAt: null },
  hours_days: { changedAt: '2020-01-01T00:00:00.000+00:00' },
  hours_mail_counts: { mails: 0 },
  student_records: { birthMonth: '1990-01' },
  board_rules: { packId: 'us-federal' },
  hours_parent_links: { tokenHash: '0'.repeat(64) },
  board_rule_changes: { summary: 'Forged' },
  saved_postings: { jobId: 'hijacked', title: 'Hijacked' },
  alerts: { studentId: 'hijacked', search: 'hijacked' },
  alert_keys: { key: '*' },
  notifications: { readAt: '2020-01-01T00:00:00.000+00:00', message: 'Hijacked' },
  digest_subscriptions: { unsubscribedAt: null },
  digest_runs: { cursor: 'zzzz' },
  reports: { status: 'hidden', reason: 'Hijacked' },
  moderation_audit: { reason: 'Hijacked' },
  recruiter_approvals: { status: 'approved', reason: 'Hijacked' },
};

const COUNTER: Partial<Record<Table, string>> = { jobs: 'viewCount', posts: 'likeCount' };

function tableOfRow(name: string): Table {
  const facts = ROWS[name];
  if (!facts) throw new Error(`unknown row ${name}`);
  return facts.table;
}

function bucketOfFile(name: string): Bucket {
  const facts = FILES[name];
  if (!facts) throw new Error(`unknown file ${name}`);
  return facts.bucket;
}

export function playCase(testCase: Case, context: CaseContext): Promise<Played> {
  const play = PLAYS[testCase.operation];
  if (play) return play(testCase, context);
  const { operation } = testCase;
  if (isSchoolOperation(operation)) return runSchoolCase({ ...testCase, operation }, context);
  return isModerationOperation(operation) ? runModerationCase({ ...testCase, operation }, context) : runCommandCase(testCase, context);
}

type Play = (testCase: Case, context: CaseContext) => Promise<Played>;

const nothing = async () => {};

function rowPlay(
  act: (table: Table, rowId: string, context: CaseContext) => Promise<unknown>,
  allowed: (table: Table, rowId: string, value: unknown, context: CaseContext) => Promise<void>,
): Play {
  return async (testCase, context) => {
    const table = tableOfRow(testCase.resource);
    const rowId = context.throwaway?.id ?? (context.world.rows[testCase.resource] as string);
    const result = await outcome(act(table, rowId, context));
    return {
      result,
      allowed: () => allowed(table, rowId, result.ok ? result.value : undefined, context),
      unchanged: () => context.observer.expectRowAsBefore(table, rowId),
    };
  };
}

function filePlay(
  act: (bucket: Bucket, fileId: string, context: CaseContext) => Promise<unknown>,
  allowed: (bucket: Bucket, fileId: string, value: unknown, context: CaseContext) => Promise<void>,
): Play {
  return async (testCase, context) => {
    const bucket = bucketOfFile(testCase.resource);
    const fileId = context.throwaway?.id ?? (context.world.files[testCase.resource] as string);
    const result = await outcome(act(bucket, fileId, context));
    return {
      result,
      allowed: () => allowed(bucket, fileId, result.ok ? result.value : undefined, context),
      unchanged: () => context.observer.expectFileAsBefore(bucket, fileId),
    };
  };
}

/** A file URL opened the way a browser opens `<img src>` or a link: only the browser's cookies come along. */
async function openFileUrl(actor: Actor, url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { cookie: actor.cookieHeader() } });
  if (!response.ok) {
    const body = (await response.json()) as { message: string; type: string };
    throw new AppwriteException(body.message, response.status, body.type);
  }
  return Buffer.from(await response.arrayBuffer());
}

/** What a list showed: its ids, and its total (which must count only what the caller may see). */
export interface Listed {
  ids: string[];
  total: number;
}

const listed = (items: ReadonlyArray<{ $id: string }>, total: number): Listed => ({ ids: items.map((item) => item.$id).sort(), total });

/**
 * The queries of a list case. Locally the fixture is all there is, so a list shows the whole table
 * or bucket. A real Appwrite's portal holds other test files' rows and files too: there the list is
 * narrowed to the fixture's own ids, so that what a principal sees of the fixture is compared.
 */
function listQueries(world: World, resource: string): string[] {
  if (!realAppwrite) return [Query.limit(100)];
  const ids = [
    ...Object.entries(ROWS)
      .filter(([, facts]) => facts.table === resource)
      .map(([name]) => world.rows[name] as string),
    ...Object.entries(FILES)
      .filter(([, facts]) => facts.bucket === resource)
      .map(([name]) => world.files[name] as string),
  ];
  // Appwrite refuses an equal() with no values; a table the fixture put no row in is asked for one that cannot exist.
  return [Query.limit(100), Query.equal('$id', ids.length ? ids : ['no-such-row'])];
}

const PLAYS: Partial<Record<Operation, Play>> = {
  getRow: rowPlay(
    (table, rowId, { actor }) => actor.tablesDB.getRow({ databaseId: DB, tableId: table, rowId }),
    async (table, rowId, value, { observer }) => {
      const row = value as Models.Row;
      const stored = await observer.row(table, rowId);
      expect({ id: row.$id, permissions: row.$permissions, updatedAt: row.$updatedAt }).toEqual({
        id: rowId,
        permissions: stored?.$permissions,
        updatedAt: stored?.$updatedAt,
      });
    },
  ),
  updateRow: rowPlay(
    (table, rowId, { actor }) => actor.tablesDB.updateRow({ databaseId: DB, tableId: table, rowId, data: FORGED_CHANGE[table] }),
    async (table, rowId, _value, { observer }) => expect(await observer.row(table, rowId)).toMatchObject(FORGED_CHANGE[table]),
  ),
  upsertRow: rowPlay(
    (table, rowId, { actor }) => actor.tablesDB.upsertRow({ databaseId: DB, tableId: table, rowId, data: FORGED_CHANGE[table] }),
    async (table, rowId, _value, { observer }) => expect(await observer.row(table, rowId)).toMatchObject(FORGED_CHANGE[table]),
  ),
  deleteRow: rowPlay(
    (table, rowId, { actor }) => actor.tablesDB.deleteRow({ databaseId: DB, tableId: table, rowId }),
    async (table, rowId, _value, { observer }) => expect(await observer.row(table, rowId)).toBeUndefined(),
  ),
  incrementRowColumn: rowPlay(
    (table, rowId, { actor }) => actor.tablesDB.incrementRowColumn({ databaseId: DB, tableId: table, rowId, column: COUNTER[table] as string, value: 100 }),
    async (table, rowId, value, { observer }) => expect(await observer.row(table, rowId)).toEqual(value),
  ),
  getFile: filePlay(
    (bucket, fileId, { actor }) => actor.storage.getFile({ bucketId: bucket, fileId }),
    async (bucket, fileId, value, { observer }) => {
      const file = value as Models.File;
      expect({ id: file.$id, permissions: file.$permissions }).toEqual({ id: fileId, permissions: (await observer.file(bucket, fileId))?.$permissions });
    },
  ),
  viewFile: filePlay(
    (bucket, fileId, { actor }) => openFileUrl(actor, actor.storage.getFileView({ bucketId: bucket, fileId })),
    async (bucket, _fileId, value) => expect((value as Buffer).equals(CONTENT[bucket].bytes)).toBe(true),
  ),
  downloadFile: filePlay(
    (bucket, fileId, { actor }) => openFileUrl(actor, actor.storage.getFileDownload({ bucketId: bucket, fileId })),
    async (bucket, _fileId, value) => expect((value as Buffer).equals(CONTENT[bucket].bytes)).toBe(true),
  ),
  updateFile: filePlay(
    (bucket, fileId, { actor }) => actor.storage.updateFile({ bucketId: bucket, fileId, name: `renamed-${CONTENT[bucket].name}` }),
    async (bucket, fileId, _value, { observer }) => expect((await observer.file(bucket, fileId))?.name).toBe(`renamed-${CONTENT[bucket].name}`),
  ),
  deleteFile: filePlay(
    (bucket, fileId, { actor }) => actor.storage.deleteFile({ bucketId: bucket, fileId }),
    async (bucket, fileId, _value, { observer }) => expect(await observer.file(bucket, fileId)).toBeUndefined(),
  ),

  async listRows(testCase, { actor, world }) {
    const result = await outcome(actor.tablesDB.listRows({ databaseId: DB, tableId: testCase.resource, queries: listQueries(world, testCase.resource) }));
    return { result: result.ok ? { ok: true, value: listed(result.value.rows, result.value.total) } : result, allowed: nothing, unchanged: nothing };
  },
  async listFiles(testCase, { actor, world }) {
    const result = await outcome(actor.storage.listFiles({ bucketId: testCase.resource, queries: listQueries(world, testCase.resource) }));
    return { result: result.ok ? { ok: true, value: listed(result.value.files, result.value.total) } : result, allowed: nothing, unchanged: nothing };
  },
  async createRow(testCase, context) {
    const table = testCase.resource as Table;
    const rowId = ID.unique();
    const data = rowData(table, context.world, context.actor);
    const result = await outcome(context.actor.tablesDB.createRow({ databaseId: DB, tableId: table, rowId, data }));
    return {
      result,
      allowed: async () => expect(await context.observer.row(table, rowId)).toMatchObject(data),
      unchanged: async () => expect(await context.observer.row(table, rowId)).toBeUndefined(),
    };
  },
  async createFile(testCase, { actor, observer }) {
    const bucket = testCase.resource as Bucket;
    const fileId = ID.unique();
    const { name, bytes } = CONTENT[bucket];
    const result = await outcome(actor.storage.createFile({ bucketId: bucket, fileId, file: new File([new Uint8Array(bytes)], name) }));
    return {
      result,
      // An upload is its uploader's alone until a command attaches it to something.
      allowed: async () =>
        expect((await observer.file(bucket, fileId))?.$permissions.sort()).toEqual(
          ['read', 'update', 'delete'].map((action) => `${action}("user:${actor.userId}")`).sort(),
        ),
      unchanged: async () => expect(await observer.file(bucket, fileId)).toBeUndefined(),
    };
  },
  async executeRoles(_testCase, { actor, observer, world }) {
    const result = await outcome(
      actor.functions.createExecution({ functionId: 'roles', body: JSON.stringify({ userId: actor.userId, labels: ['teacher'] }), async: false }),
    );
    return {
      result,
      allowed: nothing,
      unchanged: async () => {
        for (const other of Object.values(world.actors)) {
          if (other.userId) expect(await observer.labels(other.userId)).toEqual(ROLE_OF[other.principal] ? [ROLE_OF[other.principal]] : []);
        }
      },
    };
  },
};
