import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHoursInput } from '@opportunity-kit/sdk';
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
 * school neither reads it (directly, in the queue, in the export or live) nor decides it.
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
