import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TablesDB as BrowserTables } from 'appwrite';
import { Query, TablesDB, Users } from 'node-appwrite';
import { DATABASE_ID, DEFAULT_BOARD_RULES, TABLES, type AgeStatus, type BoardRulesAnswer, type Job, type OpenToMeAnswer } from '@opportunity-kit/sdk/domain';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { command, eventually, execute, guest, PDF, recruiter, SETTINGS, startPortalBackend, student, teacher, upload, type Member } from '../support/portal.ts';
import { anApplication, aPosting, dayFromNow } from '../support/postings.ts';
import { SCHOOL_B } from '../support/schools.ts';
import { alertsSettled } from '../support/alerts.ts';

/**
 * The youth-work rules (issue 26) through the commands: postings declare what the rules need and are
 * refused what the law bars; a student's birth month is given once, corrected by their school's staff,
 * and never read by a client; a student the rules bar may not apply, nor be assigned, and "Open to me"
 * says from which age and why.
 */

let backend: TestBackend;
let employer: Member;
let schoolTeacher: Member;
let factoryJob: Job;
let kitchenVolunteering: Job;

/** A birth month that makes a student `age` today (born in June, so a late-November test day is past the birthday). */
const bornForAge = (age: number): string => `${new Date().getUTCFullYear() - age - (new Date().getUTCMonth() < 6 ? 1 : 0)}-06`;

beforeAll(async () => {
  backend = await startPortalBackend();
  [employer, schoolTeacher] = await Promise.all([teacher(backend), teacher(backend)]);
  const made = await command<Job>(employer, 'POST', '/jobs', aPosting({ title: 'Production helper', workplace: 'factory', payRate: 17.6, tasks: [] }));
  expect(made.error).toBeUndefined();
  factoryJob = made.data!;
  const volunteering = await command<Job>(
    employer,
    'POST',
    '/jobs',
    aPosting({ title: 'Soup kitchen helper', postingType: 'Volunteering', cluster: null, hourlyRate: null, workplace: 'restaurant-kitchen', paid: false }),
  );
  expect(volunteering.error).toBeUndefined();
  kitchenVolunteering = volunteering.data!;
}, 90_000);
afterAll(() => backend?.close());

async function aStudentAged(age: number | null, school = undefined as typeof SCHOOL_B | undefined): Promise<Member> {
  const young = await student(backend, undefined, school);
  if (age !== null) expect((await command(young, 'POST', '/me/birth-month', { birthMonth: bornForAge(age) })).error).toBeUndefined();
  return young;
}

async function applyTo(by: Member, jobId: string) {
  return command(by, 'POST', '/applications', anApplication(jobId, await upload(by, 'resume.pdf', PDF)));
}

describe('GET /rules', () => {
  it('answers a signed-in member the board’s pack and its version', async () => {
    const answer = await execute<BoardRulesAnswer>(await student(backend), 'commands', 'GET', '/rules');
    expect(answer.status).toBe(200);
    // Another file may have changed and restored the rules on a shared project: the pack and additions are the default, whatever the revision.
    expect(answer.data?.rules).toMatchObject({ packId: DEFAULT_BOARD_RULES.packId, additions: DEFAULT_BOARD_RULES.additions });
    expect(answer.data?.version).toMatchObject({ packId: 'ontario', packName: 'Ontario' });
    expect(answer.data?.version.boardRevision).toBe(answer.data?.rules.revision);
  });

  it('refuses a visitor', async () => {
    expect((await execute(guest(backend), 'commands', 'GET', '/rules')).status).toBe(401);
  });
});

describe('postings declare what the rules need', () => {
  it('keeps the rule fields and reads them back', () => {
    expect(factoryJob.ruleDetails).toMatchObject({ workplace: 'factory', payRate: 17.6, paid: true });
  });

  it('refuses pay under the student minimum wage, saying the rule and its source', async () => {
    const answer = await command(employer, 'POST', '/jobs', aPosting({ payRate: 12 }));
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.payRate).toMatch(/at least \$16\.60 an hour.*Employment Standards Act/);
  });

  it('refuses asking 14-year-olds to work during school hours (Education Act)', async () => {
    const answer = await command(
      employer,
      'POST',
      '/jobs',
      aPosting({ scheduleDays: ['tue', 'thu'], scheduleStart: '10:00', scheduleEnd: '13:00', declaredMinimumAge: 14, startDate: dayFromNow(14) }),
    );
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.declaredMinimumAge).toMatch(/open from age 16.*Education Act/);
  });

  it('refuses forged fields: an unknown workplace, a task not listed, a negative rate, paid volunteering', async () => {
    const forged = await command(employer, 'POST', '/jobs', aPosting({ workplace: 'casino', tasks: ['juggling'], payRate: -3 }));
    expect(forged.status).toBe(400);
    expect(Object.keys(forged.error?.fields ?? {})).toEqual(expect.arrayContaining(['workplace', 'tasks', 'payRate']));
    const paidVolunteering = await command(employer, 'POST', '/jobs', aPosting({ postingType: 'Volunteering', cluster: null, hourlyRate: null, paid: true }));
    expect(paidVolunteering.error?.fields?.paid).toBeDefined();
  });

  it('an edit changes them, and refuses what the law bars the same way', async () => {
    const edited = await command<Job>(employer, 'PUT', `/jobs/${factoryJob.id}`, aPosting({ title: 'Production helper', workplace: 'factory', payRate: 18 }));
    expect(edited.data?.ruleDetails?.payRate).toBe(18);
    const refused = await command(employer, 'PUT', `/jobs/${factoryJob.id}`, aPosting({ title: 'Production helper', workplace: 'factory', payRate: 10 }));
    expect(refused.status).toBe(400);
  });
});

describe('a student’s birth month', () => {
  it('is given once by the student; a second time is refused, and only whether it was given is answered', async () => {
    const kim = await student(backend);
    expect((await execute<AgeStatus>(kim, 'commands', 'GET', '/me/age')).data).toEqual({ birthMonthGiven: false, asked: true });
    expect((await command(kim, 'POST', '/me/birth-month', { birthMonth: bornForAge(16) })).status).toBe(200);
    const again = await command(kim, 'POST', '/me/birth-month', { birthMonth: bornForAge(19) });
    expect(again.status).toBe(403);
    expect((await execute<AgeStatus>(kim, 'commands', 'GET', '/me/age')).data).toEqual({ birthMonthGiven: true, asked: true });
  });

  it('two given at the same instant keep one', async () => {
    const sam = await student(backend);
    const answers = await Promise.all(['2010-01', '2011-02'].map((birthMonth) => command(sam, 'POST', '/me/birth-month', { birthMonth })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
  });

  it('refuses a forged month', async () => {
    const lee = await student(backend);
    for (const birthMonth of ['2012-13', '1990-01', 'June 2011', '2030-01']) {
      expect((await command(lee, 'POST', '/me/birth-month', { birthMonth })).status).toBe(400);
    }
  });

  it('is corrected by the staff of the student’s school, and by nobody else', async () => {
    const ana = await aStudentAged(14);
    const otherSchool = await teacher(backend, undefined, SCHOOL_B);
    const anyRecruiter = await recruiter(backend);
    const anotherStudent = await student(backend);
    const correction = { birthMonth: bornForAge(15) };
    for (const intruder of [otherSchool, anyRecruiter, anotherStudent, ana]) {
      expect((await command(intruder, 'PUT', `/students/${ana.userId}/birth-month`, correction)).status).toBe(403);
    }
    expect((await applyTo(ana, factoryJob.id)).status).toBe(403);
    expect((await command(schoolTeacher, 'PUT', `/students/${ana.userId}/birth-month`, correction)).status).toBe(200);
    expect((await applyTo(ana, factoryJob.id)).status).toBe(200);
  });

  it('comes from the roster’s optional fourth column, and a bad one is that row’s outcome', async () => {
    const email = `1roster${Date.now().toString(36)}@${SETTINGS.schoolDomain}`;
    const csv = `email,name,graduation year,birth month\n${email},Rory Roster,,${bornForAge(15)}\n1bad${Date.now().toString(36)}@${SETTINGS.schoolDomain},Bad Month,,2011-13`;
    const imported = await command<{ results: Array<{ outcome: string }> }>(schoolTeacher, 'POST', '/roster', { csv });
    expect(imported.data?.results.map((result) => result.outcome)).toEqual(['created', 'invalid-birth-month']);
    const admin = adminClient(backend);
    const [user] = (await new Users(admin).list({ queries: [Query.equal('email', [email])] })).users;
    const stored = await new TablesDB(admin).getRow({ databaseId: DATABASE_ID, tableId: TABLES.studentRecords, rowId: user!.$id });
    expect(stored).toMatchObject({ birthMonth: bornForAge(15), birthMonthSource: 'roster' });
  });

  it('no client reads it, not even the student: their own row is "not found", the table unlistable', async () => {
    const ana = await aStudentAged(15);
    const tables = new BrowserTables(ana.client);
    await expect(tables.getRow({ databaseId: DATABASE_ID, tableId: TABLES.studentRecords, rowId: ana.userId })).rejects.toMatchObject({ code: 404 });
    await expect(tables.listRows({ databaseId: DATABASE_ID, tableId: TABLES.studentRecords })).rejects.toMatchObject({ code: 401 });
    const stored = await new TablesDB(adminClient(backend)).getRow({ databaseId: DATABASE_ID, tableId: TABLES.studentRecords, rowId: ana.userId });
    expect(stored.birthMonth).toBe(bornForAge(15));
  });
});

describe('no client reads a birth month through any other path', () => {
  it('the student’s and their teacher’s home pages, counts, hours, exports and schools never carry it', async () => {
    // A month no other student of this file has (they are all born in June), so any trace of it is this one.
    const birthMonth = `${new Date().getUTCFullYear() - 15}-02`;
    const ana = await student(backend);
    expect((await command(ana, 'POST', '/me/birth-month', { birthMonth })).status).toBe(200);
    const reads: Array<[Member, string]> = [
      ...['/home', '/home/counts', '/me/age', '/hours', '/hours/summary', '/saved', '/alerts', '/rules', '/schools/mine'].map((path): [Member, string] => [
        ana,
        path,
      ]),
      ...['/home', '/home/counts', '/hours/queue', '/hours/export.csv', '/schools/mine'].map((path): [Member, string] => [schoolTeacher, path]),
    ];
    for (const [reader, path] of reads) {
      const answer = await execute<{ base64?: string }>(reader, 'commands', 'GET', path);
      expect(answer.status, path).toBe(200);
      const seen = JSON.stringify(answer) + (answer.data?.base64 ? Buffer.from(answer.data.base64, 'base64').toString('utf8') : '');
      expect(seen, path).not.toContain(birthMonth);
      expect(seen, path).not.toMatch(/birthMonth"\s*:\s*"/);
    }
  });
});

describe('what a student may take', () => {
  it('a 14-year-old may not apply to a factory posting through the API, and is told from which age and why', async () => {
    const young = await aStudentAged(14);
    const answer = await applyTo(young, factoryJob.id);
    expect(answer.status).toBe(403);
    expect(answer.error?.code).toBe('not-open-to-age');
    expect(answer.error?.message).toMatch(/^This opportunity is open from age 15\. Factories.*Reg\. 851/);
  });

  it('a 15-year-old may apply to the same factory posting', async () => {
    const fifteen = await aStudentAged(15);
    expect((await applyTo(fifteen, factoryJob.id)).status).toBe(200);
  });

  it('the teacher correcting the age while the student applies: no crash, the answer is one of the two states', async () => {
    const young = await aStudentAged(14);
    const resume = await upload(young, 'resume.pdf', PDF);
    const [applied, corrected] = await Promise.all([
      command(young, 'POST', '/applications', anApplication(factoryJob.id, resume)),
      command(schoolTeacher, 'PUT', `/students/${young.userId}/birth-month`, { birthMonth: bornForAge(15) }),
    ]);
    expect(corrected.status).toBe(200);
    // Weighed at 14 (refused with the rule) or at 15 (accepted): never a failure.
    if (applied.status === 403) expect(applied.error?.code).toBe('not-open-to-age');
    else expect(applied.status).toBe(200);
    // After the correction she is 15: applying is open (or already done).
    expect([200, 409]).toContain((await applyTo(young, factoryJob.id)).status);
  });

  it('a student who never gave a birth month is weighed at 14 and told how to change that', async () => {
    const unknown = await aStudentAged(null);
    expect((await applyTo(unknown, factoryJob.id)).error?.message).toContain('Add your birth month');
  });

  it('"Open to me" answers each posting without the student’s age', async () => {
    const young = await aStudentAged(14);
    const answer = await command<OpenToMeAnswer>(young, 'POST', '/jobs/open-to-me', { ids: [factoryJob.id, kitchenVolunteering.id, 'nope'] });
    expect(answer.data?.postings[factoryJob.id]).toMatchObject({ mayTake: false, fromAge: 15 });
    expect(answer.data?.postings[kitchenVolunteering.id]).toMatchObject({ mayTake: false, fromAge: 15 });
    expect(answer.data?.postings.nope).toBeUndefined();
    expect(JSON.stringify(answer.data)).not.toContain(bornForAge(14));
    const older = await aStudentAged(16);
    expect((await command<OpenToMeAnswer>(older, 'POST', '/jobs/open-to-me', { ids: [factoryJob.id] })).data?.postings[factoryJob.id]?.mayTake).toBe(true);
  });

  it('a teacher may not assign a posting to a student the rules bar', async () => {
    const young = await aStudentAged(14);
    const email = (await young.account.get()).email;
    const answer = await command(schoolTeacher, 'PUT', `/jobs/${factoryJob.id}/assignment`, { studentEmail: email });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields?.studentEmail).toMatch(/open from age 15/);
  });

  it('a saved search tells a 14-year-old of the office posting only, and a 16-year-old of the factory one too', async () => {
    const [young, older] = await Promise.all([aStudentAged(14), aStudentAged(16)]);
    for (const member of [young, older]) expect((await command(member, 'POST', '/alerts', { search: 'Quillwort' })).error).toBeUndefined();
    for (const [title, workplace] of [
      ['Quillwort office clerk', 'office'],
      ['Quillwort machine helper', 'factory'],
    ] as const) {
      expect((await command(employer, 'POST', '/jobs', aPosting({ title, workplace, payRate: 17.6, tasks: [] }))).error).toBeUndefined();
    }
    const alertTitles = async (member: Member): Promise<string[]> => {
      const { rows } = await new BrowserTables(member.client).listRows({ databaseId: DATABASE_ID, tableId: TABLES.notifications, queries: [Query.limit(100)] });
      return rows
        .filter((row) => row.kind === 'alert-match')
        .map((row) => String(row.jobTitle))
        .sort();
    };
    await eventually(
      () => alertTitles(older),
      (titles) => titles.length === 2,
    );
    await alertsSettled(backend);
    expect(await alertTitles(young)).toEqual(['Quillwort office clerk']);
  });
});
