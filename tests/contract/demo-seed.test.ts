import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppwriteException, Query } from 'appwrite';
import { TablesDB as AdminTables, Users } from 'node-appwrite';
import { LOCATIONS, POSTING_TYPES } from '@opportunity-kit/sdk/domain';
import { readDemoSeed, seedDemo, type DemoLogin, type SeedResult } from '../../scripts/demo/seed.ts';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { openBrowser, type TestBrowser } from '../support/browser.ts';
import { command, execute, SETTINGS, startPortalBackend } from '../support/portal.ts';

/**
 * The demo data (`pnpm start` on an empty data folder) as the people in it see it: each printed
 * login signs in with its password, and through their own sessions they find the board, their
 * applications, the feed and the pictures the seed created through the `commands` function.
 */

const DB = 'portal';
let backend: TestBackend;
let seeded: SeedResult;
const signedIn = new Map<string, Person>();

type Person = TestBrowser & { userId: string; email: string; labels: string[] };

interface JobRow {
  $id: string;
  title: string;
  postingType: string;
  cluster: string | null;
  location: string;
  visible: boolean;
  imageFileId: string | null;
  creatorEmail: string;
  assignedStudentEmail: string | null;
  viewCount: number;
  hourlyRate: string | null;
  companyWebsite: string | null;
}

beforeAll(async () => {
  backend = await startPortalBackend();
  seeded = await seedDemo({ endpoint: backend.endpoint, projectId: backend.projectId, apiKey: backend.apiKey, schoolDomain: SETTINGS.schoolDomain });
}, 90_000);

afterAll(async () => {
  await backend.close();
});

function loginOf(role: DemoLogin['role']): DemoLogin {
  const login = seeded.accounts.find((account) => account.role === role);
  if (!login) throw new Error(`no ${role} login was printed`);
  return login;
}

/** Signs in with the printed e-mail and password, in a browser of its own (once per role). */
async function as(role: DemoLogin['role']): Promise<Person> {
  const known = signedIn.get(role);
  if (known) return known;
  const login = loginOf(role);
  const browser = openBrowser(backend);
  await browser.account.createEmailPasswordSession({ email: login.email, password: login.password });
  const account = await browser.account.get();
  const person = Object.assign(browser, { userId: account.$id, email: account.email, labels: account.labels });
  signedIn.set(role, person);
  return person;
}

/** The postings a browser reads, each with the assigned student's e-mail when the browser may read who it is. */
async function jobsSeenBy(browser: TestBrowser): Promise<JobRow[]> {
  const [list, assignments] = await Promise.all([
    browser.tablesDB.listRows({ databaseId: DB, tableId: 'jobs', queries: [Query.limit(100)] }),
    browser.tablesDB.listRows({ databaseId: DB, tableId: 'job_assignments', queries: [Query.limit(100)] }),
  ]);
  const emails = new Map(assignments.rows.map((row) => [row.$id, String(row.studentEmail)]));
  return list.rows.map((row) => ({ ...(row as unknown as JobRow), assignedStudentEmail: emails.get(row.$id) ?? null }));
}

async function canRead(read: Promise<unknown>): Promise<boolean> {
  try {
    await read;
    return true;
  } catch (error) {
    if (error instanceof AppwriteException && [401, 404].includes(error.code)) return false;
    throw error;
  }
}

/** The bytes a browser gets for a file URL (an `<img src>` or a download link), or undefined when refused. */
async function fileBytes(browser: TestBrowser, url: string): Promise<Buffer | undefined> {
  const response = await fetch(url, { headers: { cookie: browser.cookieHeader() } });
  return response.ok ? Buffer.from(await response.arrayBuffer()) : undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Local only: the demo seed fills an empty data folder (`pnpm start`), with fixed demo accounts, and
// these tests count whole tables; a real project is not empty and is shared by the whole run.
describeLocal('demo accounts', () => {
  it('prints one login per role; each signs in with its password, carries its role label and has a profile', async () => {
    expect(seeded.status).toBe('seeded');
    expect(seeded.accounts.map((account) => account.role).sort()).toEqual(['board admin', 'recruiter', 'school admin', 'student', 'teacher']);
    expect(loginOf('student').email).toMatch(new RegExp(`^1\\d*@${SETTINGS.schoolDomain.replace('.', '\\.')}$`));
    expect(loginOf('teacher').email.endsWith(`@${SETTINGS.schoolDomain}`)).toBe(true);
    expect(loginOf('recruiter').email.endsWith(`@${SETTINGS.schoolDomain}`)).toBe(false);

    for (const role of ['student', 'teacher', 'recruiter'] as const) {
      const person = await as(role);
      expect(person.labels).toContain(role);
      const profile = await person.tablesDB.getRow({ databaseId: DB, tableId: 'profiles', rowId: person.userId });
      expect(profile).toMatchObject({ email: loginOf(role).email, role, name: loginOf(role).name });
      expect(String(profile.bio ?? '')).not.toBe('');
    }
  });

  it('is a board of two schools: the board admin sees both, each school its own staff and students (issue 23)', async () => {
    const board = await as('board admin');
    expect(board.labels).toEqual(expect.arrayContaining(['boardadmin']));
    expect(board.labels).not.toContain('teacher');
    const schools = (await execute<Array<{ id: string; name: string }>>(board, 'commands', 'GET', '/schools')).data ?? [];
    expect(schools.map((school) => school.name).sort()).toEqual(['Escarpment Heights Secondary School', 'Lakeshore Collegiate']);

    const admin = await as('school admin');
    expect(admin.labels).toContain('teacher');
    const mine = (await execute<{ memberships: Array<{ schoolName: string; staffRoles: string[] }> }>(admin, 'commands', 'GET', '/schools/mine')).data;
    expect(mine?.memberships).toEqual([expect.objectContaining({ schoolName: 'Escarpment Heights Secondary School', staffRoles: ['admin'] })]);
    const escarpment = schools.find((school) => school.name === 'Escarpment Heights Secondary School')!;
    const lakeshore = schools.find((school) => school.name === 'Lakeshore Collegiate')!;
    const staff = (await execute<Array<{ email: string; staffRoles: string[] }>>(admin, 'commands', 'GET', `/schools/${escarpment.id}/staff`)).data ?? [];
    expect(staff.map((member) => member.email).sort()).toEqual([`d.park@${SETTINGS.schoolDomain}`, `l.nguyen@${SETTINGS.schoolDomain}`]);
    // Another school's staff list is its own administrators' business.
    expect((await execute(admin, 'commands', 'GET', `/schools/${lakeshore.id}/staff`)).status).toBe(403);

    const student = await as('student');
    const studentSchools = (await execute<{ memberships: Array<{ schoolId: string; student: boolean }> }>(student, 'commands', 'GET', '/schools/mine')).data;
    expect(studentSchools?.memberships).toEqual([expect.objectContaining({ schoolId: escarpment.id, student: true })]);
  });

  it('fills in profiles with photos that members can see, and keeps a private profile out of the network', async () => {
    const student = await as('student');
    const profiles = (await student.tablesDB.listRows({ databaseId: DB, tableId: 'profiles', queries: [Query.limit(100)] })).rows;
    const withPhotos = profiles.filter((profile) => profile.photoFileId);
    expect(withPhotos.length).toBeGreaterThanOrEqual(3);
    for (const profile of withPhotos) {
      const bytes = await fileBytes(student, student.storage.getFileView({ bucketId: 'profile-photos', fileId: String(profile.photoFileId) }));
      expect(bytes?.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
    const all = await new AdminTables(adminClient(backend)).listRows({ databaseId: DB, tableId: 'profiles', queries: [Query.equal('isPublic', false)] });
    expect(all.total).toBeGreaterThanOrEqual(1);
    expect(profiles.some((profile) => profile.isPublic === false)).toBe(false);
  });
});

// Local only, as above: the demo seed on an empty project of its own.
describeLocal('the board', () => {
  it('has at least 40 postings of all four types, in all 13 locations and at least 10 clusters, with views', async () => {
    const jobs = await jobsSeenBy(await as('teacher'));
    expect(jobs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(jobs.map((job) => job.postingType))).toEqual(new Set(POSTING_TYPES));
    expect(new Set(jobs.map((job) => job.location))).toEqual(new Set(LOCATIONS));
    expect(new Set(jobs.map((job) => job.cluster).filter(Boolean)).size).toBeGreaterThanOrEqual(10);
    expect(jobs.filter((job) => job.viewCount > 0).length).toBeGreaterThanOrEqual(40);
    // Salaries only on Jobs, no website on Gigs (spec section 5).
    expect(jobs.some((job) => job.postingType === 'Job' && job.hourlyRate)).toBe(true);
    expect(jobs.filter((job) => job.postingType !== 'Job' && job.hourlyRate)).toEqual([]);
    expect(jobs.filter((job) => job.postingType === 'Gig' && job.companyWebsite)).toEqual([]);
  });

  it('has a factory job for students 15 and older and a restaurant-kitchen volunteering posting, with their rule fields (issue 26)', async () => {
    const jobs = await jobsSeenBy(await as('teacher'));
    const factory = jobs.find((job) => job.title === 'Production Helper (robot kits)');
    expect(factory).toMatchObject({ postingType: 'Job', workplace: 'factory', payRate: 17.6, scheduleDays: ['sat'], scheduleStart: '09:00' });
    const kitchen = jobs.find((job) => job.title === 'Community Kitchen Prep Volunteer');
    expect(kitchen).toMatchObject({ postingType: 'Volunteering', workplace: 'restaurant-kitchen', tasks: ['cooking'], paid: false });
  });

  it('has private postings that only their creator, teachers and the assigned student read', async () => {
    const teacher = await as('teacher');
    const student = await as('student');
    const recruiter = await as('recruiter');
    const privateJobs = (await jobsSeenBy(teacher)).filter((job) => !job.visible);
    expect(privateJobs.length).toBeGreaterThanOrEqual(2);
    const publicOnes = await jobsSeenBy(openBrowser(backend));
    expect(publicOnes.length).toBeGreaterThanOrEqual(40);
    expect(publicOnes.filter((job) => !job.visible)).toEqual([]);
    expect((await jobsSeenBy(recruiter)).filter((job) => !job.visible)).toEqual([]);
    const studentSees = (await jobsSeenBy(student)).filter((job) => !job.visible);
    expect(studentSees.length).toBeGreaterThanOrEqual(1);
    expect(studentSees.every((job) => job.assignedStudentEmail === student.email)).toBe(true);
  });

  it('assigns postings to the demo student, one of them private', async () => {
    const student = await as('student');
    const assigned = (await jobsSeenBy(await as('teacher'))).filter((job) => job.assignedStudentEmail === student.email);
    expect(assigned.length).toBeGreaterThanOrEqual(2);
    expect(assigned.some((job) => !job.visible)).toBe(true);
    for (const job of assigned) expect(await canRead(student.tablesDB.getRow({ databaseId: DB, tableId: 'jobs', rowId: job.$id }))).toBe(true);
  });

  it('shows posting images to whoever can read the posting, and to nobody else', async () => {
    const withImages = (await jobsSeenBy(await as('teacher'))).filter((job) => job.imageFileId);
    expect(withImages.length).toBeGreaterThanOrEqual(5);
    const visitor = openBrowser(backend);
    const student = await as('student');
    const recruiter = await as('recruiter');
    for (const job of withImages) {
      const url = (browser: TestBrowser) => browser.storage.getFileView({ bucketId: 'job-images', fileId: job.imageFileId as string });
      if (job.visible) {
        expect((await fileBytes(visitor, url(visitor)))?.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      } else {
        expect(job.assignedStudentEmail).toBe(student.email);
        expect((await fileBytes(student, url(student)))?.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(await fileBytes(recruiter, url(recruiter))).toBeUndefined();
        expect(await fileBytes(visitor, url(visitor))).toBeUndefined();
      }
    }
    expect(withImages.some((job) => !job.visible)).toBe(true);
  });
});

// Local only, as above: the demo seed on an empty project of its own.
describeLocal('a closed posting', () => {
  it('is off the students’ listing but kept, with its applications, for its poster and its applicants', async () => {
    const teacher = await as('teacher');
    const closed = (await teacher.tablesDB.listRows({ databaseId: DB, tableId: 'jobs', queries: [Query.isNotNull('closedAs')] })).rows;
    expect(closed.map((row) => row.closedAs)).toEqual(['closed']);
    const job = closed[0] as (typeof closed)[number];
    const admin = new AdminTables(adminClient(backend));
    const applications = await admin.listRows({ databaseId: DB, tableId: 'applications', queries: [Query.equal('jobId', job.$id)] });
    expect(applications.total).toBeGreaterThanOrEqual(1);
    expect(applications.rows.every((row) => row.postingRemoved === false)).toBe(true);
  });
});

// Local only, as above: the demo seed on an empty project of its own.
describeLocal('applications', () => {
  it('shows the recruiter and the student applications in every status, with a real PDF resume for the poster', async () => {
    const recruiter = await as('recruiter');
    const student = await as('student');
    const received = (await recruiter.tablesDB.listRows({ databaseId: DB, tableId: 'applications', queries: [Query.equal('jobCreatorId', recruiter.userId)] }))
      .rows;
    expect(new Set(received.map((row) => row.status))).toEqual(new Set(['pending', 'accepted', 'rejected']));
    const own = (await student.tablesDB.listRows({ databaseId: DB, tableId: 'applications', queries: [Query.equal('applicantId', student.userId)] })).rows;
    expect(new Set(own.map((row) => row.status))).toEqual(new Set(['pending', 'accepted', 'rejected']));

    const resume = await fileBytes(recruiter, recruiter.storage.getFileDownload({ bucketId: 'resumes', fileId: String(received[0]?.resumeFileId) }));
    const text = resume?.toString('latin1') ?? '';
    expect(text.startsWith('%PDF-')).toBe(true);
    // A well-formed file: `startxref` points at the cross-reference table.
    const offset = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(offset, offset + 4)).toBe('xref');
  });
});

// Local only, as above: the demo seed on an empty project of its own.
describeLocal('the feed', () => {
  it('has posts with pictures, comments and likes whose counters equal their rows', async () => {
    const student = await as('student');
    const posts = (await student.tablesDB.listRows({ databaseId: DB, tableId: 'posts', queries: [Query.limit(100)] })).rows;
    expect(posts.length).toBeGreaterThanOrEqual(5);
    const pictures = posts.flatMap((post) => post.imageFileIds as string[]);
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    for (const fileId of pictures) {
      expect((await fileBytes(student, student.storage.getFileView({ bucketId: 'post-images', fileId })))?.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
    let comments = 0;
    let likes = 0;
    for (const post of posts) {
      const byPost = [Query.equal('postId', post.$id), Query.limit(1)];
      const commentRows = await student.tablesDB.listRows({ databaseId: DB, tableId: 'comments', queries: byPost });
      const likeRows = await student.tablesDB.listRows({ databaseId: DB, tableId: 'post_likes', queries: byPost });
      expect(post.commentCount).toBe(commentRows.total);
      expect(post.likeCount).toBe(likeRows.total);
      comments += commentRows.total;
      likes += likeRows.total;
    }
    expect(comments).toBeGreaterThanOrEqual(5);
    expect(likes).toBeGreaterThanOrEqual(10);
  });
});

// Local only, as above: the demo seed on an empty project of its own.
describeLocal('seeding again', () => {
  const TABLES = ['jobs', 'job_assignments', 'applications', 'profiles', 'posts', 'comments', 'post_likes', 'newsletter'];
  const connection = () => ({ endpoint: backend.endpoint, projectId: backend.projectId, apiKey: backend.apiKey, schoolDomain: SETTINGS.schoolDomain });
  const counts = async () => {
    const admin = new AdminTables(adminClient(backend));
    return Promise.all(TABLES.map(async (tableId) => (await admin.listRows({ databaseId: DB, tableId, queries: [Query.limit(1)] })).total));
  };

  it('is a no-op that reports "already seeded" and the same logins', async () => {
    const before = await counts();
    expect(before.at(-1)).toBeGreaterThanOrEqual(1);
    const lines: string[] = [];
    const again = await seedDemo({ ...connection(), log: (line) => lines.push(line) });
    expect(again).toEqual({ status: 'already seeded', accounts: seeded.accounts });
    expect(lines.join('\n')).toContain('already seeded');
    expect(await counts()).toEqual(before);
  });

  it('finishes an interrupted seed (a `pnpm dev` restart), adding only what was missing', async () => {
    const before = await counts();
    const teacher = await as('teacher');
    const student = await as('student');
    // What an interruption leaves behind: one account without the finished-seed marker, a posting
    // not posted yet (one nobody applied to) and a like not given yet.
    const users = new Users(adminClient(backend));
    const account = await users.get({ userId: student.userId });
    await users.updateLabels({ userId: student.userId, labels: account.labels.filter((label) => label !== 'demo') });
    const applied = new Set(
      (await new AdminTables(adminClient(backend)).listRows({ databaseId: DB, tableId: 'applications', queries: [Query.limit(100)] })).rows.map(
        (row) => row.jobId,
      ),
    );
    const posting = (await jobsSeenBy(teacher)).find((job) => job.visible && !job.imageFileId && !job.assignedStudentEmail && !applied.has(job.$id));
    expect((await command(teacher, 'DELETE', `/jobs/${posting!.$id}`)).status).toBe(200);
    const like = (await student.tablesDB.listRows({ databaseId: DB, tableId: 'post_likes', queries: [Query.equal('userId', student.userId), Query.limit(1)] }))
      .rows[0];
    expect((await command(student, 'POST', `/posts/${String(like!.postId)}/like`)).data).toMatchObject({ liked: false });
    expect((await readDemoSeed(connection())).status).toBe('incomplete');

    const finished = await seedDemo(connection());
    expect(finished).toEqual({ status: 'seeded', accounts: seeded.accounts });
    expect(await counts()).toEqual(before);
    const again = (await jobsSeenBy(teacher)).find((job) => job.title === posting!.title);
    expect(again?.viewCount).toBe(posting!.viewCount);
    const post = await student.tablesDB.getRow({ databaseId: DB, tableId: 'posts', rowId: String(like!.postId) });
    const likes = await student.tablesDB.listRows({ databaseId: DB, tableId: 'post_likes', queries: [Query.equal('postId', post.$id), Query.limit(1)] });
    expect(post.likeCount).toBe(likes.total);
    expect((await readDemoSeed(connection())).status).toBe('seeded');
  });
});
