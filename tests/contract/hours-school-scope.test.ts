import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHoursEntry, ServiceHoursInput } from '@opportunity-kit/sdk';
import { DATABASE_ID, HOURS_MESSAGES, TABLES } from '@opportunity-kit/sdk/domain';
import { Channel } from 'appwrite';
import { TablesDB } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { startPortalBackend } from '../support/portal.ts';
import { aStudent, aTeacher, refusal, type PortalMember } from '../support/portal-sdk.ts';
import { openRealtime, type LiveEvent } from '../support/realtime.ts';
import { SCHOOL_A, SCHOOL_B } from '../support/schools.ts';

/**
 * Community involvement hours are scoped to the student's school (issue 23): an entry carries its
 * student's school and is read by the student and that school's staff only. A teacher of another
 * school neither reads it (directly, in the queue or after a forged cursor of its pages, in the export or
 * live) nor decides it.
 */

let backend: TestBackend;
let studentA: PortalMember;
let studentB: PortalMember;
let teacherA: PortalMember;
let teacherB: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  [studentA, studentB, teacherA, teacherB] = await Promise.all([
    aStudent(backend, SCHOOL_A),
    aStudent(backend, SCHOOL_B),
    aTeacher(backend, SCHOOL_A),
    aTeacher(backend, SCHOOL_B),
  ]);
}, 60_000);
afterAll(() => backend?.close());

let entryCount = 0;
function anEntry(): ServiceHoursInput {
  entryCount += 1;
  return {
    organisation: 'Riverside Food Bank',
    activity: 'Sorted donations and packed hampers.',
    date: new Date(Date.now() - (40 + entryCount) * 86_400_000).toISOString().slice(0, 10),
    hours: 2,
    supervisorName: 'Dana Lee',
    supervisorEmail: `dana${entryCount}.${Date.now().toString(36)}@foodbank.example`,
  };
}

const rowOf = (id: string) => new TablesDB(adminClient(backend)).getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: id });
const readAs = (member: PortalMember, id: string) => member.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: id });

describe("hours of one school's students", () => {
  it("carry the student's school and are read by the student and that school's staff only", async () => {
    const entry = await studentA.portal.hours.log(anEntry());
    const stored = await rowOf(entry.id);
    expect(stored.schoolId).toBe(SCHOOL_A.id);
    expect(stored.$permissions.sort()).toEqual([`read("team:${SCHOOL_A.id}/staff")`, `read("user:${studentA.userId}")`].sort());
    expect((await readAs(teacherA, entry.id)).$id).toBe(entry.id);
    await expect(readAs(teacherB, entry.id)).rejects.toMatchObject({ code: 404 });
  });

  it("are neither decided by nor queued for another school's teacher, and their own school's teacher decides them", async () => {
    const entry = await studentA.portal.hours.log(anEntry());
    const refused = await refusal(teacherB.portal.hours.review(entry.id, { decision: 'approved' }), 'not-found');
    expect(refused.message).toBe(HOURS_MESSAGES.entryNotFound);
    expect((await rowOf(entry.id)).status).toBe('pending');
    expect((await teacherB.portal.hours.queue()).map((queued) => queued.id)).not.toContain(entry.id);

    const queueA = await teacherA.portal.hours.queue();
    expect(queueA.map((queued) => queued.id)).toContain(entry.id);
    expect(queueA.every((queued) => queued.studentId !== studentB.userId)).toBe(true);
    expect(await teacherA.portal.hours.review(entry.id, { decision: 'approved' })).toMatchObject({ status: 'approved' });
  });

  it("stay out of a queue page read after a cursor from another school's queue, or one naming another school's entry", async () => {
    await Promise.all([studentA.portal.hours.log(anEntry()), studentA.portal.hours.log(anEntry())]);
    await Promise.all([studentB.portal.hours.log(anEntry()), studentB.portal.hours.log(anEntry())]);
    const [queueA, firstOfB] = await Promise.all([teacherA.portal.hours.queue(), teacherB.portal.hours.queuePage({ limit: 1 })]);
    const replayed = firstOfB.nextCursor as string;
    const entryOfB = firstOfB.items[0] as ServiceHoursEntry;
    const [status, createdAt] = JSON.parse(Buffer.from(replayed, 'base64url').toString('utf8')) as [string, string, string];
    const cursorAt = (id: string) => Buffer.from(JSON.stringify([status, createdAt, id]), 'utf8').toString('base64url');

    // A cursor is a place in the queue's order: school B's entry there lends it nothing but its place.
    const afterReplayed = await teacherA.portal.hours.queuePage({ cursor: replayed, limit: 100 });
    const afterNoEntry = await teacherA.portal.hours.queuePage({ cursor: cursorAt('zzzzzzzzzzzzzzzzzzzz'), limit: 100 });
    expect(afterReplayed).toEqual(afterNoEntry);
    expect(afterReplayed.total).toBe(queueA.length);
    const idsOfA = new Set(queueA.map((entry) => entry.id));
    expect(afterReplayed.items.every((entry) => idsOfA.has(entry.id) && entry.studentId !== studentB.userId)).toBe(true);
    expect(afterReplayed.items.map((entry) => entry.id)).not.toContain(entryOfB.id);

    // A bare entry id is no cursor, whoever's it is: refused alike, so it tells no entry exists.
    const [byIdOfB, byMadeUpId] = await Promise.all([
      refusal(teacherA.portal.hours.queuePage({ cursor: entryOfB.id }), 'invalid-input'),
      refusal(teacherA.portal.hours.queuePage({ cursor: 'nosuchentry0000' }), 'invalid-input'),
    ]);
    expect(byIdOfB.fields).toEqual({ cursor: HOURS_MESSAGES.queueCursorInvalid });
    expect(byMadeUpId.fields).toEqual(byIdOfB.fields);
  });

  it("leave another school's students out of the CSV export", async () => {
    await Promise.all([studentA.portal.hours.log(anEntry()), studentB.portal.hours.log(anEntry())]);
    const csvOf = async (teacher: PortalMember) => (await teacher.portal.hours.exportCsv()).blob.text();
    const [csvA, csvB] = await Promise.all([csvOf(teacherA), csvOf(teacherB)]);
    expect(csvA).toContain(studentA.email);
    expect(csvA).not.toContain(studentB.email);
    expect(csvB).toContain(studentB.email);
    expect(csvB).not.toContain(studentA.email);
  });

  it("reach another school's teacher live neither", async () => {
    const channel = Channel.tablesdb(DATABASE_ID).table(TABLES.serviceHours).row().toString();
    const liveA = openRealtime(backend, { session: teacherA.sessionToken() });
    const liveB = openRealtime(backend, { session: teacherB.sessionToken() });
    const [feedA, feedB] = await Promise.all([liveA.subscribe([channel]), liveB.subscribe([channel])]);
    const forEntry = (id: string) => (event: LiveEvent) => event.payload.$id === id;

    const entryOfA = await studentA.portal.hours.log(anEntry());
    await feedA.waitFor(forEntry(entryOfA.id));
    // Events reach a socket in order: once school B's own entry arrived, school A's would have.
    const entryOfB = await studentB.portal.hours.log(anEntry());
    await feedB.waitFor(forEntry(entryOfB.id));
    expect(feedB.events.filter(forEntry(entryOfA.id))).toEqual([]);
    await liveA.flush();
    expect(feedA.events.filter(forEntry(entryOfB.id))).toEqual([]);
    await Promise.all([liveA.close(), liveB.close()]);
  });
});
