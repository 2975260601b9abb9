import { Functions, Query, TablesDB } from 'node-appwrite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { alertsSettled, mailsTo, tickDigest } from '../support/alerts.ts';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { eventually, startPortalBackend } from '../support/portal.ts';
import { aNewPosting, aStudent, aTeacher, installRealtimeGlobals, type PortalMember } from '../support/portal-sdk.ts';

/**
 * The daily digest at board scale (issue 27): one run of the `alerts` function never weighs every
 * member of a board. It writes a slice, records how far it got in the day's `digest_runs` row and
 * starts a new run for the rest; a pass that was interrupted is resumed from that row; nobody is
 * mailed twice. Here a run hands on after two members (DIGEST_RECIPIENTS_PER_RUN), as a real run does
 * after its 20-second slice.
 */

let backend: TestBackend;
let teacher: PortalMember;
const members: PortalMember[] = [];

describeLocal('the daily digest in resumable slices', () => {
  beforeAll(async () => {
    installRealtimeGlobals();
    backend = await startPortalBackend({ env: { DIGEST_RECIPIENTS_PER_RUN: '2' } });
    teacher = await aTeacher(backend);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([teacher, ...members].map((member) => member?.portal.close()));
    await backend?.close();
  });

  async function studentsMatching(count: number, search: string, title: string): Promise<PortalMember[]> {
    const students: PortalMember[] = [];
    for (let n = 0; n < count; n += 1) {
      const student = await aStudent(backend);
      await student.portal.alerts.create({ search });
      students.push(student);
    }
    members.push(...students);
    const job = await teacher.portal.jobs.create(aNewPosting({ title }));
    for (const student of students) {
      await eventually(
        async () => (await student.portal.notifications.list({ limit: 20 })).items.filter((item) => item.jobId === job.id),
        (items) => items.length > 0,
      );
    }
    await alertsSettled(backend);
    return students;
  }

  const digestsTo = async (student: PortalMember) => (await mailsTo(backend, student.email)).filter((mail) => mail.subject.startsWith('Your daily digest'));
  const digestLogs = async (): Promise<string[]> => {
    const { executions } = await new Functions(adminClient(backend)).listExecutions({ functionId: 'alerts', queries: [Query.limit(100)] });
    return executions.flatMap((execution) => execution.logs.split('\n').filter((text) => /^digest \d{4}-\d{2}-\d{2}: /.test(text)));
  };

  it('mails every member once across several runs, each handing on to the next', async () => {
    const students = await studentsMatching(5, 'orchard', 'Orchard picker');
    await tickDigest(backend);
    for (const student of students) expect(await digestsTo(student)).toHaveLength(1);
    const logs = await digestLogs();
    // Five members (and the teacher's own notices, if any) two at a time: at least three runs, the last one done.
    expect(logs.length).toBeGreaterThanOrEqual(3);
    expect(logs.filter((text) => text.endsWith('every member weighed'))).toHaveLength(1);
    const run = await new TablesDB(adminClient(backend)).getRow({
      databaseId: DATABASE_ID,
      tableId: TABLES.digestRuns,
      rowId: new Date().toISOString().slice(0, 10),
    });
    expect(run).toMatchObject({ finishedAt: expect.any(String) });
    expect(run.mailed).toBeGreaterThanOrEqual(5);

    // The schedule again the same day: a new pass, which mails nobody twice.
    await tickDigest(backend);
    for (const student of students) expect(await digestsTo(student)).toHaveLength(1);
  });

  it('resumes an interrupted pass where it stopped, and the next pass mails whom it had not reached', async () => {
    const earlier = await studentsMatching(1, 'vineyard', 'Vineyard helper');
    const students = (await studentsMatching(3, 'vineyard', 'Vineyard guide')).sort((a, b) => a.userId.localeCompare(b.userId));
    const [first, ...rest] = students as [PortalMember, ...PortalMember[]];
    // A pass of today that stopped after `first` (whom it would have mailed before stopping).
    const tables = new TablesDB(adminClient(backend));
    const today = new Date().toISOString().slice(0, 10);
    await tables.upsertRow({
      databaseId: DATABASE_ID,
      tableId: TABLES.digestRuns,
      rowId: today,
      data: { day: today, cursor: first.userId, mailed: 0, startedAt: new Date().toISOString(), finishedAt: null },
    });

    await tickDigest(backend);
    for (const student of rest) expect(await digestsTo(student)).toHaveLength(1);
    // Members at or before the cursor were the stopped pass's.
    expect(await digestsTo(first)).toHaveLength(0);

    // The next pass starts over: `first` is mailed now, and nobody twice.
    await tickDigest(backend);
    expect(await digestsTo(first)).toHaveLength(1);
    for (const student of rest) expect(await digestsTo(student)).toHaveLength(1);
    // The other member with news, on whichever side of the cursor, is mailed by one of the passes.
    expect(await digestsTo(earlier[0] as PortalMember)).toHaveLength(1);
  });
});
