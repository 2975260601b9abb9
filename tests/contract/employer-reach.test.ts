import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppwriteException } from 'appwrite';
import { APPROVAL_MESSAGES, type ApprovalOutcome, type WaitingRecruiter } from '@opportunity-kit/sdk/domain';
import { describeLocal, type TestBackend } from '../support/backend.ts';
import type { TestBrowser } from '../support/browser.ts';
import { command, execute, guest, recruiter, startPortalBackend, student, teacher, type CommandAnswer, type Member } from '../support/portal.ts';
import { aPosting } from '../support/postings.ts';
import { boardAdmin, SCHOOL_A, SCHOOL_B } from '../support/schools.ts';

/**
 * Postings across a board (issue 23, item 5): a recruiter's public posting reaches the whole board or
 * the schools the recruiter picks; each school approves the recruiter for itself; the board's
 * trusted list reaches every school (and the public), and a school may still decline for itself.
 * Who reads a posting is its row's permissions, played here through real sessions. Approval must be
 * on, which this backend proves by leaving `EMPLOYER_APPROVAL` empty; the shared project of the deploy
 * test runs with it off, so these run locally, as the approval tests do.
 */

let backend: TestBackend;
let board: TestBrowser & { userId: string };
let teacherA: Member;
let teacherB: Member;
let studentA: Member;
let studentB: Member;

beforeAll(async () => {
  backend = await startPortalBackend({ env: { EMPLOYER_APPROVAL: '' } });
  [board, teacherA, teacherB, studentA, studentB] = await Promise.all([
    boardAdmin(backend),
    teacher(backend, undefined, SCHOOL_A),
    teacher(backend, undefined, SCHOOL_B),
    student(backend, undefined, SCHOOL_A),
    student(backend, undefined, SCHOOL_B),
  ]);
}, 60_000);
afterAll(() => backend?.close());

async function reads(viewer: TestBrowser, jobId: string): Promise<boolean> {
  try {
    await viewer.tablesDB.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: jobId });
    return true;
  } catch (error) {
    if (error instanceof AppwriteException && error.code === 404) return false;
    throw error;
  }
}

/** Who of [student of A, student of B, a visitor] reads the posting. */
async function readers(jobId: string): Promise<{ a: boolean; b: boolean; visitor: boolean }> {
  const [a, b, visitor] = await Promise.all([reads(studentA, jobId), reads(studentB, jobId), reads(guest(backend), jobId)]);
  return { a, b, visitor };
}

async function post(by: Member, schoolIds?: string[]): Promise<string> {
  const answer = await command<{ id: string; waitingForApproval?: boolean }>(by, 'POST', '/jobs', { ...aPosting(), ...(schoolIds ? { schoolIds } : {}) });
  expect(answer.error).toBeUndefined();
  return answer.data!.id;
}

const queue = async (by: TestBrowser): Promise<WaitingRecruiter[]> => (await execute<WaitingRecruiter[]>(by, 'commands', 'GET', '/approvals')).data ?? [];
const decided = async (by: TestBrowser): Promise<WaitingRecruiter[]> =>
  (await execute<WaitingRecruiter[]>(by, 'commands', 'GET', '/approvals/decided')).data ?? [];
const decide = (by: TestBrowser, recruiterId: string, body: Record<string, unknown>): Promise<CommandAnswer<ApprovalOutcome>> =>
  execute<ApprovalOutcome>(by, 'commands', 'POST', `/approvals/${recruiterId}`, body);

describeLocal('a posting meant for one school', () => {
  it('reaches that school once it approves the recruiter, and no other school nor the public', async () => {
    const hr = await recruiter(backend);
    const jobId = await post(hr, [SCHOOL_B.id]);
    expect(await readers(jobId)).toEqual({ a: false, b: false, visitor: false });

    // Only the school it is meant for is asked.
    expect((await queue(teacherA)).some((entry) => entry.recruiterId === hr.userId)).toBe(false);
    expect((await queue(teacherB)).find((entry) => entry.recruiterId === hr.userId)).toMatchObject({
      schoolId: SCHOOL_B.id,
      status: 'pending',
      boardStatus: 'pending',
      postings: [{ id: jobId, schoolIds: [SCHOOL_B.id] }],
    });
    // Another school's staff cannot decide for it.
    expect(await decide(teacherA, hr.userId, { decision: 'approved', schoolId: SCHOOL_B.id })).toMatchObject({ status: 403 });
    expect(await readers(jobId)).toEqual({ a: false, b: false, visitor: false });

    expect(await decide(teacherB, hr.userId, { decision: 'approved' })).toMatchObject({ status: 200, data: { schoolId: SCHOOL_B.id, status: 'approved' } });
    expect(await readers(jobId)).toEqual({ a: false, b: true, visitor: false });
    expect(await decide(teacherB, hr.userId, { decision: 'approved' })).toMatchObject({ status: 400, error: { message: APPROVAL_MESSAGES.alreadyApproved } });

    // Edited back to the whole board (an empty list), it is now asked of the other school too.
    expect(await command(hr, 'PUT', `/jobs/${jobId}`, { ...aPosting(), schoolIds: [] })).toMatchObject({ status: 200 });
    expect((await queue(teacherA)).some((entry) => entry.recruiterId === hr.userId)).toBe(true);
    expect(await readers(jobId)).toEqual({ a: false, b: true, visitor: false });
  });

  it('refuses a school the board does not have', async () => {
    const hr = await recruiter(backend);
    const answer = await command(hr, 'POST', '/jobs', { ...aPosting(), schoolIds: ['school-nowhere'] });
    expect(answer).toMatchObject({ status: 400, error: { fields: { schoolIds: expect.any(String) } } });
  });
});

describeLocal('the board', () => {
  it('trusts a recruiter for every school and the public; a school may still decline for itself, and change its mind', async () => {
    const hr = await recruiter(backend);
    const jobId = await post(hr);
    expect((await queue(board)).find((entry) => entry.recruiterId === hr.userId && entry.schoolId === null)).toMatchObject({ boardStatus: 'pending' });

    expect(await decide(board, hr.userId, { decision: 'approved' })).toMatchObject({ status: 200, data: { schoolId: null, status: 'approved' } });
    expect(await readers(jobId)).toEqual({ a: true, b: true, visitor: true });
    // Trusted by the board: nothing waits for the school, which sees the recruiter as approved and may decline them for itself.
    expect((await queue(teacherA)).some((entry) => entry.recruiterId === hr.userId)).toBe(false);
    expect((await decided(teacherA)).find((entry) => entry.recruiterId === hr.userId)).toMatchObject({
      schoolId: SCHOOL_A.id,
      status: 'approved',
      boardStatus: 'approved',
    });

    expect(await decide(teacherA, hr.userId, { decision: 'declined', reason: 'Not for our students' })).toMatchObject({ status: 200 });
    expect(await readers(jobId)).toEqual({ a: false, b: true, visitor: false });
    expect((await decided(teacherA)).find((entry) => entry.recruiterId === hr.userId)).toMatchObject({ status: 'declined', boardStatus: 'approved' });
    expect(await decide(teacherA, hr.userId, { decision: 'approved' })).toMatchObject({ status: 200 });
    expect(await readers(jobId)).toEqual({ a: true, b: true, visitor: true });
  });

  it('declines a recruiter for every school, whatever a school approved, and no school can approve them then', async () => {
    const hr = await recruiter(backend);
    const jobId = await post(hr);
    expect(await decide(teacherA, hr.userId, { decision: 'approved' })).toMatchObject({ status: 200 });
    expect(await readers(jobId)).toEqual({ a: true, b: false, visitor: false });

    expect(await decide(board, hr.userId, { decision: 'declined', reason: 'Not a real employer' })).toMatchObject({ status: 200 });
    expect(await readers(jobId)).toEqual({ a: false, b: false, visitor: false });
    expect(await decide(teacherB, hr.userId, { decision: 'approved' })).toMatchObject({ status: 400, error: { message: APPROVAL_MESSAGES.boardDeclined } });
  });

  it('keeps both of two decisions taken at the same instant: the board’s trust and a school’s decline', async () => {
    const hr = await recruiter(backend);
    const jobId = await post(hr);
    const [trusted, declined] = await Promise.all([
      decide(board, hr.userId, { decision: 'approved' }),
      decide(teacherA, hr.userId, { decision: 'declined', reason: 'Our own rules' }),
    ]);
    expect([trusted.status, declined.status]).toEqual([200, 200]);
    expect(await readers(jobId)).toEqual({ a: false, b: true, visitor: false });
  });
});

describeLocal('what a student is told of', () => {
  it('a student of a school the posting does not reach cannot save it; once their school declines it, Saved reads it as removed', async () => {
    const hr = await recruiter(backend);
    const jobId = await post(hr, [SCHOOL_B.id]);
    await decide(teacherB, hr.userId, { decision: 'approved' });
    expect(await command(studentA, 'PUT', `/saved/${jobId}`)).toMatchObject({ status: 404 });
    expect(await command(studentB, 'PUT', `/saved/${jobId}`)).toMatchObject({ status: 200 });
    const saved = await execute<Array<{ jobId: string; status: string }>>(studentB, 'commands', 'GET', '/saved');
    expect(saved.data?.find((entry) => entry.jobId === jobId)).toMatchObject({ status: 'open' });
    // The school changes its mind: the saved posting reads as removed, not as the posting.
    await decide(teacherB, hr.userId, { decision: 'declined', reason: 'Complaints from students' });
    const after = await execute<Array<{ jobId: string; status: string }>>(studentB, 'commands', 'GET', '/saved');
    expect(after.data?.find((entry) => entry.jobId === jobId)).toMatchObject({ status: 'removed' });
  });
});
