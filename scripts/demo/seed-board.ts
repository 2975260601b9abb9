import { Functions, Query, TablesDB, type Models } from 'node-appwrite';
import { todayDateString, type PostingState } from '@opportunity-kit/sdk/domain';
import type { DemoApplication, DemoDates, DemoPosting } from './demo-data.ts';
import { runCommand } from './demo-commands.ts';
import { adminClient, guestClient, uploadAs, type Connection } from './demo-members.ts';
import { avatar, banner } from './images/banners.ts';
import { resumePdf } from './resume-pdf.ts';
import { allRows, grouped, idsOf, memberOf, take, type Members } from './seed-progress.ts';

/**
 * The board's part of the seed, each step a series of commands run as the person who would do it
 * in the portal: members fill in profiles, posters post, the teacher assigns, students open cards
 * and apply, posters decide. Every step skips what an interrupted earlier run already did.
 */

/** A posting as the later steps need it. */
export interface SeededJob {
  id: string;
  viewCount: number;
  assignedStudentId: string | null;
  state: PostingState;
}

type JobRow = Models.Row & { creatorId: string; title: string; viewCount: number; closedAs: PostingState | null };
type JobAssignmentRow = Models.Row & { studentId: string };
type ApplicationRow = Models.Row & { jobId: string; applicantId: string; status: string };
type ProfileRow = Models.Row & { bio: string | null; photoFileId: string | null };

/** Runs `work` on every item, at most `limit` at a time (the backend runs commands in-process). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function fillProfiles(connection: Connection, members: Members): Promise<void> {
  const tables = new TablesDB(adminClient(connection));
  await eachLimited([...members.values()], 4, async (member) => {
    const profile = member.person.profile;
    if (!profile) return;
    const saved = await tables.getRow<ProfileRow>({ databaseId: 'portal', tableId: 'profiles', rowId: member.userId });
    if (saved.bio === profile.bio && (!profile.photo || saved.photoFileId)) return;
    const initials = member.person.name
      .replace(/^(Ms|Mr|Mrs|Dr)\.\s+/, '')
      .split(/\s+/)
      .map((word) => word[0])
      .join('');
    const photoFileId = profile.photo ? await uploadAs(member, 'photo.png', avatar({ initials, palette: profile.photo })) : null;
    await runCommand(member.functions, 'PUT', '/profile', {
      name: member.person.name,
      school: profile.school ?? null,
      interests: profile.interests ?? null,
      bio: profile.bio,
      location: profile.location ?? null,
      isPublic: profile.isPublic,
      photoFileId,
    });
  });
}

/** Posts every opportunity as its poster (uploading its banner first) and answers the jobs by key. */
export async function postOpportunities(
  connection: Connection,
  members: Members,
  postings: readonly DemoPosting[],
  now: Date,
): Promise<Map<string, SeededJob>> {
  const existing = grouped(await allRows<JobRow>(connection, 'jobs', [Query.equal('creatorId', idsOf(members))]), (row) => `${row.creatorId}\n${row.title}`);
  const assignees = new Map((await allRows<JobAssignmentRow>(connection, 'job_assignments', [])).map((row) => [row.$id, row.studentId]));
  const jobs = new Map<string, SeededJob>();
  await eachLimited(postings, 4, async (posting) => {
    const poster = memberOf(members, posting.by);
    const found = take(existing, `${poster.userId}\n${posting.title}`);
    if (found) {
      jobs.set(posting.key, {
        id: found.$id,
        viewCount: Number(found.viewCount),
        assignedStudentId: assignees.get(found.$id) ?? null,
        state: found.closedAs ?? 'open',
      });
      return;
    }
    const imageFileId = posting.image
      ? await uploadAs(
          poster,
          `${posting.key}.png`,
          banner({ headline: posting.title, caption: `${posting.company} - ${posting.location}`, palette: posting.image }),
        )
      : null;
    const job = await runCommand<SeededJob>(poster.functions, 'POST', '/jobs', {
      ...demoPostingBody(posting, now),
      contactEmail: posting.contactEmail ?? poster.email,
      imageFileId,
    });
    jobs.set(posting.key, job);
  });
  return jobs;
}

/** The body of `POST /jobs` the seed sends for a demo posting (its dates counted from `now`), less its poster's parts. */
export function demoPostingBody(posting: DemoPosting, now: Date) {
  return {
    postingType: posting.postingType,
    title: posting.title,
    company: posting.company,
    description: posting.description,
    cluster: posting.cluster ?? null,
    location: posting.location,
    streetAddress: posting.streetAddress ?? null,
    postalCode: posting.postalCode ?? null,
    employmentType: posting.employmentType ?? null,
    contactEmail: posting.contactEmail ?? null,
    companyWebsite: posting.companyWebsite ?? null,
    hourlyRate: posting.hourlyRate ?? null,
    ...datesFrom(posting.dates, now),
    visible: posting.visible ?? true,
    ...posting.rules,
  };
}

function datesFrom(dates: DemoDates | undefined, now: Date): { startDate: string | null; endDate: string | null; applicationDeadline: string | null } {
  const day = (offset: number | undefined) =>
    offset === undefined ? null : todayDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
  return { startDate: day(dates?.start), endDate: day(dates?.end), applicationDeadline: day(dates?.deadline) };
}

/** A teacher assigns the students the data names (the poster when a teacher, else the primary teacher, of the students' school). */
export async function assignStudents(members: Members, postings: readonly DemoPosting[], jobs: ReadonlyMap<string, SeededJob>): Promise<void> {
  const anyTeacher = [...members.values()].find((member) => member.person.role === 'teacher' && member.person.primary);
  for (const posting of postings) {
    if (!posting.assignTo) continue;
    const student = memberOf(members, posting.assignTo);
    const job = jobOf(jobs, posting.key);
    if (job.assignedStudentId === student.userId) continue;
    const poster = memberOf(members, posting.by);
    const teacher = poster.person.role === 'teacher' ? poster : anyTeacher;
    if (!teacher) throw new Error('Assigning a student needs a teacher among the demo people.');
    await runCommand(teacher.functions, 'PUT', `/jobs/${job.id}/assignment`, { studentEmail: student.email });
  }
}

/**
 * Opens cards until each posting has its views: each view is recorded by a different person who can
 * read the posting (a viewer counts once), a visitor and the students for a public posting, the teacher
 * and the assigned student for a private one; a posting wants no more views than it has such readers.
 * Answers how many views it recorded.
 */
export async function recordViews(
  connection: Connection,
  members: Members,
  postings: readonly DemoPosting[],
  jobs: ReadonlyMap<string, SeededJob>,
): Promise<number> {
  const students = [...members.values()].filter((member) => member.person.role === 'student');
  const visitor = new Functions(guestClient(connection));
  const views: Array<{ jobId: string; as: Functions }> = [];
  for (const posting of postings) {
    const job = jobOf(jobs, posting.key);
    const readers =
      posting.visible === false
        ? [memberOf(members, posting.by).functions, ...(posting.assignTo ? [memberOf(members, posting.assignTo).functions] : [])]
        : [visitor, ...students.map((student) => student.functions)];
    const wanted = Math.min(posting.views ?? 0, readers.length);
    for (let index = job.viewCount; index < wanted; index++) views.push({ jobId: job.id, as: readers[index] as Functions });
  }
  await eachLimited(views, 6, async (view) => {
    await runCommand(view.as, 'POST', `/jobs/${view.jobId}/views`);
  });
  return views.length;
}

/** Students apply with their own PDF resume; the poster then decides where the data says so. */
export async function applyAndDecide(
  connection: Connection,
  members: Members,
  postings: readonly DemoPosting[],
  applications: readonly DemoApplication[],
  jobs: ReadonlyMap<string, SeededJob>,
): Promise<void> {
  const existing = grouped(
    await allRows<ApplicationRow>(connection, 'applications', [Query.equal('applicantId', idsOf(members))]),
    (row) => `${row.jobId}\n${row.applicantId}`,
  );
  await eachLimited(applications, 3, async (application) => {
    const applicant = memberOf(members, application.applicant);
    const job = jobOf(jobs, application.posting);
    let submitted = take(existing, `${job.id}\n${applicant.userId}`) as { $id: string; status: string } | undefined;
    if (!submitted) {
      const { person } = applicant;
      if (!person.resume) throw new Error(`${person.name} applies but has no resume in the demo data.`);
      const pdf = resumePdf({ name: person.name, email: applicant.email, ...person.resume });
      const resumeFileId = await uploadAs(applicant, `${person.name.replace(/[^A-Za-z]+/g, '-')}-Resume.pdf`, pdf);
      const created = await runCommand<{ id: string }>(applicant.functions, 'POST', '/applications', {
        jobId: job.id,
        relevantExperiences: application.relevantExperiences,
        interestInRole: application.interestInRole,
        careerGoals: application.careerGoals,
        resumeFileId,
      });
      submitted = { $id: created.id, status: 'pending' };
    }
    if (application.status === 'pending' || submitted.status === application.status) return;
    const poster = memberOf(members, postings.find((posting) => posting.key === application.posting)?.by ?? '');
    await runCommand(poster.functions, 'PUT', `/applications/${submitted.$id}/status`, { status: application.status });
  });
}

/** Posters close (or mark filled) the postings the data says, once their applications are in: those stay as history. */
export async function closePostings(members: Members, postings: readonly DemoPosting[], jobs: ReadonlyMap<string, SeededJob>): Promise<number> {
  let closed = 0;
  for (const posting of postings) {
    if (!posting.closeAs) continue;
    closed += 1;
    const job = jobOf(jobs, posting.key);
    if (job.state === posting.closeAs) continue;
    await runCommand(memberOf(members, posting.by).functions, 'PUT', `/jobs/${job.id}/state`, { state: posting.closeAs });
  }
  return closed;
}

function jobOf(jobs: ReadonlyMap<string, SeededJob>, key: string): SeededJob {
  const job = jobs.get(key);
  if (!job) throw new Error(`The demo data refers to the posting "${key}", which it does not define.`);
  return job;
}
