import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHoursEntry, ServiceHoursInput } from '@opportunity-kit/sdk';
import { DATABASE_ID, HOURS_MESSAGES, TABLES } from '@opportunity-kit/sdk/domain';
import { TablesDB } from 'node-appwrite';
import { pdfText } from '../../packages/functions/src/ai/local/pdf-text.ts';
import { adminClient, itLocal, type TestBackend } from '../support/backend.ts';
import { command, execute, guest, startPortalBackend } from '../support/portal.ts';
import { allPages, aStudent, aTeacher, guestPortal, refusal, type PortalMember } from '../support/portal-sdk.ts';
import { SCHOOL_A } from '../support/schools.ts';
import { daysAgo } from '../support/hours.ts';

/**
 * Community involvement hours (issue 16) through the official SDK and the portal client: a student
 * logs hours, the supervisor (no account) confirms from the mailed link, a teacher reviews, and the
 * student's progress and PDF record follow. Every bad input is refused with its message and changes
 * nothing.
 */

let backend: TestBackend;
let sam: PortalMember;
let ana: PortalMember;
let teacherTia: PortalMember;
let otherTeacher: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  [sam, ana, teacherTia, otherTeacher] = await Promise.all([aStudent(backend), aStudent(backend), aTeacher(backend), aTeacher(backend)]);
}, 60_000);
afterAll(() => backend?.close());

let supervisorCount = 0;
/** A valid entry; each on its own day (unless the test picks one), so no test reaches another's 12-hour limit. */
function anEntry(overrides: Partial<ServiceHoursInput> = {}): ServiceHoursInput {
  supervisorCount += 1;
  return {
    organisation: 'Riverside Food Bank',
    activity: 'Sorted donations and packed hampers.',
    date: daysAgo(100 + supervisorCount),
    hours: 2.5,
    supervisorName: 'Dana Lee',
    supervisorEmail: `dana${supervisorCount}.${Date.now().toString(36)}@foodbank.example`,
    reflection: 'I learned how a food bank plans a week.',
    ...overrides,
  };
}

/** The supervisor's link, as they would read it in their mailbox (the development outbox). */
async function mailedLink(supervisorEmail: string): Promise<{ id: string; token: string; url: URL; text: string }> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(supervisorEmail)}`);
  const { messages } = (await response.json()) as { messages: Array<{ links: string[]; text: string }> };
  const url = new URL(messages[0]?.links[0] ?? 'http://invalid.example/');
  return { id: url.pathname.split('/').at(-1) ?? '', token: url.searchParams.get('token') ?? '', url, text: messages[0]?.text ?? '' };
}

const rowOf = (id: string) => new TablesDB(adminClient(backend)).getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: id });
const entriesOfSam = async (): Promise<ServiceHoursEntry[]> => sam.portal.hours.listMine();

describe('logging hours', () => {
  it("answers the pending entry, mails the supervisor a single link to the portal page, and only the student and their school's staff read it", async () => {
    const input = anEntry();
    const entry = await sam.portal.hours.log(input);
    expect(entry).toMatchObject({ studentId: sam.userId, status: 'pending', hours: 2.5, supervisorEmail: input.supervisorEmail, approvedHours: null });

    const link = await mailedLink(input.supervisorEmail);
    expect(link.url.pathname).toBe(`/hours/confirm/${entry.id}`);
    expect(link.token.length).toBeGreaterThanOrEqual(22);
    expect(link.text).toContain('Riverside Food Bank');

    const stored = await rowOf(entry.id);
    expect(stored.$permissions.sort()).toEqual([`read("team:${SCHOOL_A.id}/staff")`, `read("user:${sam.userId}")`].sort());
    expect(JSON.stringify(stored)).not.toContain(link.token);
    await expect(ana.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: entry.id })).rejects.toMatchObject({ code: 404 });
    expect((await teacherTia.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: entry.id })).$id).toBe(entry.id);
  });

  it.each([
    ['a future date', { date: daysAgo(-3) }, 'date', HOURS_MESSAGES.dateInFuture],
    ['no organisation', { organisation: '  ' }, 'organisation', HOURS_MESSAGES.organisationRequired],
    ['no supervisor name', { supervisorName: '' }, 'supervisorName', HOURS_MESSAGES.supervisorNameRequired],
    ['hours not in quarter steps', { hours: 1.3 }, 'hours', HOURS_MESSAGES.hoursInvalid],
    ['zero hours', { hours: 0 }, 'hours', HOURS_MESSAGES.hoursInvalid],
    ['more than 12 hours', { hours: 12.25 }, 'hours', HOURS_MESSAGES.hoursInvalid],
    ['an invalid supervisor e-mail', { supervisorEmail: 'dana-at-foodbank' }, 'supervisorEmail', HOURS_MESSAGES.supervisorEmailInvalid],
  ])('refuses %s with its message, on the server too, and writes nothing', async (_name, overrides, field, message) => {
    const before = (await entriesOfSam()).length;
    const answer = await command(sam, 'POST', '/hours', anEntry(overrides));
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({ code: 'invalid-input', fields: { [field]: message } });
    const thrown = await refusal(sam.portal.hours.log(anEntry(overrides)), 'invalid-input');
    expect(thrown.fields[field]).toBe(message);
    expect((await entriesOfSam()).length).toBe(before);
  });

  it("refuses the student's own address as the supervisor's", async () => {
    const answer = await command(sam, 'POST', '/hours', anEntry({ supervisorEmail: sam.email.toUpperCase() }));
    expect(answer.error).toMatchObject({ code: 'invalid-input', fields: { supervisorEmail: HOURS_MESSAGES.supervisorEmailIsOwn } });
  });

  it('refuses more than 12 hours over one day, counting every entry of that day', async () => {
    const date = daysAgo(20);
    await ana.portal.hours.log(anEntry({ date, hours: 8 }));
    const answer = await command(ana, 'POST', '/hours', anEntry({ date, hours: 4.25 }));
    expect(answer.error).toMatchObject({ code: 'invalid-input', fields: { hours: HOURS_MESSAGES.dayLimit(4) } });
    expect((await ana.portal.hours.listMine()).filter((entry) => entry.date === date).map((entry) => entry.hours)).toEqual([8]);
    expect((await ana.portal.hours.log(anEntry({ date, hours: 4 }))).hours).toBe(4);
  });

  it('is for students only, and refuses guests', async () => {
    expect((await command(teacherTia, 'POST', '/hours', anEntry())).error).toMatchObject({ code: 'not-allowed', message: HOURS_MESSAGES.onlyStudents });
    expect((await command(guest(backend), 'POST', '/hours', anEntry())).error).toMatchObject({ code: 'unauthenticated' });
  });
});

describe('editing and withdrawing', () => {
  it('lets the student edit a pending entry but never its supervisor', async () => {
    const input = anEntry();
    const entry = await sam.portal.hours.log(input);
    const edited = await sam.portal.hours.edit(entry.id, { ...input, hours: 3, activity: 'Packed hampers.' });
    expect(edited).toMatchObject({ hours: 3, activity: 'Packed hampers.', supervisorEmail: input.supervisorEmail });

    const answer = await command(sam, 'PUT', `/hours/${entry.id}`, { ...input, hours: 3, supervisorEmail: 'friend@elsewhere.example' });
    expect(answer.error).toMatchObject({ code: 'invalid-input', fields: { supervisorEmail: HOURS_MESSAGES.supervisorLocked } });
    expect((await rowOf(entry.id)).supervisorEmail).toBe(input.supervisorEmail);
    expect((await command(ana, 'PUT', `/hours/${entry.id}`, input)).error).toMatchObject({ code: 'not-found' });
  });

  it('locks the entry once the supervisor answered, and withdraws a pending one together with its link', async () => {
    const confirmedInput = anEntry();
    const confirmed = await sam.portal.hours.log(confirmedInput);
    const link = await mailedLink(confirmedInput.supervisorEmail);
    await guestPortal(backend).portal.hours.decide(confirmed.id, link.token, 'confirmed');
    expect((await command(sam, 'PUT', `/hours/${confirmed.id}`, { ...confirmedInput, hours: 1 })).error).toMatchObject({
      code: 'not-allowed',
      message: HOURS_MESSAGES.locked,
    });
    expect((await command(sam, 'DELETE', `/hours/${confirmed.id}`)).error).toMatchObject({ code: 'not-allowed', message: HOURS_MESSAGES.locked });

    const pendingInput = anEntry();
    const pending = await sam.portal.hours.log(pendingInput);
    const pendingLink = await mailedLink(pendingInput.supervisorEmail);
    expect(await sam.portal.hours.withdraw(pending.id)).toEqual({ id: pending.id });
    expect((await entriesOfSam()).some((entry) => entry.id === pending.id)).toBe(false);
    await refusal(guestPortal(backend).portal.hours.decide(pending.id, pendingLink.token, 'confirmed'), 'not-found');
  });
});

describe("the supervisor's link", () => {
  it('shows a guest only the public facts of the entry, then confirms it once', async () => {
    const input = anEntry({ hours: 1.75 });
    const entry = await sam.portal.hours.log(input);
    const { token } = await mailedLink(input.supervisorEmail);
    const supervisor = guestPortal(backend).portal;

    const view = await supervisor.hours.confirmation(entry.id, token);
    expect(view).toMatchObject({ id: entry.id, organisation: input.organisation, hours: 1.75, date: input.date, supervisorName: 'Dana Lee' });
    expect(Object.keys(view).sort()).toEqual(['activity', 'date', 'expiresAt', 'hours', 'id', 'organisation', 'studentName', 'supervisorName']);

    expect(await supervisor.hours.decide(entry.id, token, 'confirmed')).toEqual({
      id: entry.id,
      status: 'confirmed',
      message: HOURS_MESSAGES.supervisorThanks('confirmed'),
    });
    expect((await rowOf(entry.id)).status).toBe('confirmed');

    const reused = await refusal(supervisor.hours.decide(entry.id, token, 'disputed', 'Not these hours.'), 'not-allowed');
    expect(reused.message).toBe(HOURS_MESSAGES.linkUsed);
    expect((await rowOf(entry.id)).status).toBe('confirmed');
  });

  it('refuses a wrong token, a token of another entry and a missing decision, changing nothing', async () => {
    const first = anEntry();
    const second = anEntry();
    const [a, b] = [await sam.portal.hours.log(first), await sam.portal.hours.log(second)];
    const tokenOfA = (await mailedLink(first.supervisorEmail)).token;
    const supervisor = guest(backend);

    expect((await command(supervisor, 'POST', `/hours/${b.id}/confirmation`, { token: tokenOfA, decision: 'confirmed' })).error).toMatchObject({
      code: 'not-found',
      message: HOURS_MESSAGES.linkInvalid,
    });
    expect((await command(supervisor, 'POST', `/hours/${a.id}/confirmation`, { token: `${tokenOfA}x`, decision: 'confirmed' })).error).toMatchObject({
      code: 'not-found',
    });
    expect((await command(supervisor, 'POST', `/hours/${a.id}/confirmation`, { token: tokenOfA, decision: 'maybe' })).error).toMatchObject({
      code: 'invalid-input',
      fields: { decision: HOURS_MESSAGES.decisionRequired },
    });
    expect([(await rowOf(a.id)).status, (await rowOf(b.id)).status]).toEqual(['pending', 'pending']);
    // The token survived the refusals: the supervisor can still answer.
    expect(
      (await command(supervisor, 'POST', `/hours/${a.id}/confirmation`, { token: tokenOfA, decision: 'disputed', reason: 'Not these hours.' })).data,
    ).toMatchObject({
      status: 'disputed',
    });
  });

  // Local only: the test starts a backend of its own with a one-second link lifetime.
  itLocal('expires (HOURS_LINK_TTL_SECONDS shortened for the test)', async () => {
    const shortLived = await startPortalBackend({ env: { HOURS_LINK_TTL_SECONDS: '1' } });
    try {
      const student = await aStudent(shortLived);
      const input = anEntry();
      const entry = await student.portal.hours.log(input);
      const response = await fetch(`${shortLived.endpoint}/dev/outbox?to=${encodeURIComponent(input.supervisorEmail)}`);
      const { messages } = (await response.json()) as { messages: Array<{ links: string[] }> };
      const token = new URL(messages[0]?.links[0] ?? '').searchParams.get('token') ?? '';
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const expired = await refusal(guestPortal(shortLived).portal.hours.decide(entry.id, token, 'confirmed'), 'not-allowed');
      expect(expired.message).toBe(HOURS_MESSAGES.linkExpired);
      expect((await student.portal.hours.listMine())[0]?.status).toBe('pending');
    } finally {
      await shortLived.close();
    }
  });

  it('is the only route a guest may call: every other hours route refuses guests', async () => {
    const visitor = guest(backend);
    for (const [method, path] of [
      ['GET', '/hours'],
      ['GET', '/hours/summary'],
      ['GET', '/hours/queue'],
      ['GET', '/hours/record.pdf'],
      ['GET', '/hours/export.csv'],
      ['PUT', '/hours/abc'],
      ['DELETE', '/hours/abc'],
      ['POST', '/hours/abc/review'],
    ] as const) {
      expect((await execute(visitor, 'commands', method, path, {})).error?.code, `${method} ${path}`).toBe('unauthenticated');
    }
  });
});

describe('teacher review, progress and the record', () => {
  it('queues confirmed entries first, then disputed ones; refuses students and self-review; approves, partially approves and declines', async () => {
    const confirmedInput = anEntry({ hours: 4, date: daysAgo(40) });
    const disputedInput = anEntry({ hours: 2, date: daysAgo(41) });
    const confirmed = await ana.portal.hours.log(confirmedInput);
    const disputed = await ana.portal.hours.log(disputedInput);
    const supervisor = guestPortal(backend).portal;
    await supervisor.hours.decide(disputed.id, (await mailedLink(disputedInput.supervisorEmail)).token, 'disputed', 'Not these hours.');
    await supervisor.hours.decide(confirmed.id, (await mailedLink(confirmedInput.supervisorEmail)).token, 'confirmed');

    const queue = (await teacherTia.portal.hours.queue()).filter((entry) => entry.studentId === ana.userId);
    expect(queue.slice(0, 2).map((entry) => entry.id)).toEqual([confirmed.id, disputed.id]);
    expect(queue.slice(2).every((entry) => entry.status === 'pending')).toBe(true);

    const byStudent = await command(sam, 'POST', `/hours/${confirmed.id}/review`, { decision: 'approved' });
    expect(byStudent.error).toMatchObject({ code: 'not-found' });
    const byOwner = await command(ana, 'POST', `/hours/${confirmed.id}/review`, { decision: 'approved' });
    expect(byOwner.error).toMatchObject({ code: 'not-allowed', message: HOURS_MESSAGES.ownEntry });
    const tooMany = await command(teacherTia, 'POST', `/hours/${confirmed.id}/review`, { decision: 'partial', hours: 4, comment: 'Less' });
    expect(tooMany.error).toMatchObject({ code: 'invalid-input', fields: { hours: HOURS_MESSAGES.partialHours } });
    const noComment = await command(teacherTia, 'POST', `/hours/${disputed.id}/review`, { decision: 'declined' });
    expect(noComment.error).toMatchObject({ code: 'invalid-input', fields: { comment: HOURS_MESSAGES.commentRequired } });
    expect([(await rowOf(confirmed.id)).status, (await rowOf(disputed.id)).status]).toEqual(['confirmed', 'disputed']);

    const partial = await teacherTia.portal.hours.review(confirmed.id, { decision: 'partial', hours: 3.5, comment: 'The last half hour was lunch.' });
    expect(partial).toMatchObject({ status: 'partial', approvedHours: 3.5, reviewerId: teacherTia.userId, reviewComment: 'The last half hour was lunch.' });
    const declined = await otherTeacher.portal.hours.review(disputed.id, { decision: 'declined', comment: 'The supervisor disputed these hours.' });
    expect(declined).toMatchObject({ status: 'declined', approvedHours: 0 });
    const again = await refusal(teacherTia.portal.hours.review(confirmed.id, { decision: 'approved' }), 'not-allowed');
    expect(again.message).toBe(HOURS_MESSAGES.alreadyReviewed);
  });

  it('answers the queue in pages, in its order, each with the whole queue counted; an entry decided between two pages leaves no gap', async () => {
    const confirmedInput = anEntry({ date: daysAgo(42) });
    const confirmed = await ana.portal.hours.log(confirmedInput);
    await ana.portal.hours.log(anEntry({ date: daysAgo(43) }));
    await ana.portal.hours.log(anEntry({ date: daysAgo(44) }));
    await guestPortal(backend).portal.hours.decide(confirmed.id, (await mailedLink(confirmedInput.supervisorEmail)).token, 'confirmed');

    const whole = await teacherTia.portal.hours.queue();
    const pages = await allPages((page) => teacherTia.portal.hours.queuePage(page), 2);
    expect(pages.flatMap((page) => page.items)).toEqual(whole);
    expect(pages.every((page) => page.total === whole.length && page.items.length <= 2)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(whole[0]?.status).toBe('confirmed');

    const first = await teacherTia.portal.hours.queuePage({ limit: 1 });
    expect(first.items.map((entry) => entry.id)).toEqual([whole[0]?.id]);
    await teacherTia.portal.hours.review(whole[0]?.id ?? '', { decision: 'approved' });
    const second = await teacherTia.portal.hours.queuePage({ limit: 1, cursor: first.nextCursor });
    expect(second.items.map((entry) => entry.id)).toEqual([whole[1]?.id]);
    expect(second.total).toBe(whole.length - 1);
  });

  it('refuses a queue page of more than 100 entries, or after a cursor it did not make (an entry id)', async () => {
    const [entry] = await teacherTia.portal.hours.queue();
    const tooLong = await execute(teacherTia, 'commands', 'GET', '/hours/queue?limit=101');
    expect(tooLong.error).toMatchObject({ code: 'invalid-input', fields: { limit: HOURS_MESSAGES.queuePageLimit } });
    const byId = await refusal(teacherTia.portal.hours.queuePage({ cursor: entry?.id ?? 'entry' }), 'invalid-input');
    expect(byId.fields).toEqual({ cursor: HOURS_MESSAGES.queueCursorInvalid });
  });

  it('moves the summary only with approved hours, and prints them in the PDF record with supervisor, reviewer and total', async () => {
    const student = await aStudent(backend);
    const input = anEntry({ hours: 5.5, organisation: 'Hamilton Public Library', supervisorName: 'Morgan Reyes' });
    const entry = await student.portal.hours.log(input);
    await student.portal.hours.log(anEntry({ hours: 1, date: daysAgo(2) }));
    expect(await student.portal.hours.summary()).toEqual({ approvedHours: 0, pendingHours: 6.5, requiredHours: 40 });

    await guestPortal(backend).portal.hours.decide(entry.id, (await mailedLink(input.supervisorEmail)).token, 'confirmed');
    const reviewed = await teacherTia.portal.hours.review(entry.id, { decision: 'approved' });
    expect(reviewed.reviewerName).toBeTruthy();
    expect(await student.portal.hours.summary()).toEqual({ approvedHours: 5.5, pendingHours: 1, requiredHours: 40 });

    const record = await student.portal.hours.recordPdf();
    expect(record.fileName).toBe('community-involvement-hours.pdf');
    expect(record.blob.type).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(await record.blob.arrayBuffer()));
    expect(text).toContain('Opportunity Kit school');
    expect(text).toContain(student.email);
    expect(text).toContain('Hamilton Public Library');
    expect(text).toContain(`Supervisor: Morgan Reyes (${input.supervisorEmail})`);
    expect(text).toContain(`Reviewed by: ${reviewed.reviewerName}`);
    expect(text).toContain('Total approved: 5.5 h of 40 h required');
  });

  it("exports every student's totals as CSV for teachers only", async () => {
    const csv = await teacherTia.portal.hours.exportCsv();
    const lines = (await csv.blob.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Student,Email,Approved hours,Pending hours');
    const anaLine = lines.find((line) => line.includes(ana.email));
    expect(anaLine?.split(',').slice(-2)).toEqual(['3.5', (await ana.portal.hours.summary()).pendingHours.toString()]);
    const refused = await refusal(sam.portal.hours.exportCsv(), 'not-allowed');
    expect(refused.message).toBe(HOURS_MESSAGES.onlyTeachersExport);
  });
});
