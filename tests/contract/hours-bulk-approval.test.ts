import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import { DATABASE_ID, HOURS_BULK_APPROVAL_MAX, HOURS_MESSAGES, TABLES, type HoursApprovalOutcome } from '@opportunity-kit/sdk/domain';
import { TablesDB } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { anHoursEntry, daysAgo, newestMail } from '../support/hours.ts';
import { command, startPortalBackend } from '../support/portal.ts';
import { aStudent, aTeacher, guestPortal, refusal, type PortalMember } from '../support/portal-sdk.ts';
import { SCHOOL_B } from '../support/schools.ts';

/**
 * Hours review at scale (issue 24, item 4): `POST /hours/review` approves up to 50 confirmed entries
 * of the caller's schools in one call, each decided on its own row, and says per id what it did. An
 * entry it may not approve (another school's, pending or disputed, already decided, the caller's own)
 * is skipped with its reason and left as it was; two teachers approving the same entries at the same
 * instant decide each entry exactly once.
 */

let backend: TestBackend;
let teacher: PortalMember;
let colleague: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  [teacher, colleague] = await Promise.all([aTeacher(backend), aTeacher(backend)]);
}, 60_000);
afterAll(() => backend?.close());

const tables = () => new TablesDB(adminClient(backend));
const rowOf = (id: string) => tables().getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: id });
const approve = (member: PortalMember, ids: readonly string[]) =>
  command<{ results: HoursApprovalOutcome[] }>(member, 'POST', '/hours/review', { ids, decision: 'approved' });

/** A student's supervisor mails are limited per day, so each student logs at most this many entries. */
const ENTRIES_PER_STUDENT = 8;
let dayOffset = 300;

/**
 * `count` entries as students log them, answered by their supervisors from the mailed links
 * (`confirmed`, or another answer; `pending` leaves them unanswered). Spread over as many new students
 * of `school` as the daily mail limit needs, each entry on a day of its own.
 */
async function entries(count: number, answer: 'confirmed' | 'disputed' | 'pending' = 'confirmed', school?: typeof SCHOOL_B): Promise<ServiceHoursEntry[]> {
  const perStudent = Array.from({ length: Math.ceil(count / ENTRIES_PER_STUDENT) }, (_, n) => Math.min(ENTRIES_PER_STUDENT, count - n * ENTRIES_PER_STUDENT));
  const logged = await Promise.all(
    perStudent.map(async (howMany) => {
      const student = await aStudent(backend, school);
      const mine: ServiceHoursEntry[] = [];
      for (let n = 0; n < howMany; n++) {
        const input = anHoursEntry({ date: daysAgo((dayOffset += 1)), hours: 1.5 });
        const entry = await student.portal.hours.log(input);
        if (answer !== 'pending')
          await guestPortal(backend).portal.hours.decide(entry.id, (await newestMail(backend, input.supervisorEmail)).token, answer, 'Not these hours.');
        mine.push({ ...entry, status: answer });
      }
      return mine;
    }),
  );
  return logged.flat();
}

const outcomesById = (results: readonly HoursApprovalOutcome[]) =>
  Object.fromEntries(results.map((result) => [result.id, result.outcome === 'approved' ? 'approved' : result.reason]));

describe('approving several confirmed entries at once', () => {
  it(`approves ${HOURS_BULK_APPROVAL_MAX} confirmed entries at their full hours in one call, within the function's 15 s`, async () => {
    const confirmed = await entries(HOURS_BULK_APPROVAL_MAX);
    const ids = confirmed.map((entry) => entry.id);
    const started = performance.now();
    const answer = await approve(teacher, ids);
    const took = performance.now() - started;
    console.info(`bulk approval of ${ids.length} entries took ${Math.round(took)} ms`);
    expect(answer.status).toBe(200);
    expect(took).toBeLessThan(15_000);
    expect(answer.data?.results.map((result) => result.id)).toEqual(ids);
    expect(answer.data?.results.every((result) => result.outcome === 'approved' && result.entry.status === 'approved')).toBe(true);
    for (const id of ids) {
      expect(await rowOf(id)).toMatchObject({ status: 'approved', approvedQuarterHours: 6, reviewerId: teacher.userId, reviewComment: null });
    }
    const queued = (await teacher.portal.hours.queue()).map((entry) => entry.id);
    expect(ids.filter((id) => queued.includes(id))).toEqual([]);
  }, 180_000);

  it("skips another school's entry as not found, pending and disputed ones as not confirmed, and decided ones as already reviewed, leaving them as they were", async () => {
    const [[confirmed, decided], [otherSchool], [pending], [disputed]] = await Promise.all([
      entries(2),
      entries(1, 'confirmed', SCHOOL_B),
      entries(1, 'pending'),
      entries(1, 'disputed'),
    ]);
    await colleague.portal.hours.review(decided!.id, { decision: 'declined', comment: 'Not community involvement.' });
    const ids = [otherSchool!.id, pending!.id, disputed!.id, decided!.id, 'no-such-entry', confirmed!.id];

    const answer = await approve(teacher, ids);
    expect(answer.status).toBe(200);
    expect(outcomesById(answer.data?.results ?? [])).toEqual({
      [otherSchool!.id]: 'not-found',
      [pending!.id]: 'not-confirmed',
      [disputed!.id]: 'not-confirmed',
      [decided!.id]: 'already-reviewed',
      'no-such-entry': 'not-found',
      [confirmed!.id]: 'approved',
    });
    expect((await rowOf(otherSchool!.id)).status).toBe('confirmed');
    expect((await rowOf(pending!.id)).status).toBe('pending');
    expect((await rowOf(disputed!.id)).status).toBe('disputed');
    expect(await rowOf(decided!.id)).toMatchObject({ status: 'declined', reviewerId: colleague.userId });
    expect((await rowOf(confirmed!.id)).status).toBe('approved');
  }, 120_000);

  it("skips the teacher's own entry (logged while they were a student)", async () => {
    const [own, other] = await entries(2);
    // Setup: the entry's student is now this teacher, as after an administrator changed their role.
    await tables().updateRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: own!.id, data: { studentId: teacher.userId } });
    const answer = await approve(teacher, [own!.id, other!.id]);
    expect(outcomesById(answer.data?.results ?? [])).toEqual({ [own!.id]: 'own-entry', [other!.id]: 'approved' });
    expect((await rowOf(own!.id)).status).toBe('confirmed');
  }, 120_000);

  it(`refuses more than ${HOURS_BULK_APPROVAL_MAX} ids, any decision but approval, and no ids, changing nothing`, async () => {
    const [confirmed] = await entries(1);
    const tooMany = [confirmed!.id, ...Array.from({ length: HOURS_BULK_APPROVAL_MAX }, (_, n) => `unknown-${n}`)];
    const refused = await approve(teacher, tooMany);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'invalid-input', fields: { ids: HOURS_MESSAGES.bulkTooMany } });
    const declined = await command(teacher, 'POST', '/hours/review', { ids: [confirmed!.id], decision: 'declined' });
    expect(declined.error).toMatchObject({ code: 'invalid-input', fields: { decision: HOURS_MESSAGES.bulkOnlyApproval } });
    expect((await approve(teacher, [])).error).toMatchObject({ code: 'invalid-input', fields: { ids: HOURS_MESSAGES.bulkNothingChosen } });
    expect((await rowOf(confirmed!.id)).status).toBe('confirmed');
  }, 120_000);

  it('refuses a student, changing nothing', async () => {
    const [confirmed] = await entries(1);
    const student = await aStudent(backend);
    const refused = await approve(student, [confirmed!.id]);
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'not-allowed', message: HOURS_MESSAGES.onlyTeachersReview });
    expect((await rowOf(confirmed!.id)).status).toBe('confirmed');
  }, 120_000);

  it('decides each entry exactly once when two teachers approve the same entries at the same instant', async () => {
    const confirmed = await entries(12);
    const ids = confirmed.map((entry) => entry.id);
    const [first, second] = await Promise.all([approve(teacher, ids), approve(colleague, [...ids].reverse())]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const byTeacher = outcomesById(first.data?.results ?? []);
    const byColleague = outcomesById(second.data?.results ?? []);
    for (const id of ids) {
      expect([byTeacher[id], byColleague[id]].sort()).toEqual(['already-reviewed', 'approved']);
      const approver = byTeacher[id] === 'approved' ? teacher : colleague;
      expect(await rowOf(id)).toMatchObject({ status: 'approved', reviewerId: approver.userId });
    }
  }, 120_000);

  it('approves through the SDK, which checks the limit before it sends', async () => {
    const [confirmed] = await entries(1);
    const answer = await teacher.portal.hours.approveMany([confirmed!.id]);
    expect(answer.results).toEqual([{ id: confirmed!.id, outcome: 'approved', entry: expect.objectContaining({ status: 'approved', approvedHours: 1.5 }) }]);
    const tooMany = Array.from({ length: HOURS_BULK_APPROVAL_MAX + 1 }, (_, n) => `entry-${n}`);
    expect((await refusal(teacher.portal.hours.approveMany(tooMany), 'invalid-input')).fields).toEqual({ ids: HOURS_MESSAGES.bulkTooMany });
  }, 120_000);
});
