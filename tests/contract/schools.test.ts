import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Users } from 'node-appwrite';
import { SCHOOL_MESSAGES, type JoinRequest, type School, type SchoolFigures, type SchoolStaffMember } from '@opportunity-kit/sdk/domain';
import { adminClient, itLocal, type TestBackend } from '../support/backend.ts';
import { signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { mailedLink } from '../support/outbox.ts';
import { eventually, execute, PDF, recruiter, SETTINGS, startPortalBackend, student, teacher, uniqueLocal, upload } from '../support/portal.ts';
import { aPosting, anApplication } from '../support/postings.ts';
import { boardAdmin, SCHOOL_A, SCHOOL_B } from '../support/schools.ts';

/**
 * Issue 23: a board of schools, each an Appwrite Team; the board's administrators create schools and
 * add their first administrators; staff powers only by a school's administrators' decision; students
 * and staff who signed up alone ask to join. Through real sessions and the `commands` function.
 */

let backend: TestBackend;
let board: Awaited<ReturnType<typeof boardAdmin>>;
beforeAll(async () => {
  backend = await startPortalBackend();
  board = await boardAdmin(backend);
});
afterAll(() => backend?.close());

const get = <T>(browser: TestBrowser, path: string) => execute<T>(browser, 'commands', 'GET', path);
const post = <T>(browser: TestBrowser, path: string, body?: unknown) => execute<T>(browser, 'commands', 'POST', path, body);

/** A verified staff address that signed up alone: no school has added it. */
async function waitingStaff(local = uniqueLocal('staff')): Promise<TestBrowser & { userId: string; email: string }> {
  const browser = await signedInBrowser(backend, { email: `${local}@${SETTINGS.schoolDomain}` });
  await new Users(adminClient(backend)).updateEmailVerification({ userId: browser.userId, emailVerification: true });
  return browser;
}

async function labelsOf(browser: TestBrowser, until: (labels: string[]) => boolean): Promise<string[]> {
  return (
    await eventually(
      () => browser.account.get(),
      (user) => until(user.labels),
    )
  ).labels;
}

async function newSchool(): Promise<School> {
  const made = await post<School>(board, '/schools', { name: `Maple Ridge Secondary ${uniqueLocal('')}` });
  expect(made.status).toBe(200);
  return made.data!;
}

describe('the board creates schools', () => {
  it('lets only the board’s administrators create one, as a team with an id from its name', async () => {
    const name = `Maple Ridge Secondary ${uniqueLocal('')}`;
    for (const outsider of [await teacher(backend), await student(backend), await recruiter(backend)]) {
      const refused = await post(outsider, '/schools', { name });
      expect(refused.status).toBe(403);
    }
    expect((await post(board, '/schools', { name: '   ' })).status).toBe(400);
    const made = await post<School>(board, '/schools', { name });
    expect(made.data).toMatchObject({ name, id: expect.stringMatching(/^school-maple-ridge-secondary/) });
    // The board sees each school's counts, and nobody else does.
    const figures = await get<SchoolFigures[]>(board, '/schools/figures');
    expect(figures.data?.find((school) => school.schoolId === made.data!.id)).toEqual({
      schoolId: made.data!.id,
      name,
      students: 0,
      staff: 0,
      pendingRequests: 0,
    });
    expect((await get(await teacher(backend), '/schools/figures')).status).toBe(403);
    // Every member lists the board's schools to pick theirs.
    const listed = await get<School[]>(await student(backend), '/schools');
    expect(listed.data?.map((school) => school.id)).toContain(made.data!.id);
  });
});

describe('staff only on purpose', () => {
  // Local only: the link is read from the development outbox.
  itLocal(
    'gives a staff address nothing until a school adds it, and the board adds the first administrator by address, mailing a link to choose a password',
    async () => {
      const school = await newSchool();
      const address = `${uniqueLocal('principal')}@${SETTINGS.schoolDomain}`;
      const added = await post<SchoolStaffMember>(board, `/schools/${school.id}/staff`, { email: address, name: 'Pat Principal', roles: ['admin'] });
      expect(added.data).toMatchObject({ email: address, staffRoles: ['admin'] });
      const users = new Users(adminClient(backend));
      const account = await eventually(
        () => users.get({ userId: added.data!.userId }),
        (user) => user.labels.includes('teacher'),
      );
      expect(account).toMatchObject({ emailVerification: true, labels: ['teacher'] });
      expect((await mailedLink(backend.endpoint, address)).userId).toBe(added.data!.userId);
    },
  );

  itLocal('lets the school’s administrator add and remove staff, keeps the last administrator, and refuses everyone else', async () => {
    const school = await newSchool();
    const admin = await waitingStaff();
    expect((await post(board, `/schools/${school.id}/staff`, { email: admin.email, roles: ['admin'] })).status).toBe(200);
    expect(await labelsOf(admin, (labels) => labels.includes('teacher'))).toContain('teacher');

    const colleague = await waitingStaff();
    // Student and outside addresses are no staff, and a role must be one of the four.
    expect((await post(admin, `/schools/${school.id}/staff`, { email: `${uniqueLocal('1')}@${SETTINGS.schoolDomain}`, roles: ['teacher'] })).status).toBe(400);
    expect((await post(admin, `/schools/${school.id}/staff`, { email: `${uniqueLocal('x')}@outside.example`, roles: ['teacher'] })).status).toBe(400);
    expect((await post(admin, `/schools/${school.id}/staff`, { email: colleague.email, roles: ['principal'] })).status).toBe(400);
    expect((await post(admin, `/schools/${school.id}/staff`, { email: colleague.email, roles: ['counsellor'] })).status).toBe(200);
    expect(await labelsOf(colleague, (labels) => labels.includes('teacher'))).toContain('teacher');

    // A teacher of the school, or any staff of another school, manages no staff.
    expect((await post(colleague, `/schools/${school.id}/staff`, { email: (await waitingStaff()).email, roles: ['teacher'] })).status).toBe(403);
    const other = await teacher(backend, uniqueLocal('other'), SCHOOL_B, ['admin', 'teacher']);
    expect((await get(other, `/schools/${school.id}/staff`)).status).toBe(403);
    const listed = await get<SchoolStaffMember[]>(admin, `/schools/${school.id}/staff`);
    expect(listed.data?.map((member) => member.email).sort()).toEqual([admin.email, colleague.email].sort());

    // The last administrator stays; the colleague goes, and their powers with them.
    expect((await execute(admin, 'commands', 'DELETE', `/schools/${school.id}/staff/${admin.userId}`)).status).toBe(403);
    expect((await execute(admin, 'commands', 'DELETE', `/schools/${school.id}/staff/${colleague.userId}`)).status).toBe(200);
    expect(await labelsOf(colleague, (labels) => !labels.includes('teacher'))).toEqual([]);
  });
});

describe('asking to join a school', () => {
  itLocal('lets a waiting staff address ask; only that school’s administrators see and decide it, once', async () => {
    const school = await newSchool();
    const admin = await waitingStaff();
    await post(board, `/schools/${school.id}/staff`, { email: admin.email, roles: ['admin'] });
    await labelsOf(admin, (labels) => labels.includes('teacher'));

    const waiting = await waitingStaff();
    const mine = await get<{ memberships: unknown[]; request: JoinRequest | null; boardAdmin: boolean }>(waiting, '/schools/mine');
    expect(mine.data).toEqual({ memberships: [], request: null, boardAdmin: false });
    const asked = await post<JoinRequest>(waiting, `/schools/${school.id}/requests`);
    expect(asked.data).toMatchObject({ kind: 'staff', status: 'pending', schoolId: school.id, email: waiting.email });

    // Another school's administrator neither lists nor decides it; nor does the waiting member.
    const otherAdmin = await teacher(backend, uniqueLocal('otheradmin'), SCHOOL_B, ['admin']);
    expect((await get(otherAdmin, `/schools/${school.id}/requests`)).status).toBe(403);
    expect((await post(otherAdmin, `/schools/${SCHOOL_B.id}/requests/${waiting.userId}`, { decision: 'approve', roles: ['teacher'] })).status).toBe(404);
    expect((await post(waiting, `/schools/${school.id}/requests/${waiting.userId}`, { decision: 'approve', roles: ['admin'] })).status).toBe(403);

    const queue = await get<JoinRequest[]>(admin, `/schools/${school.id}/requests`);
    expect(queue.data?.map((request) => request.userId)).toEqual([waiting.userId]);
    const figures = (await get<SchoolFigures[]>(board, '/schools/figures')).data?.find((entry) => entry.schoolId === school.id);
    expect(figures).toMatchObject({ staff: 1, students: 0, pendingRequests: 1 });
    // Two decisions at the same instant: exactly one is taken.
    const [first, second] = await Promise.all([
      post(admin, `/schools/${school.id}/requests/${waiting.userId}`, { decision: 'approve', roles: ['teacher'] }),
      post(admin, `/schools/${school.id}/requests/${waiting.userId}`, { decision: 'decline', reason: 'Not our staff' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const approved = first.status === 200;
    const labels = await labelsOf(waiting, (current) => current.includes('teacher') === approved);
    expect(labels.includes('teacher')).toBe(approved);
    expect((await get<JoinRequest[]>(admin, `/schools/${school.id}/requests`)).data).toEqual([]);
  });

  itLocal('lets a student with no school ask; that school’s staff confirm them, and nobody else', async () => {
    const loner = await student(backend, uniqueLocal('1'), SCHOOL_A);
    // Already in a school: no second one.
    expect((await post(loner, `/schools/${SCHOOL_B.id}/requests`)).status).toBe(403);

    const school = await newSchool();
    const admin = await waitingStaff();
    await post(board, `/schools/${school.id}/staff`, { email: admin.email, roles: ['admin', 'teacher'] });
    await labelsOf(admin, (labels) => labels.includes('teacher'));
    const newcomer = await signedInBrowser(backend, { email: `${uniqueLocal('1')}@${SETTINGS.schoolDomain}` });
    await new Users(adminClient(backend)).updateEmailVerification({ userId: newcomer.userId, emailVerification: true });
    await labelsOf(newcomer, (labels) => labels.includes('student'));
    expect((await post<JoinRequest>(newcomer, `/schools/${school.id}/requests`)).data).toMatchObject({ kind: 'student', status: 'pending' });
    // Until the school confirms them, a student browses public postings only.
    const posting = await post<{ id: string }>(admin, '/jobs', aPosting());
    expect(posting.status).toBe(200);
    const jobId = posting.data!.id;
    const resume = await upload(newcomer, 'cv.pdf', PDF);
    const refusals = await Promise.all([
      post(newcomer, '/applications', anApplication(jobId, resume)),
      execute(newcomer, 'commands', 'PUT', `/saved/${jobId}`),
      post(newcomer, '/alerts', { search: 'cashier' }),
      post(newcomer, '/hours', {}),
    ]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 403, error: { message: SCHOOL_MESSAGES.notConfirmed } });
    const stranger = await teacher(backend, uniqueLocal('stranger'), SCHOOL_A);
    expect((await post(stranger, `/schools/${school.id}/requests/${newcomer.userId}`, { decision: 'approve' })).status).toBe(403);
    expect((await post(admin, `/schools/${school.id}/requests/${newcomer.userId}`, { decision: 'approve' })).status).toBe(200);
    const mine = await get<{ memberships: Array<{ schoolId: string; student: boolean; staffRoles: string[] }> }>(newcomer, '/schools/mine');
    expect(mine.data?.memberships).toEqual([expect.objectContaining({ schoolId: school.id, student: true, staffRoles: [] })]);
    // A refused application left no resume behind: the student sends it again.
    expect(await post(newcomer, '/applications', anApplication(jobId, await upload(newcomer, 'cv.pdf', PDF)))).toMatchObject({ status: 200 });
  });
});

describe('invited staff', () => {
  itLocal('makes a TEACHER_EMAILS address a teacher of the board’s first school once verified', async () => {
    const invited = await signedInBrowser(backend, { email: SETTINGS.teacherEmail });
    await new Users(adminClient(backend)).updateEmailVerification({ userId: invited.userId, emailVerification: true });
    expect(await labelsOf(invited, (labels) => labels.includes('teacher'))).toContain('teacher');
    const mine = await get<{ memberships: Array<{ staffRoles: string[] }> }>(invited, '/schools/mine');
    expect(mine.data?.memberships).toEqual([expect.objectContaining({ staffRoles: ['teacher'] })]);
  });
});
