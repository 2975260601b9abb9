import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterResult } from '@opportunity-kit/sdk/domain';
import { Query, Teams, Users } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { command, SETTINGS, startPortalBackend, student, teacher, uniqueLocal, type Member } from '../support/portal.ts';
import { joinSchool, SCHOOL_A, SCHOOL_B, type TestSchool } from '../support/schools.ts';

/**
 * A roster import puts its students in the importing staff member's school (issue 23): a student of
 * another school is refused for that row and stays where they are, and a new link goes only to the
 * students of the sender's school.
 */

let backend: TestBackend;
let teacherA: Member;
let teacherB: Member;

beforeAll(async () => {
  backend = await startPortalBackend();
  [teacherA, teacherB] = await Promise.all([teacher(backend, undefined, SCHOOL_A), teacher(backend, undefined, SCHOOL_B)]);
}, 60_000);
afterAll(() => backend?.close());

interface RosterAnswer {
  results: RosterResult[];
  created: number;
}

const schoolAddress = (): string => `${uniqueLocal('1s')}@${SETTINGS.schoolDomain}`;
const importRoster = (by: Member, csv: string, schoolId?: string) => command<RosterAnswer>(by, 'POST', '/roster', { csv, ...(schoolId ? { schoolId } : {}) });
const userIdOf = async (email: string): Promise<string> =>
  (await new Users(adminClient(backend)).list({ queries: [Query.equal('email', [email])] })).users[0]?.$id ?? '';

/** The roles `userId` holds in the school's team, or undefined when not a member. */
async function rolesIn(school: TestSchool, userId: string): Promise<string[] | undefined> {
  const { memberships } = await new Teams(adminClient(backend)).listMemberships({ teamId: school.id, queries: [Query.equal('userId', userId)] });
  return memberships[0]?.roles;
}

async function mailsTo(address: string): Promise<unknown[]> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: unknown[] }).messages;
}

describe('a roster import', () => {
  it("makes each student a student of the importer's school", async () => {
    const [fresh, known] = [schoolAddress(), schoolAddress()];
    const knownStudent = await student(backend, known.split('@')[0], SCHOOL_A);
    const answer = await importRoster(teacherB, `${fresh},Fresh Face\r\n${known},Known Kim`);
    expect(answer.data?.results.map((result) => result.outcome)).toEqual(['created', 'other-school']);
    expect(await rolesIn(SCHOOL_B, await userIdOf(fresh))).toEqual(['student']);
    // Not moved: still a student of the first school alone, and not mailed by the other school.
    expect(await rolesIn(SCHOOL_A, knownStudent.userId)).toEqual(['student']);
    expect(await rolesIn(SCHOOL_B, knownStudent.userId)).toBeUndefined();
    expect(await mailsTo(known)).toEqual([]);
  });

  it('gives a new address two schools import at the same instant to exactly one of them, which alone mails it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const address = schoolAddress();
      const [fromA, fromB] = await Promise.all([importRoster(teacherA, `${address},Twice Imported`), importRoster(teacherB, `${address},Twice Imported`)]);
      const outcomes = [fromA.data?.results[0]?.outcome, fromB.data?.results[0]?.outcome];
      expect(
        outcomes.filter((outcome) => outcome === 'other-school'),
        outcomes.join(', '),
      ).toHaveLength(1);
      const userId = await userIdOf(address);
      const schools = [await rolesIn(SCHOOL_A, userId), await rolesIn(SCHOOL_B, userId)].filter(Boolean);
      expect(schools).toEqual([['student']]);
      // The winner is the school whose import did not answer other-school.
      expect(Boolean(await rolesIn(outcomes[0] === 'other-school' ? SCHOOL_B : SCHOOL_A, userId))).toBe(true);
      expect(await mailsTo(address)).toHaveLength(1);
    }
  });

  it('adds a student who belongs to no school yet to the importer’s school', async () => {
    const address = schoolAddress();
    await importRoster(teacherA, `${address},First Import`);
    const userId = await userIdOf(address);
    await new Teams(adminClient(backend)).deleteMembership({
      teamId: SCHOOL_A.id,
      membershipId:
        (await new Teams(adminClient(backend)).listMemberships({ teamId: SCHOOL_A.id, queries: [Query.equal('userId', userId)] })).memberships[0]?.$id ?? '',
    });
    const again = await importRoster(teacherB, `${address},First Import`);
    expect(again.data?.results.map((result) => result.outcome)).toEqual(['invited-again']);
    expect(await rolesIn(SCHOOL_B, userId)).toEqual(['student']);
  });

  it('by staff of several schools names the school, and only one they are staff of', async () => {
    const both = await teacher(backend, undefined, SCHOOL_A);
    await joinSchool(backend, SCHOOL_B, both.userId, { staffRoles: ['coop'] });
    const address = schoolAddress();
    expect(await importRoster(both, `${address},Which School`)).toMatchObject({
      status: 400,
      error: { code: 'invalid-input', fields: { schoolId: expect.any(String) } },
    });
    expect(await importRoster(teacherA, `${address},Which School`, SCHOOL_B.id)).toMatchObject({ status: 403, error: { code: 'not-allowed' } });
    expect(await userIdOf(address)).toBe('');
    const answer = await importRoster(both, `${address},Which School`, SCHOOL_B.id);
    expect(answer.data?.results.map((result) => result.outcome)).toEqual(['created']);
    expect(await rolesIn(SCHOOL_B, await userIdOf(address))).toEqual(['student']);
  });
});

describe('a new link', () => {
  it("goes only to a student of the sender's school", async () => {
    const address = schoolAddress();
    await importRoster(teacherA, `${address},Only Mine`);
    const mailsBefore = (await mailsTo(address)).length;
    const answer = await command(teacherB, 'POST', '/roster/resend', { email: address });
    expect(answer).toMatchObject({ status: 404, error: { code: 'not-found' } });
    expect((await mailsTo(address)).length).toBe(mailsBefore);
    expect(await command(teacherA, 'POST', '/roster/resend', { email: address })).toMatchObject({ status: 200, data: { sent: 'invitation' } });
  });
});
