import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoster, ROSTER_REQUEST_ROWS, type RosterResult } from '@opportunity-kit/sdk/domain';
import { Query, Users } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { aTeacher, type PortalMember } from '../support/portal-sdk.ts';
import { eventually, SETTINGS, startPortalBackend, student, uniqueLocal } from '../support/portal.ts';

/**
 * A roster file longer than one request (issue 27): the SDK sends it in parts of `ROSTER_REQUEST_ROWS`
 * rows, each a `commands` execution well within its time, and answers as one import of the whole
 * file did: every row in the file's order, with the line it has in the file, and its outcome.
 */

let backend: TestBackend;
let teacherTia: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  teacherTia = await aTeacher(backend);
}, 60_000);
afterAll(() => backend?.close());

const schoolAddress = (): string => `${uniqueLocal('1q')}@${SETTINGS.schoolDomain}`;
const usersWith = async (emails: readonly string[]) =>
  (await new Users(adminClient(backend)).list({ queries: [Query.equal('email', [...emails]), Query.limit(100)] })).users;

describe('a roster file longer than one request', () => {
  it('is previewed and imported in parts, answering as one import of the file: same rows, lines and outcomes', async () => {
    const known = await student(backend);
    const total = ROSTER_REQUEST_ROWS + 15;
    const classOf = Array.from({ length: total }, () => schoolAddress());
    const twice = classOf[3] as string;
    const rows = classOf.map((email, n) => `${email},Student ${n}`);
    // A name over two lines moves every later row's line; the second part opens with a row reading
    // "email,name"; one address comes twice, and a student of the school is in the file too.
    rows[1] = `${classOf[1]},"Student\nOne"`;
    rows[ROSTER_REQUEST_ROWS] = 'email,name';
    rows[ROSTER_REQUEST_ROWS + 4] = `${twice},Student 3 again`;
    rows[ROSTER_REQUEST_ROWS + 6] = `${known.email},Known Student`;
    const csv = ['email,name', ...rows].join('\n');
    const file = parseRoster(csv);
    if (!file.ok) throw new Error(file.message);
    // What one import of the whole file answers; a preview creates nothing, so both rows of `twice` would be new.
    const expected = (preview: boolean): RosterResult[] =>
      file.rows.map((row, index) => {
        if (row.email === 'email') return { ...row, outcome: 'invalid-address' };
        if (row.email === known.email) return { ...row, outcome: 'already-member' };
        return { ...row, outcome: !preview && index === ROSTER_REQUEST_ROWS + 4 ? 'invited-again' : 'created' };
      });
    const progress: Array<[number, number]> = [];

    const preview = await teacherTia.portal.roster.import(csv, { preview: true, onProgress: ({ done, total }) => progress.push([done, total]) });
    expect(await usersWith(classOf)).toEqual([]);
    const answer = await teacherTia.portal.roster.import(csv);

    expect(progress).toEqual([
      [0, total],
      [ROSTER_REQUEST_ROWS, total],
      [total, total],
    ]);
    expect(preview).toEqual({ created: 0, results: expected(true) });
    expect(answer).toEqual({ created: total - 3, results: expected(false) });
    expect(answer.results.slice(0, 3).map((result) => result.line)).toEqual([2, 3, 5]);
    // One verified account per address, each labelled a student by the roles function in the end.
    const students = [...new Set(answer.results.filter((result) => result.outcome !== 'invalid-address').map((result) => result.email))];
    const accounts = await eventually(
      () => usersWith(students),
      (users) => users.length === students.length && users.every((user) => user.labels.includes('student')),
    );
    expect(
      accounts.map(({ email, emailVerification, labels }) => ({ email, emailVerification, labels })).sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual(students.sort().map((email) => ({ email, emailVerification: true, labels: ['student'] })));
  }, 90_000);
});
