import { afterAll, beforeAll, expect, it } from 'vitest';
import { Functions, ID, Permission, Query, Role, TablesDB, Teams, Users } from 'node-appwrite';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { eventually, SETTINGS, startPortalBackend, uniqueLocal } from '../support/portal.ts';

/**
 * Issue 23, item 7: a deployment from before schools (teachers labelled by their address, students in
 * no school) becomes a board of one school by executing `roles` with `{ "migrate": "board" }` (README
 * "Upgrading to schools"), any number of times, nobody losing a power. Local only: it needs a project
 * with no school yet, as the deployment being upgraded has.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startPortalBackend({ env: { SCHOOL_NAME: 'Escarpment Heights Secondary School' } });
});
afterAll(() => backend?.close());

interface Migration {
  schoolId: string;
  staffAdded: number;
  studentsAdded: number;
  postsMoved: number;
  moderationScoped?: number;
  done: boolean;
  rows?: { hours: number; postings: number; assignments: number };
}

async function migrate(): Promise<Migration> {
  const execution = await new Functions(adminClient(backend)).createExecution({
    functionId: 'roles',
    body: JSON.stringify({ migrate: 'board' }),
    async: false,
  });
  expect(execution.responseStatusCode).toBe(200);
  return (JSON.parse(execution.responseBody) as { data: Migration }).data;
}

/** Waits until every execution of `roles` so far has finished. */
async function rolesIdle(): Promise<void> {
  const functions = new Functions(adminClient(backend));
  const unfinished = () => functions.listExecutions({ functionId: 'roles', queries: [Query.equal('status', ['waiting', 'processing'])] });
  expect((await eventually(unfinished, (list) => list.total === 0)).total).toBe(0);
}

/** A verified school account; a staff address among them is then labelled as the old `roles` function did, by its address alone. */
async function formerMember(local: string): Promise<string> {
  const users = new Users(adminClient(backend));
  const user = await users.create({ userId: ID.unique(), email: `${local}@${SETTINGS.schoolDomain}`, password: 'correct horse battery' });
  await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  return user.$id;
}

describeLocal('upgrading a one-school deployment to a board', () => {
  it('makes every former teacher staff and every student a student of the school, and a second run changes nothing', async () => {
    const teachers = await Promise.all([formerMember(uniqueLocal('ms.lee')), formerMember(uniqueLocal('mr.ode'))]);
    const students = await Promise.all([formerMember(uniqueLocal('1')), formerMember(uniqueLocal('1')), formerMember(uniqueLocal('1'))]);
    // The new `roles` function has run on their creation and verification; then the old labels.
    await rolesIdle();
    const users = new Users(adminClient(backend));
    for (const id of teachers) await users.updateLabels({ userId: id, labels: ['teacher'] });

    const first = await migrate();
    expect(first, JSON.stringify(first)).toMatchObject({ staffAdded: 2, studentsAdded: 3, done: true });
    const teams = new Teams(adminClient(backend));
    const school = await teams.get({ teamId: first.schoolId });
    expect(school.name).toBe('Escarpment Heights Secondary School');
    const { memberships } = await teams.listMemberships({ teamId: school.$id, queries: [Query.limit(100)] });
    const rolesOf = new Map(memberships.map((membership) => [membership.userId, membership.roles]));
    for (const id of teachers) expect(rolesOf.get(id)).toEqual(['staff', 'teacher']);
    for (const id of students) expect(rolesOf.get(id)).toEqual(['student']);

    // Labels follow the memberships now, and the teachers kept theirs.
    await rolesIdle();
    for (const id of teachers) expect((await users.get({ userId: id })).labels).toEqual(['teacher']);

    const second = await migrate();
    expect(second).toMatchObject({ schoolId: first.schoolId, staffAdded: 0, studentsAdded: 0, done: true });
    expect((await teams.listMemberships({ teamId: school.$id })).total).toBe(memberships.length);
  });

  it("gives the rows written before schools their school: only its staff read a student's hours, a teacher's private posting and who it is assigned to", async () => {
    const [teacherId, studentId] = await Promise.all([formerMember(uniqueLocal('ms.old')), formerMember(uniqueLocal('1'))]);
    await rolesIdle();
    const users = new Users(adminClient(backend));
    await users.updateLabels({ userId: teacherId, labels: ['teacher'] });
    const tables = new TablesDB(adminClient(backend));
    const row = { databaseId: 'portal', rowId: ID.unique() };
    const everyTeacher = Permission.read(Role.label('teacher'));
    const hours = await tables.createRow({
      ...row,
      tableId: 'service_hours',
      data: {
        studentId,
        studentEmail: `${studentId}@old.example`,
        organisation: 'Food bank',
        activity: 'Sorting',
        date: '2025-01-10',
        quarterHours: 8,
        supervisorName: 'Dana',
        supervisorEmail: 'dana@foodbank.example',
        status: 'pending',
      },
      permissions: [Permission.read(Role.user(studentId)), everyTeacher],
    });
    const job = await tables.createRow({
      databaseId: 'portal',
      rowId: ID.unique(),
      tableId: 'jobs',
      data: {
        title: 'Co-op',
        company: 'School',
        description: 'Placement',
        postingType: 'Job',
        location: 'Here',
        visible: false,
        creatorId: teacherId,
        creatorEmail: `${teacherId}@old.example`,
        assignedAt: new Date().toISOString(),
      },
      permissions: [Permission.read(Role.user(teacherId)), everyTeacher, Permission.read(Role.user(studentId))],
    });
    const assignment = await tables.createRow({
      databaseId: 'portal',
      rowId: job.$id,
      tableId: 'job_assignments',
      data: { jobId: job.$id, studentId, studentEmail: `${studentId}@old.example` },
      permissions: [Permission.read(Role.user(studentId)), Permission.read(Role.user(teacherId)), everyTeacher],
    });

    const first = await migrate();
    expect(first.done).toBe(true);
    const staff = `read("team:${first.schoolId}/staff")`;
    const stored = {
      hours: await tables.getRow({ databaseId: 'portal', tableId: 'service_hours', rowId: hours.$id }),
      job: await tables.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: job.$id }),
      assignment: await tables.getRow({ databaseId: 'portal', tableId: 'job_assignments', rowId: assignment.$id }),
    };
    expect(stored.hours).toMatchObject({ schoolId: first.schoolId });
    expect(stored.hours.$permissions.sort()).toEqual([staff, `read("user:${studentId}")`].sort());
    expect(stored.job).toMatchObject({ schoolId: first.schoolId });
    expect(stored.job.$permissions.sort()).toEqual([staff, `read("user:${teacherId}")`, `read("user:${studentId}")`].sort());
    expect(stored.assignment.$permissions.sort()).toEqual([staff, `read("user:${teacherId}")`, `read("user:${studentId}")`].sort());

    const second = await migrate();
    expect(second).toMatchObject({ done: true, rows: { hours: 0, postings: 0, assignments: 0 } });
  });

  it("moves a post from before schools, with its comment and like, into its author's school, and opens the author's profile to it", async () => {
    const author = await formerMember(uniqueLocal('1'));
    await rolesIdle();
    const admin = new TablesDB(adminClient(backend));
    const row = (tableId: string, data: Record<string, unknown>, permissions: string[]) =>
      admin.createRow({ databaseId: 'portal', tableId, rowId: ID.unique(), data, permissions });
    // As the commands wrote them before schools: every member reads the post and its comment; likes had no row permissions.
    const post = await row(
      'posts',
      { authorId: author, authorName: 'Former student', content: 'From before schools', imageFileIds: [], likeCount: 1, commentCount: 1 },
      ['read("users")'],
    );
    const comment = await row('comments', { postId: post.$id, authorId: author, authorName: 'Former student', content: 'Me again' }, ['read("users")']);
    const like = await row('post_likes', { postId: post.$id, userId: author }, []);
    // A report every teacher read, and a decision every teacher read through the table.
    const report = await row('reports', { reporterId: author, kind: 'post', targetId: post.$id, reason: 'Old report', status: 'dismissed' }, [
      `read("user:${author}")`,
      'read("label:teacher")',
    ]);
    const decision = await row(
      'moderation_audit',
      {
        teacherId: 'someteacher',
        teacherName: 'Ms. Old',
        action: 'dismiss',
        kind: 'post',
        targetId: post.$id,
        reportId: report.$id,
        reason: null,
        at: new Date().toISOString(),
      },
      [],
    );

    const migrated = await migrate();
    expect(migrated.postsMoved).toBeGreaterThanOrEqual(1);
    const school = `team:${migrated.schoolId}`;
    const after = (tableId: string, rowId: string) => admin.getRow({ databaseId: 'portal', tableId, rowId });
    expect(await after('posts', post.$id)).toMatchObject({ schoolId: migrated.schoolId, $permissions: [`read("${school}")`] });
    expect((await after('comments', comment.$id)).$permissions).toEqual([`read("${school}")`]);
    expect((await after('post_likes', like.$id)).$permissions).toEqual([`read("${school}")`]);
    expect((await after('profiles', author)).$permissions).toEqual([`read("user:${author}")`, `read("${school}")`]);
    expect((await after('reports', report.$id)).$permissions).toEqual([`read("user:${author}")`, `read("${school}/staff")`]);
    expect((await after('moderation_audit', decision.$id)).$permissions).toEqual([`read("${school}/staff")`]);

    // A second run finds nothing left to move.
    expect(await migrate()).toMatchObject({ postsMoved: 0, moderationScoped: 0, done: true });
  });
});
