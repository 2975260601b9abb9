import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ID, TABLES, type HoursQueuePage, type HoursRuling, type ParentSignOffView, type ServiceHoursEntry } from '@opportunity-kit/sdk/domain';
import { TablesDB } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { anHoursEntry, newestMail } from '../support/hours.ts';
import { command, execute, guest, startPortalBackend, student, teacher, type Member } from '../support/portal.ts';

/**
 * Community involvement hours under the youth-work rules (issue 26): the activity is weighed on the
 * server with the student's age (never the client's ruling), an ineligible one is logged but flagged
 * with the rule and its source, and a parent signs an under-18 student's notice and completion record
 * from their mailed link, which nobody else can use.
 */

let backend: TestBackend;
let staff: Member;
beforeAll(async () => {
  backend = await startPortalBackend();
  staff = await teacher(backend);
}, 60_000);
afterAll(() => backend?.close());

/** A student whose birth month makes them `age` (for the last two months too), written as the roster would (no client can). */
async function aStudentAged(age: number): Promise<Member> {
  const young = await student(backend);
  const now = new Date();
  const birthMonth = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth() - 3, 1)).toISOString().slice(0, 7);
  await new TablesDB(adminClient(backend)).upsertRow({
    databaseId: DATABASE_ID,
    tableId: TABLES.studentRecords,
    rowId: young.userId,
    data: { studentId: young.userId, birthMonth, birthMonthSource: 'roster' },
  });
  return young;
}

const kitchen = { activityKind: 'community-service', activityWorkplace: 'restaurant-kitchen' };

describe('the activity is weighed before and when it is logged', () => {
  it('flags a 14-year-old’s hours in a restaurant kitchen with Reg. 851, and counts a 15-year-old’s', async () => {
    const young = await aStudentAged(14);
    const preview = await command<HoursRuling>(young, 'POST', '/hours/check', kitchen);
    expect(preview.data?.counts).toBe(false);
    expect(preview.data?.reasons[0]?.source).toContain('Reg. 851');
    const logged = await command<ServiceHoursEntry>(young, 'POST', '/hours', anHoursEntry(kitchen));
    expect(logged.data?.checks).toMatchObject({ activityKind: 'community-service', workplace: 'restaurant-kitchen', counts: false });
    expect(logged.data?.checks.rulesVersion).toContain('Ontario rules');
    const older = await aStudentAged(15);
    expect((await command<ServiceHoursEntry>(older, 'POST', '/hours', anHoursEntry(kitchen))).data?.checks.counts).toBe(true);
  });

  it('ignores a ruling the client forges, and flags paid work', async () => {
    const sam = await aStudentAged(16);
    const forged = await command<ServiceHoursEntry>(sam, 'POST', '/hours', { ...anHoursEntry({ activityKind: 'paid-work' }), hoursCount: true, counts: true });
    expect(forged.data?.checks.counts).toBe(false);
    expect(forged.data?.checks.reasons.map((reason) => reason.ruleId)).toContain('cih-paid');
  });

  it('refuses an unknown kind of activity', async () => {
    const sam = await aStudentAged(16);
    expect((await command(sam, 'POST', '/hours', anHoursEntry({ activityKind: 'juggling' }))).error?.fields?.activityKind).toBeDefined();
  });
});

describe('a parent signs an under-18 student’s hours', () => {
  async function loggedWithParent(): Promise<{ student: Member; entry: ServiceHoursEntry; parentEmail: string; token: string }> {
    const young = await aStudentAged(15);
    const parentEmail = `parent.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@home.example`;
    const logged = await command<ServiceHoursEntry>(
      young,
      'POST',
      '/hours',
      anHoursEntry({ activityKind: 'fundraising', parentName: 'Pat Parent', parentEmail }),
    );
    expect(logged.data?.checks).toMatchObject({ parentNeeded: true, parentName: 'Pat Parent', parentNoticeSignedAt: null });
    const mail = await newestMail(backend, parentEmail);
    expect(mail.entryId).toBe(logged.data?.id);
    return { student: young, entry: logged.data!, parentEmail, token: mail.token };
  }

  it('signs the notice and the completion record from the mailed link, and the teacher sees both', async () => {
    const { entry, token } = await loggedWithParent();
    const visitor = guest(backend);
    const view = await command<ParentSignOffView>(visitor, 'POST', `/hours/${entry.id}/parent/view`, { token });
    expect(view.data?.checks.counts).toBe(true);
    for (const part of ['notice', 'completion']) {
      expect((await command(visitor, 'POST', `/hours/${entry.id}/parent`, { token, part, name: 'Pat Parent', isParent: true })).status).toBe(200);
    }
    const queue = await execute<HoursQueuePage>(staff, 'commands', 'GET', '/hours/queue');
    const seen = queue.data?.entries.find((item) => item.id === entry.id);
    expect(seen?.checks).toMatchObject({ parentNoticeSignedBy: 'Pat Parent', parentCompletionSignedBy: 'Pat Parent' });
  });

  it('refuses a replayed signature, another entry’s token, a student signing, and keeps one of two signatures at once', async () => {
    const first = await loggedWithParent();
    const second = await loggedWithParent();
    const visitor = guest(backend);
    const sign = (by: Member | ReturnType<typeof guest>, id: string, token: string, name = 'Pat Parent') =>
      command(by, 'POST', `/hours/${id}/parent`, { token, part: 'notice', name, isParent: true });
    expect((await sign(visitor, first.entry.id, second.token)).status).toBe(404);
    expect((await sign(first.student, first.entry.id, first.token)).status).toBe(403);
    const together = await Promise.all([sign(visitor, first.entry.id, first.token, 'Pat One'), sign(guest(backend), first.entry.id, first.token, 'Pat Two')]);
    expect(together.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect((await sign(visitor, first.entry.id, first.token)).status).toBe(403);
    const row = await new TablesDB(adminClient(backend)).getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: first.entry.id });
    expect(['Pat One', 'Pat Two']).toContain(row.parentNoticeSignedBy);
  });

  it('a withdrawn entry’s link no longer works', async () => {
    const { student: young, entry, token } = await loggedWithParent();
    expect((await command(young, 'DELETE', `/hours/${entry.id}`)).status).toBe(200);
    expect((await command(guest(backend), 'POST', `/hours/${entry.id}/parent/view`, { token })).status).toBe(404);
  });
});
