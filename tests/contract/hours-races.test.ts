import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import { DATABASE_ID, HOURS_MESSAGES, TABLES } from '@opportunity-kit/sdk/domain';
import { TablesDB } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { anHoursEntry, daysAgo, newestMail } from '../support/hours.ts';
import { command, guest, startPortalBackend } from '../support/portal.ts';
import { aStudent, aTeacher, type PortalMember } from '../support/portal-sdk.ts';

/**
 * Community involvement hours under truly simultaneous requests (issue 21, items 6 and 11): the
 * 12-hours-a-day rule holds for parallel entries and edits, and a supervisor's single-use link is
 * spent once however many answers arrive at the same instant.
 */

let backend: TestBackend;
let teacher: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  teacher = await aTeacher(backend);
}, 60_000);
afterAll(() => backend?.close());

const rowOf = (id: string) => new TablesDB(adminClient(backend)).getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: id });

/** The hours the student has on `date` that count towards its 12 (declined entries do not). */
async function hoursOn(student: PortalMember, date: string): Promise<number> {
  const entries = await student.portal.hours.listMine();
  return entries.filter((entry) => entry.date === date && entry.status !== 'declined').reduce((sum, entry) => sum + entry.hours, 0);
}

describe('the 12-hours-a-day rule under simultaneous requests (item 6)', () => {
  it.each([
    [6, 2],
    [9, 1],
  ])('logs only 12 hours of four simultaneous %d-hour entries for one day', async (hours, accepted) => {
    const student = await aStudent(backend);
    const date = daysAgo(200);
    const answers = await Promise.all(Array.from({ length: 4 }, () => command(student, 'POST', '/hours', anHoursEntry({ date, hours }))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(accepted);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.error).toMatchObject({ code: 'invalid-input', fields: { hours: HOURS_MESSAGES.dayLimit(12 - accepted * hours) } });
    }
    expect(await hoursOn(student, date)).toBe(accepted * hours);
  });

  it('lets only one of two simultaneous edits take a day of two 3-hour entries to 12', async () => {
    const student = await aStudent(backend);
    const date = daysAgo(210);
    const inputs = [anHoursEntry({ date, hours: 3 }), anHoursEntry({ date, hours: 3 })];
    const logged = await Promise.all(inputs.map((input) => student.portal.hours.log(input)));
    const answers = await Promise.all(logged.map((entry, n) => command(student, 'PUT', `/hours/${entry.id}`, { ...inputs[n], hours: 9 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.error).toMatchObject({ fields: { hours: HOURS_MESSAGES.dayLimit(3) } });
    expect(await hoursOn(student, date)).toBe(12);
  });

  it('lets only one of two simultaneous edits move an 8-hour entry onto the same day', async () => {
    const student = await aStudent(backend);
    const target = daysAgo(220);
    const inputs = [anHoursEntry({ date: daysAgo(221), hours: 8 }), anHoursEntry({ date: daysAgo(222), hours: 8 })];
    const logged = await Promise.all(inputs.map((input) => student.portal.hours.log(input)));
    const answers = await Promise.all(logged.map((entry, n) => command(student, 'PUT', `/hours/${entry.id}`, { ...inputs[n], date: target })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await hoursOn(student, target)).toBe(8);
  });

  it('frees the hours of a declined or withdrawn entry for that day', async () => {
    const student = await aStudent(backend);
    const date = daysAgo(230);
    const declined = await student.portal.hours.log(anHoursEntry({ date, hours: 12 }));
    await teacher.portal.hours.review(declined.id, { decision: 'declined', comment: 'Not community involvement.' });
    const withdrawn = await student.portal.hours.log(anHoursEntry({ date, hours: 12 }));
    await student.portal.hours.withdraw(withdrawn.id);
    expect((await student.portal.hours.log(anHoursEntry({ date, hours: 12 }))).hours).toBe(12);
    expect(await hoursOn(student, date)).toBe(12);
  });
});

describe("a supervisor's single-use link answered at the same instant (item 11)", () => {
  it('accepts exactly one of three simultaneous answers, and the entry keeps that answer', async () => {
    const student = await aStudent(backend);
    const input = anHoursEntry();
    const entry: ServiceHoursEntry = await student.portal.hours.log(input);
    const { token } = await newestMail(backend, input.supervisorEmail);
    const decisions = ['confirmed', 'disputed', 'confirmed'] as const;
    const answers = await Promise.all(
      decisions.map((decision) => command(guest(backend), 'POST', `/hours/${entry.id}/confirmation`, { token, decision, reason: 'Not these hours.' })),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.error).toMatchObject({ code: 'not-allowed', message: HOURS_MESSAGES.linkUsed });
    }
    expect((await rowOf(entry.id)).status).toBe(accepted[0]?.data?.status);
  });

  it("never lets a supervisor's answer overwrite a teacher's decision made at the same instant", async () => {
    const student = await aStudent(backend);
    const input = anHoursEntry();
    const entry = await student.portal.hours.log(input);
    const { token } = await newestMail(backend, input.supervisorEmail);
    const [answer, review] = await Promise.all([
      command(guest(backend), 'POST', `/hours/${entry.id}/confirmation`, { token, decision: 'confirmed' }),
      command(teacher, 'POST', `/hours/${entry.id}/review`, { decision: 'declined', comment: 'Not community involvement.' }),
    ]);
    expect(review.status).toBe(200);
    expect((await rowOf(entry.id)).status).toBe('declined');
    if (answer.status !== 200) expect(answer.error?.message).toBe(HOURS_MESSAGES.linkUsed);
  });
});
