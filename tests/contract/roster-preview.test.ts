import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterResult } from '@opportunity-kit/sdk/domain';
import { Query, Users } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { command, SETTINGS, startPortalBackend, student, teacher, uniqueLocal, type Member } from '../support/portal.ts';
import { SCHOOL_B } from '../support/schools.ts';

/**
 * The roster's preview (issue 25, item 15): before a teacher confirms, each row says what an import
 * would do (new, already a member, invalid with its reason, another school's), and nothing is created
 * or mailed until the import itself runs.
 */

let backend: TestBackend;
let teacherTia: Member;

beforeAll(async () => {
  backend = await startPortalBackend();
  teacherTia = await teacher(backend);
}, 60_000);
afterAll(() => backend?.close());

interface RosterAnswer {
  results: RosterResult[];
  created: number;
}

const schoolAddress = (): string => `${uniqueLocal('1p')}@${SETTINGS.schoolDomain}`;
const usersWith = async (email: string) => (await new Users(adminClient(backend)).list({ queries: [Query.equal('email', [email])] })).users;
async function mailsTo(address: string): Promise<unknown[]> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: unknown[] }).messages;
}

describe('a roster preview', () => {
  it('answers each row’s outcome and creates nothing; the confirmed import then creates them', async () => {
    const fresh = schoolAddress();
    const member = await student(backend);
    const elsewhere = await student(backend, undefined, SCHOOL_B);
    const csv = ['email,name', `${fresh},Ana Lee`, `${member.email},Ben Ray`, 'nobody@elsewhere.example,Cy Diaz', `${elsewhere.email},Dee Park`].join('\n');

    const preview = await command<RosterAnswer>(teacherTia, 'POST', '/roster', { csv, preview: true });
    expect(preview.status).toBe(200);
    expect(preview.data?.results.map((row) => [row.email, row.outcome])).toEqual([
      [fresh, 'created'],
      [member.email, 'already-member'],
      ['nobody@elsewhere.example', 'not-school-address'],
      [elsewhere.email, 'other-school'],
    ]);
    expect(preview.data?.created).toBe(0);
    expect(await usersWith(fresh)).toEqual([]);
    expect(await mailsTo(fresh)).toEqual([]);

    const imported = await command<RosterAnswer>(teacherTia, 'POST', '/roster', { csv });
    expect(imported.data?.results.map((row) => row.outcome)).toEqual(['created', 'already-member', 'not-school-address', 'other-school']);
    expect(await usersWith(fresh)).toHaveLength(1);
  });
});
