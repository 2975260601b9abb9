import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job, PortalNotification } from '@opportunity-kit/sdk';
import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { ID, Permission, Role, TablesDB as AdminTables } from 'node-appwrite';
import { aiCall } from '../fixtures/ai/ai-client.ts';
import { happyProviders, startFixtureServer, type FixtureServer } from '../fixtures/ai/fixture-server.ts';
import { alertsSettled, mailsTo, tickDigest } from '../support/alerts.ts';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { eventually, startPortalBackend } from '../support/portal.ts';
import { aNewPosting, aRecruiter, aStudent, aTeacher, type PortalMember } from '../support/portal-sdk.ts';

/**
 * What a student may see (issue 21, items 1, 2, 3 and 12): every path that shows postings to a
 * student while reading with a key (the coach's answer and the prompt it sends, the bell, the digest)
 * leaves out a posting the student gets 404 for directly: one of a recruiter nobody approved yet, one
 * of a recruiter declined after approval, one a teacher hid. Each test failed before the one rule
 * (`studentMaySee` in packages/functions/src/portal/student-view.ts) was used by every path.
 *
 * Employer approval is on here, as in a school that set nothing. Local only, as approvals.test.ts is:
 * the shared project of a run against a real Appwrite has approval off (tests/deploy).
 */

const WORD = 'Zephyr';

/** A school with each kind of posting a student may not see, and one they may. */
interface School {
  backend: TestBackend;
  teacher: PortalMember;
  student: PortalMember;
  open: Job;
  unvetted: Job;
  declined: Job;
  hidden: Job;
  close(): Promise<void>;
}

async function aSchool(env: Record<string, string> = {}): Promise<School> {
  const backend = await startPortalBackend({ env: { EMPLOYER_APPROVAL: '', ...env } });
  const [teacher, student, reporter, waitingHr, declinedHr] = await Promise.all([
    aTeacher(backend),
    aStudent(backend),
    aStudent(backend),
    aRecruiter(backend),
    aRecruiter(backend),
  ]);
  const open = await teacher.portal.jobs.create(aNewPosting({ title: `Open Barista ${WORD}`, company: 'Open Cafe' }));
  const unvetted = await waitingHr.portal.jobs.create(
    aNewPosting({ title: `Unvetted Barista ${WORD}`, company: 'Shady Cafe', contactEmail: 'owner@shady-cafe.example' }),
  );
  const declined = await declinedHr.portal.jobs.create(
    aNewPosting({ title: `Declined Barista ${WORD}`, company: 'Declined Cafe', contactEmail: 'boss@declined-cafe.example' }),
  );
  await teacher.portal.approvals.decide(declinedHr.userId, 'approved');
  await teacher.portal.approvals.decide(declinedHr.userId, 'declined', 'Not a real business');
  const hidden = await teacher.portal.jobs.create(aNewPosting({ title: `Hidden Barista ${WORD}`, company: 'Hidden Cafe' }));
  const report = await reporter.portal.moderation.report('job', hidden.id, 'Asks for money up front');
  await teacher.portal.moderation.decide(report.id, 'hide', 'Asks students for money');
  for (const job of [unvetted, declined, hidden]) expect(await student.portal.jobs.get(job.id)).toBeNull();
  expect(await student.portal.jobs.get(open.id)).not.toBeNull();
  return {
    backend,
    teacher,
    student,
    open,
    unvetted,
    declined,
    hidden,
    async close() {
      await Promise.all([teacher, student, reporter, waitingHr, declinedHr].map((member) => member.portal.close()));
      await backend.close();
    },
  };
}

const unseen = (school: School): Job[] => [school.unvetted, school.declined, school.hidden];

describeLocal('the career coach (local provider)', () => {
  let school: School;
  beforeAll(async () => {
    school = await aSchool();
  }, 60_000);
  afterAll(() => school.close());

  it('names only postings the student may open, in its answer and on a follow-up about a contact', async () => {
    const reply = (await aiCall<{ reply: string }>(school.student, 'POST', '/coach', { message: `Any barista jobs? ${WORD}` })).data?.reply ?? '';
    expect(reply).toContain(school.open.title);
    for (const job of unseen(school)) {
      expect(reply).not.toContain(job.title);
      expect(reply).not.toContain(job.id);
    }
    const followUp = (
      await aiCall<{ reply: string }>(school.student, 'POST', '/coach', { message: `What is the contact e-mail for Unvetted Barista ${WORD}?` })
    ).data?.reply;
    expect(followUp).not.toContain('owner@shady-cafe.example');
    expect(followUp).not.toContain('Unvetted Barista');
  });
});

// Local only: Gemini is a fixture HTTP server on 127.0.0.1, set as this backend's `ai` variables.
describeLocal('the career coach (Gemini)', () => {
  let school: School;
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer(happyProviders());
    school = await aSchool({ GEMINI_API_KEY: 'test-gemini-key', GEMINI_BASE_URL: server.url });
  }, 60_000);
  afterAll(async () => {
    await school.close();
    await server.close();
  });

  it('never puts a posting the student may not open into the prompt sent to the model', async () => {
    await aiCall(school.student, 'POST', '/coach', { message: `Any barista jobs? ${WORD}` });
    const prompts = server.requests.filter((request) => request.path.endsWith(':generateContent')).map((request) => request.body.toString('utf8'));
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain(school.open.title);
    for (const job of unseen(school)) {
      expect(prompts[0]).not.toContain(job.title);
      expect(prompts[0]).not.toContain(job.id);
    }
    expect(prompts[0]).not.toContain('shady-cafe.example');
  });
});

// Local only: the digest is mailed to the development outbox on the dev schedule-tick route.
describeLocal('notices and the digest', () => {
  let school: School;
  let tables: AdminTables;
  beforeAll(async () => {
    school = await aSchool();
    tables = new AdminTables(adminClient(school.backend));
  }, 60_000);
  afterAll(() => school.close());

  const noticesOf = async (member: PortalMember): Promise<PortalNotification[]> => (await member.portal.notifications.list({ limit: 100 })).items;

  it('takes a posting out of the bell once a teacher hides it or its recruiter is declined', async () => {
    const { backend, teacher } = school;
    const sam = await aStudent(backend);
    await sam.portal.alerts.create({ search: 'lifeguard' });
    const pool = await teacher.portal.jobs.create(aNewPosting({ title: 'Lifeguard at the pool', company: 'City Pool' }));
    const hr = await aRecruiter(backend);
    await hr.portal.jobs.create(aNewPosting({ title: 'Lifeguard at the beach', company: 'Beach Club' }));
    await teacher.portal.approvals.decide(hr.userId, 'approved');
    await eventually(
      () => noticesOf(sam),
      (items) => items.filter((item) => item.kind === 'alert-match').length === 2,
    );

    const report = await (await aStudent(backend)).portal.moderation.report('job', pool.id, 'Not a real pool');
    await teacher.portal.moderation.decide(report.id, 'hide', 'Not a real pool');
    await teacher.portal.approvals.decide(hr.userId, 'declined', 'Not a real business');
    await alertsSettled(backend);
    const left = await eventually(
      () => noticesOf(sam),
      (items) => items.length === 0,
    );
    expect(left.map((item) => item.jobTitle)).toEqual([]);
    await sam.portal.close();
  });

  it('leaves out of the digest a notice whose posting the student may no longer see, and mails the others', async () => {
    const { backend, student } = school;
    // Notices an earlier run wrote while each posting was still visible (the digest must judge them again when it mails).
    for (const job of [school.open, ...unseen(school)]) {
      await tables.createRow({
        databaseId: DATABASE_ID,
        tableId: TABLES.notifications,
        rowId: ID.unique(),
        data: {
          studentId: student.userId,
          kind: 'alert-match',
          message: `New match for your saved search: ${job.title}`,
          jobId: job.id,
          jobTitle: job.title,
          applicationId: null,
          alertId: null,
          readAt: null,
        },
        permissions: [Permission.read(Role.user(student.userId))],
      });
    }
    await tickDigest(backend);
    const [digest, ...more] = await mailsTo(backend, student.email);
    expect(more).toEqual([]);
    expect(digest?.text).toContain(school.open.title);
    for (const job of unseen(school)) {
      expect(digest?.text).not.toContain(job.title);
      expect(digest?.text).not.toContain(job.id);
    }
  });
});

describeLocal('a hidden posting', () => {
  let school: School;
  beforeAll(async () => {
    school = await aSchool();
  }, 60_000);
  afterAll(() => school.close());

  it('leaves the student it is assigned to as well: only its creator and teachers read it', async () => {
    const { teacher, student } = school;
    const job = await teacher.portal.jobs.create(aNewPosting({ title: 'Assigned tutor', visible: false }));
    await teacher.portal.jobs.assign(job.id, student.email);
    expect(await student.portal.jobs.get(job.id)).not.toBeNull();
    const report = await student.portal.moderation.report('job', job.id, 'This tutor asked for my phone number');
    await teacher.portal.moderation.decide(report.id, 'hide', 'Under review by the school');

    expect(await student.portal.jobs.get(job.id)).toBeNull();
    await expect(student.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.id })).rejects.toMatchObject({ code: 404 });
    expect((await student.portal.jobs.listAssignedToMe()).items.map((item) => item.id)).not.toContain(job.id);
    expect(await teacher.portal.jobs.get(job.id)).toMatchObject({ id: job.id, hiddenReason: 'Under review by the school' });
  });
});
