import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHoursInput } from '@opportunity-kit/sdk';
import { DATABASE_ID, HOURS_LIMITS, HOURS_MESSAGES, TABLES } from '@opportunity-kit/sdk/domain';
import { TablesDB } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { anHoursEntry, daysAgo, newestMail, supervisorMails } from '../support/hours.ts';
import { command, guest, member, SETTINGS, startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { aStudent, aTeacher, guestPortal, refusal } from '../support/portal-sdk.ts';

/**
 * The supervisor's mail and link (issue 21, items 5 and 7): the link confirms only the hours it was
 * mailed for, a change of the entry voids it and mails the new hours, the student can send a new
 * link, and the mail is no relay: a daily limit, no student text in the subject, the school named,
 * and no supervisor who is the student, another student, or a date no diploma counts.
 */

let backend: TestBackend;

beforeAll(async () => {
  backend = await startPortalBackend();
}, 60_000);
afterAll(() => backend?.close());

const rowOf = (id: string) => new TablesDB(adminClient(backend)).getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: id });
const answer = (entryId: string, token: string, decision = 'confirmed') =>
  command(guest(backend), 'POST', `/hours/${entryId}/confirmation`, { token, decision });

describe('the link confirms only what it was mailed for (item 5)', () => {
  it('refuses a link mailed for 1 h once the student changed the entry to 12 h, and mails the supervisor the new hours', async () => {
    const student = await aStudent(backend);
    const input = anHoursEntry({ hours: 1 });
    const entry = await student.portal.hours.log(input);
    const first = await newestMail(backend, input.supervisorEmail);
    expect(first.text).toContain('1 h');
    // The supervisor opens the page: it shows 1 h.
    expect((await guestPortal(backend).portal.hours.confirmation(entry.id, first.token)).hours).toBe(1);

    await student.portal.hours.edit(entry.id, { ...input, hours: 12 });
    const stale = await answer(entry.id, first.token);
    expect(stale.status).toBe(403);
    expect(stale.error).toMatchObject({ code: 'not-allowed', message: HOURS_MESSAGES.linkReplaced });
    expect((await rowOf(entry.id)).status).toBe('pending');

    const second = await newestMail(backend, input.supervisorEmail);
    expect(second.token).not.toBe(first.token);
    expect(second.text).toContain('12 h');
    expect((await guestPortal(backend).portal.hours.confirmation(entry.id, second.token)).hours).toBe(12);
    expect((await answer(entry.id, second.token)).data).toMatchObject({ status: 'confirmed' });
  });

  it('never confirms hours other than those mailed when the change and the answer arrive at the same instant', async () => {
    const student = await aStudent(backend);
    for (let round = 0; round < 4; round++) {
      const input = anHoursEntry({ hours: 1, date: daysAgo(50 + round) });
      const entry = await student.portal.hours.log(input);
      const { token } = await newestMail(backend, input.supervisorEmail);
      const [edit, confirm] = await Promise.all([command(student, 'PUT', `/hours/${entry.id}`, { ...input, hours: 12 }), answer(entry.id, token)]);
      const row = await rowOf(entry.id);
      if (confirm.status === 200) {
        expect({ status: row.status, quarterHours: row.quarterHours, edit: edit.error?.message }).toEqual({
          status: 'confirmed',
          quarterHours: 4,
          edit: HOURS_MESSAGES.locked,
        });
      } else {
        expect({ status: row.status, quarterHours: row.quarterHours, answer: confirm.error?.message }).toEqual({
          status: 'pending',
          quarterHours: 48,
          answer: HOURS_MESSAGES.linkReplaced,
        });
      }
    }
  });

  it('keeps the link when only the reflection changed, which the supervisor is not asked about', async () => {
    const student = await aStudent(backend);
    const input = anHoursEntry();
    const entry = await student.portal.hours.log(input);
    const { token } = await newestMail(backend, input.supervisorEmail);
    await student.portal.hours.edit(entry.id, { ...input, reflection: 'I learned to plan a food drive.' });
    expect(await supervisorMails(backend, input.supervisorEmail)).toHaveLength(1);
    expect((await answer(entry.id, token)).data).toMatchObject({ status: 'confirmed' });
  });
});

describe('sending the link again', () => {
  it("mails a new link for a pending entry and voids the old one; the entry's supervisor and other students cannot", async () => {
    const [student, other] = await Promise.all([aStudent(backend), aStudent(backend)]);
    const input = anHoursEntry();
    const entry = await student.portal.hours.log(input);
    const first = await newestMail(backend, input.supervisorEmail);
    expect((await command(other, 'POST', `/hours/${entry.id}/resend`)).error).toMatchObject({ code: 'not-found' });
    expect((await command(guest(backend), 'POST', `/hours/${entry.id}/resend`)).error).toMatchObject({ code: 'unauthenticated' });

    const resent = await student.portal.hours.resend(entry.id);
    expect(resent).toMatchObject({ id: entry.id, status: 'pending', supervisorMailOwed: false });
    const second = await newestMail(backend, input.supervisorEmail);
    expect(second.token).not.toBe(first.token);
    expect((await answer(entry.id, first.token)).error).toMatchObject({ message: HOURS_MESSAGES.linkReplaced });
    expect((await answer(entry.id, second.token)).data).toMatchObject({ status: 'confirmed' });
    const answered = await refusal(student.portal.hours.resend(entry.id), 'not-allowed');
    expect(answered.message).toBe(HOURS_MESSAGES.locked);
  });
});

describe('the supervisor mail is no relay (item 7)', () => {
  it(`mails at most ${HOURS_LIMITS.supervisorMailsPerDay} supervisors a day per student, and refuses more in plain words, writing nothing`, async () => {
    const student = await aStudent(backend);
    const inputs = Array.from({ length: HOURS_LIMITS.supervisorMailsPerDay + 2 }, (_, n) => anHoursEntry({ date: daysAgo(60 + n) }));
    const answers = await Promise.all(inputs.map((input) => command(student, 'POST', '/hours', input)));
    expect(answers.filter((logged) => logged.status === 200)).toHaveLength(HOURS_LIMITS.supervisorMailsPerDay);
    for (const refused of answers.filter((logged) => logged.status !== 200)) {
      expect(refused).toMatchObject({ status: 429, error: { code: 'rate-limited', message: HOURS_MESSAGES.mailLimit } });
    }
    expect(await student.portal.hours.listMine()).toHaveLength(HOURS_LIMITS.supervisorMailsPerDay);
    const mailed = await Promise.all(inputs.map(async (input) => (await supervisorMails(backend, input.supervisorEmail)).length));
    expect(mailed.reduce((sum, count) => sum + count, 0)).toBe(HOURS_LIMITS.supervisorMailsPerDay);
    // A new link is a mail too.
    const [first] = await student.portal.hours.listMine();
    expect(await command(student, 'POST', `/hours/${first?.id}/resend`)).toMatchObject({ status: 429, error: { message: HOURS_MESSAGES.mailLimit } });
  });

  it('keeps what the student typed out of the subject, and says which school sends it', async () => {
    const phisher = await member(backend, `${uniqueLocal('1')}@${SETTINGS.schoolDomain}`, 'student', {
      name: 'URGENT reset your password at http://evil.example',
    });
    const input = anHoursEntry({ organisation: 'URGENT account notice', supervisorName: 'IT Helpdesk' });
    expect((await command(phisher, 'POST', '/hours', input)).status).toBe(200);
    const mail = await newestMail(backend, input.supervisorEmail);
    expect(mail.subject).toBe('Please confirm a student’s community involvement hours (Opportunity Kit school)');
    expect(mail.text).toContain('Opportunity Kit school');
    expect(mail.text).toMatch(/never asks? for a password/);
    // The account's name holds a link, so the mail names the student by their school address instead.
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain(phisher.email);
  });

  it.each<[string, (ownAddress: string) => Partial<ServiceHoursInput>, string, string]>([
    [
      'a web address as the organisation',
      () => ({ organisation: 'URGENT reset your password at http://evil.example' }),
      'organisation',
      HOURS_MESSAGES.noWebAddress,
    ],
    ['a web address as the supervisor', () => ({ supervisorName: 'Visit www.evil.example now' }), 'supervisorName', HOURS_MESSAGES.noWebAddress],
    [
      "a plus alias of the student's own address",
      (own) => ({ supervisorEmail: own.replace('@', '+boss@') }),
      'supervisorEmail',
      HOURS_MESSAGES.supervisorEmailIsOwn,
    ],
    [
      "a dotted variant of the student's own address",
      (own) => ({ supervisorEmail: `${own.slice(0, 2)}.${own.slice(2)}` }),
      'supervisorEmail',
      HOURS_MESSAGES.supervisorEmailIsOwn,
    ],
    [
      "another student's school address",
      () => ({ supervisorEmail: `1friend.${Date.now()}@${SETTINGS.schoolDomain}` }),
      'supervisorEmail',
      HOURS_MESSAGES.supervisorIsStudent,
    ],
    ['a date in 1900', () => ({ date: '1900-01-01' }), 'date', HOURS_MESSAGES.dateTooEarly],
    ['a date six years back', () => ({ date: daysAgo(6 * 366) }), 'date', HOURS_MESSAGES.dateTooEarly],
  ])('refuses %s under its field, writing and mailing nothing', async (_name, overrides, field, message) => {
    const student = await aStudent(backend);
    const input = anHoursEntry(overrides(student.email));
    const refused = await command(student, 'POST', '/hours', input);
    expect(refused).toMatchObject({ status: 400, error: { code: 'invalid-input', fields: { [field]: message } } });
    expect(await student.portal.hours.listMine()).toEqual([]);
    expect(await supervisorMails(backend, input.supervisorEmail)).toEqual([]);
  });

  it("accepts a staff member's school address and a date within the last five years", async () => {
    const student = await aStudent(backend);
    const staff = await aTeacher(backend);
    const entry = await student.portal.hours.log(anHoursEntry({ supervisorEmail: staff.email, date: daysAgo(4 * 365) }));
    expect(entry.supervisorEmail).toBe(staff.email);
  });
});
