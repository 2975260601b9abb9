import { ID, Query, TablesDB as AdminTables } from 'node-appwrite';
import type { ApprovalStatus } from '@opportunity-kit/sdk/domain';
import { alertsSettled } from './alerts.ts';
import { adminClient, type TestBackend } from './backend.ts';
import { buildApprovals, type ApprovalFacts } from './permission-approvals.ts';
import { buildHiddenPost, buildPost, hideThroughReport } from './permission-feed.ts';
import { command, PDF, PNG, upload, type CommandAnswer } from './portal.ts';
import { anApplication, aPosting } from './postings.ts';
import { memberOf, MEMBERS, ROLE_OF, type Actor, type Actors, type Principal } from './principals.ts';

/**
 * What the permission matrix is about, declared once as facts (who created what, what is private,
 * what is attached to what), and built the way users build it: uploads through the web SDK and
 * every business write through the `commands` function, each by the principal the facts name.
 */

export type Table =
  | 'jobs'
  | 'job_assignments'
  | 'applications'
  | 'profiles'
  | 'posts'
  | 'comments'
  | 'post_likes'
  | 'newsletter'
  | 'service_hours'
  | 'hours_confirmations'
  | 'hours_days'
  | 'hours_mail_counts'
  | 'student_records'
  | 'hours_parent_links'
  | 'board_rules'
  | 'board_rule_changes'
  | 'saved_postings'
  | 'alerts'
  | 'alert_keys'
  | 'notifications'
  | 'digest_subscriptions'
  | 'digest_runs'
  | 'reports'
  | 'moderation_audit'
  | 'recruiter_approvals';
export type Bucket = 'job-images' | 'post-images' | 'profile-photos' | 'resumes' | 'interview-recordings' | 'uploads';
export const TABLES: readonly Table[] = [
  'jobs',
  'job_assignments',
  'applications',
  'profiles',
  'posts',
  'comments',
  'post_likes',
  'newsletter',
  'service_hours',
  'hours_confirmations',
  'hours_days',
  'hours_mail_counts',
  'student_records',
  'hours_parent_links',
  'board_rules',
  'board_rule_changes',
  'saved_postings',
  'alerts',
  'alert_keys',
  'notifications',
  'digest_subscriptions',
  'digest_runs',
  'reports',
  'moderation_audit',
  'recruiter_approvals',
];
export const BUCKETS: readonly Bucket[] = ['job-images', 'post-images', 'profile-photos', 'resumes', 'interview-recordings', 'uploads'];

export type RowFacts =
  | { table: 'jobs'; creator: Principal; visible: boolean; assigned?: Principal }
  /** Who a posting is assigned to; its row id is the posting's. */
  | { table: 'job_assignments'; job: string; student: Principal }
  | { table: 'applications'; applicant: Principal; job: string }
  | { table: 'profiles'; owner: Principal; isPublic: boolean }
  /** A post; `hidden` when a teacher hid it after a report (`hidingReport`). */
  | { table: 'posts'; author: Principal; hidden?: boolean }
  | { table: 'comments'; author: Principal; post: string }
  | { table: 'post_likes'; user: Principal; post: string }
  | { table: 'newsletter'; signedUpBy: Principal }
  /** A student's community involvement hours, pending (so its student may still edit or withdraw it). */
  | { table: 'service_hours'; student: Principal }
  /** Saved postings, saved searches and notifications (issue 17): each a student's own. */
  | { table: 'saved_postings'; student: Principal; job: string }
  | { table: 'alerts'; student: Principal }
  | { table: 'notifications'; student: Principal; job: string }
  /** A report of a post or comment (issue 15), and a teacher's decision kept in the audit. */
  | { table: 'reports'; reporter: Principal; target: string; decision?: 'dismiss' | 'hide' }
  | { table: 'moderation_audit'; teacher: Principal; report: string }
  /** A recruiter's employer approval (issue 15), one per recruiter account. */
  | { table: 'recruiter_approvals'; recruiter: Principal; status: ApprovalStatus };

/**
 * A file and what it was attached to (a row name), which decides who else may read it. An upload no
 * command attached stays in `uploads`; `content` says what it holds.
 */
export interface FileFacts {
  bucket: Bucket;
  owner: Principal;
  attachedTo?: string;
  content?: Bucket;
}

const PRIVATE_PROFILES: readonly Principal[] = ['studentB', 'recruiterB'];
const profileName = (owner: Principal): string => `profile of ${owner}`;

export const ROWS: Readonly<Record<string, RowFacts>> = {
  publicJob: { table: 'jobs', creator: 'recruiterA', visible: true },
  privateJob: { table: 'jobs', creator: 'teacherA', visible: false },
  assignedJob: { table: 'jobs', creator: 'teacherA', visible: false, assigned: 'studentA' },
  // Public, so that every principal reads the posting, and only some of them who it is assigned to.
  assignedPublicJob: { table: 'jobs', creator: 'recruiterA', visible: true, assigned: 'studentA' },
  assignment: { table: 'job_assignments', job: 'assignedJob', student: 'studentA' },
  publicAssignment: { table: 'job_assignments', job: 'assignedPublicJob', student: 'studentA' },
  applicationA: { table: 'applications', applicant: 'studentA', job: 'publicJob' },
  applicationB: { table: 'applications', applicant: 'studentB', job: 'publicJob' },
  ...Object.fromEntries(MEMBERS.map((owner) => [profileName(owner), { table: 'profiles', owner, isPublic: !PRIVATE_PROFILES.includes(owner) }])),
  // The feed is its school's (issue 23): each post's comment, like and reports come from the author's school
  // (teacherA is studentA's, teacherB studentB's, once the principals belong to two schools).
  post: { table: 'posts', author: 'studentA' },
  comment: { table: 'comments', author: 'teacherA', post: 'post' },
  like: { table: 'post_likes', user: 'teacherA', post: 'post' },
  // StudentB's post that TeacherB hid after reporting it, with TeacherB's comment (issue 21).
  hiddenPost: { table: 'posts', author: 'studentB', hidden: true },
  hiddenPostComment: { table: 'comments', author: 'teacherB', post: 'hiddenPost' },
  guestSignup: { table: 'newsletter', signedUpBy: 'guest' },
  studentSignup: { table: 'newsletter', signedUpBy: 'studentA' },
  hoursA: { table: 'service_hours', student: 'studentA' },
  hoursB: { table: 'service_hours', student: 'studentB' },
  savedA: { table: 'saved_postings', student: 'studentA', job: 'publicJob' },
  alertB: { table: 'alerts', student: 'studentB' },
  // StudentA's saved search matched the three postings StudentA may read when they were made.
  noticePublicJob: { table: 'notifications', student: 'studentA', job: 'publicJob' },
  noticeAssignedJob: { table: 'notifications', student: 'studentA', job: 'assignedJob' },
  noticeAssignedPublicJob: { table: 'notifications', student: 'studentA', job: 'assignedPublicJob' },
  // TeacherA's report of the post waits in the queue; StudentA's report of the comment was dismissed by TeacherA.
  openReport: { table: 'reports', reporter: 'teacherA', target: 'post' },
  dismissedReport: { table: 'reports', reporter: 'studentA', target: 'comment', decision: 'dismiss' },
  dismissal: { table: 'moderation_audit', teacher: 'teacherA', report: 'dismissedReport' },
  hidingReport: { table: 'reports', reporter: 'teacherB', target: 'hiddenPost', decision: 'hide' },
  hiding: { table: 'moderation_audit', teacher: 'teacherB', report: 'hidingReport' },
  // RecruiterA was approved by a teacher; RecruiterB still waits.
  approvalA: { table: 'recruiter_approvals', recruiter: 'recruiterA', status: 'approved' },
  approvalB: { table: 'recruiter_approvals', recruiter: 'recruiterB', status: 'pending' },
};

export const FILES: Readonly<Record<string, FileFacts>> = {
  publicJobImage: { bucket: 'job-images', owner: 'recruiterA', attachedTo: 'publicJob' },
  privateJobImage: { bucket: 'job-images', owner: 'teacherA', attachedTo: 'privateJob' },
  assignedJobImage: { bucket: 'job-images', owner: 'teacherA', attachedTo: 'assignedJob' },
  assignedPublicJobImage: { bucket: 'job-images', owner: 'recruiterA', attachedTo: 'assignedPublicJob' },
  postImage: { bucket: 'post-images', owner: 'studentA', attachedTo: 'post' },
  hiddenPostImage: { bucket: 'post-images', owner: 'studentB', attachedTo: 'hiddenPost' },
  photoOfStudentA: { bucket: 'profile-photos', owner: 'studentA', attachedTo: profileName('studentA') },
  photoOfStudentB: { bucket: 'profile-photos', owner: 'studentB', attachedTo: profileName('studentB') },
  resumeA: { bucket: 'resumes', owner: 'studentA', attachedTo: 'applicationA' },
  resumeB: { bucket: 'resumes', owner: 'studentB', attachedTo: 'applicationB' },
  // Uploads no command attached (yet): in `uploads`, which nobody reads.
  resumeDraft: { bucket: 'uploads', owner: 'studentA', content: 'resumes' },
  recording: { bucket: 'uploads', owner: 'studentA', content: 'interview-recordings' },
};

/** Bytes of a file in each bucket (an upload must pass the bucket's extension list). */
const RECORDING = Buffer.from('1A45DFA3 not really a webm, but a webm name', 'utf8');
export const CONTENT: Readonly<Record<Bucket, { name: string; bytes: Buffer }>> = {
  'job-images': { name: 'job.png', bytes: PNG },
  'post-images': { name: 'post.png', bytes: PNG },
  'profile-photos': { name: 'me.png', bytes: PNG },
  resumes: { name: 'resume.pdf', bytes: PDF },
  'interview-recordings': { name: 'session.webm', bytes: RECORDING },
  uploads: { name: 'upload.png', bytes: PNG },
};

export interface World {
  backend: TestBackend;
  actors: Actors;
  /** Row and file ids by name (the names of ROWS and FILES). */
  rows: Record<string, string>;
  files: Record<string, string>;
}

/** The answer's data, or an error naming the setup step that a command refused. */
export function succeeded<T>(step: string, answer: CommandAnswer<T>): T {
  if (answer.status !== 200 || !answer.data) throw new Error(`setup: ${step} answered ${answer.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/** Uploads what a file of `content`'s bucket holds, into `uploads` as the portal does; a command then moves it. */
export function uploadAs(actor: Actor, content: Bucket): Promise<string> {
  return upload(actor, CONTENT[content].name, CONTENT[content].bytes);
}

/** A posting with its image, built as its creator (and, for an assignment, the creator teacher or else teacherA) would. */
export async function buildJob(actors: Actors, facts: Extract<RowFacts, { table: 'jobs' }>, title = 'Matrix posting'): Promise<{ job: string; image: string }> {
  const creator = actors[facts.creator];
  const image = await uploadAs(creator, 'job-images');
  const job = succeeded(
    'create posting',
    await command<{ id: string }>(creator, 'POST', '/jobs', aPosting({ title, visible: facts.visible, imageFileId: image })),
  );
  if (facts.assigned) {
    const studentEmail = memberOf(actors, facts.assigned).email;
    const teacher = ROLE_OF[facts.creator] === 'teacher' ? creator : actors.teacherA;
    succeeded('assign student', await command(teacher, 'PUT', `/jobs/${job.id}/assignment`, { studentEmail }));
  }
  return { job: job.id, image };
}

/** An application with its resume, as the applicant submits it. */
export async function buildApplication(actors: Actors, applicant: Principal, jobId: string): Promise<{ application: string; resume: string }> {
  const actor = actors[applicant];
  const resume = await uploadAs(actor, 'resumes');
  const application = succeeded('apply', await command<{ id: string }>(actor, 'POST', '/applications', anApplication(jobId, resume)));
  return { application: application.id, resume };
}

let supervisors = 0;

/** A pending entry of community involvement hours, logged by its student (its supervisor is mailed, and never answers here). */
export async function buildHours(actors: Actors, student: Principal): Promise<string> {
  const date = new Date(Date.now() - (10 + (supervisors % 300)) * 86_400_000).toISOString().slice(0, 10);
  const entry = {
    organisation: 'Matrix Food Bank',
    activity: 'Sorted donations',
    date,
    hours: 1,
    supervisorName: 'Matrix Supervisor',
    supervisorEmail: `supervisor${++supervisors}.${Date.now().toString(36)}@foodbank.example`,
  };
  return succeeded('log hours', await command<{ id: string }>(actors[student], 'POST', '/hours', entry)).id;
}

/** A profile photo, uploaded and saved on the owner's profile (visibility stays as saved). */
export async function buildPhoto(actors: Actors, owner: Principal, extra: Record<string, unknown> = {}): Promise<string> {
  const photo = await uploadAs(actors[owner], 'profile-photos');
  succeeded('save profile', await command(actors[owner], 'PUT', '/profile', { photoFileId: photo, ...extra }));
  return photo;
}

/** A saved search nobody's posting matches, as StudentB saves it. */
export async function buildAlert(actors: Actors): Promise<string> {
  return succeeded('save a search', await command<{ id: string }>(actors.studentB, 'POST', '/alerts', { search: 'nomatrixmatch' })).id;
}

/**
 * StudentA's saved search, made before the postings so that the `alerts` function notifies StudentA
 * of each posting they may read; deleted once the three notifications are there, so no later posting
 * of the matrix adds one.
 */
async function withMatrixAlert<T>(actors: Actors, build: () => Promise<T>): Promise<{ built: T; notices: Record<string, string> }> {
  const alert = succeeded('save a search', await command<{ id: string }>(actors.studentA, 'POST', '/alerts', { search: 'matrix' }));
  const built = await build();
  const notices: Array<{ $id: string; jobId?: unknown }> = [];
  for (const deadline = Date.now() + 20_000; notices.length < 3 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const listed = await actors.studentA.tablesDB.listRows({ databaseId: 'portal', tableId: 'notifications', queries: [Query.equal('kind', 'alert-match')] });
    notices.splice(0, notices.length, ...listed.rows);
  }
  succeeded('delete the search', await command(actors.studentA, 'DELETE', `/alerts/${alert.id}`));
  return { built, notices: Object.fromEntries(notices.map((row) => [String(row.jobId), row.$id])) };
}

export async function buildWorld(backend: TestBackend, actors: Actors): Promise<World> {
  const { built, notices } = await withMatrixAlert(actors, () => buildRows(backend, actors));
  await onlyFixtureNotices(backend, Object.values(notices));
  const saved = succeeded('save a posting', await command<{ jobId: string }>(actors.studentA, 'PUT', `/saved/${built.rows.publicJob}`));
  const savedRows = await actors.studentA.tablesDB.listRows({ databaseId: 'portal', tableId: 'saved_postings', queries: [Query.equal('jobId', saved.jobId)] });
  const rows = {
    ...built.rows,
    savedA: savedRows.rows[0]?.$id ?? '',
    alertB: await buildAlert(actors),
    noticePublicJob: notices[built.rows.publicJob as string] ?? '',
    noticeAssignedJob: notices[built.rows.assignedJob as string] ?? '',
    noticeAssignedPublicJob: notices[built.rows.assignedPublicJob as string] ?? '',
    ...(await buildReports(actors, built.rows)),
    ...(await buildApprovals(backend, actors, approvalFacts())),
  };
  return { ...built, rows };
}

/**
 * The matrix's notifications are the three of StudentA's saved search. The fixture's own assignments
 * and applications also make the `alerts` function tell their student and employer (issue 24); those
 * rows are removed once every run has finished, so each listing is checked against exact rows.
 */
async function onlyFixtureNotices(backend: TestBackend, kept: readonly string[]): Promise<void> {
  await alertsSettled(backend);
  const tables = new AdminTables(adminClient(backend));
  const { rows } = await tables.listRows({ databaseId: 'portal', tableId: 'notifications', queries: [Query.limit(1000)] });
  for (const row of rows) if (!kept.includes(row.$id)) await tables.deleteRow({ databaseId: 'portal', tableId: 'notifications', rowId: row.$id });
}

const approvalFacts = (): Record<string, ApprovalFacts> =>
  Object.fromEntries(Object.entries(ROWS).flatMap(([name, facts]) => (facts.table === 'recruiter_approvals' ? [[name, facts]] : [])));

/** The reports and the audit entry of the facts, made through the commands by the principals they name. */
async function buildReports(actors: Actors, rows: Record<string, string>): Promise<Record<string, string>> {
  const report = async (name: string) => {
    const facts = ROWS[name] as Extract<RowFacts, { table: 'reports' }>;
    const kind = ROWS[facts.target]?.table === 'comments' ? 'comment' : 'post';
    const body = { kind, id: rows[facts.target], reason: 'Matrix report' };
    return succeeded(`report ${name}`, await command<{ id: string }>(actors[facts.reporter], 'POST', '/reports', body)).id;
  };
  const [openReport, dismissedReport] = await Promise.all([report('openReport'), report('dismissedReport')]);
  const audit = ROWS.dismissal as Extract<RowFacts, { table: 'moderation_audit' }>;
  const teacher = actors[audit.teacher];
  succeeded('dismiss a report', await command(teacher, 'POST', `/reports/${dismissedReport}/decision`, { decision: 'dismiss' }));
  const entries = await teacher.tablesDB.listRows({ databaseId: 'portal', tableId: 'moderation_audit', queries: [Query.equal('reportId', dismissedReport)] });
  const hidden = await hideThroughReport(actors, rows.hiddenPost as string);
  return { openReport, dismissedReport, dismissal: entries.rows[0]?.$id ?? '', hidingReport: hidden.report, hiding: hidden.audit };
}

async function buildRows(backend: TestBackend, actors: Actors): Promise<World> {
  const jobs = async (name: string) => buildJob(actors, ROWS[name] as Extract<RowFacts, { table: 'jobs' }>);
  const [publicJob, privateJob, assignedJob, assignedPublicJob, post, hiddenPost, photoOfStudentA, photoOfStudentB, resumeDraft, recording] = await Promise.all(
    [
      jobs('publicJob'),
      jobs('privateJob'),
      jobs('assignedJob'),
      jobs('assignedPublicJob'),
      buildPost(actors),
      // Hidden once the reports are made (`buildReports`).
      buildPost(actors, 'hiddenPost'),
      buildPhoto(actors, 'studentA', { isPublic: true }),
      buildPhoto(actors, 'studentB', { isPublic: false }),
      uploadAs(actors.studentA, 'resumes'),
      uploadAs(actors.studentA, 'interview-recordings'),
      command(actors.recruiterB, 'PUT', '/profile', { isPublic: false }).then((answer) => succeeded('private profile', answer)),
    ],
  );
  const [applicationA, applicationB] = await Promise.all([
    buildApplication(actors, 'studentA', publicJob.job),
    buildApplication(actors, 'studentB', publicJob.job),
  ]);
  const signups = await newsletterSignups(backend, actors);
  const [hoursA, hoursB] = await Promise.all([buildHours(actors, 'studentA'), buildHours(actors, 'studentB')]);

  return {
    backend,
    actors,
    rows: {
      publicJob: publicJob.job,
      privateJob: privateJob.job,
      assignedJob: assignedJob.job,
      assignedPublicJob: assignedPublicJob.job,
      // An assignment's row id is its posting's.
      assignment: assignedJob.job,
      publicAssignment: assignedPublicJob.job,
      applicationA: applicationA.application,
      applicationB: applicationB.application,
      ...Object.fromEntries(MEMBERS.map((owner) => [profileName(owner), memberOf(actors, owner).userId])),
      post: post.post,
      comment: post.comment,
      like: post.like ?? '',
      hiddenPost: hiddenPost.post,
      hiddenPostComment: hiddenPost.comment,
      ...signups,
      hoursA,
      hoursB,
    },
    files: {
      publicJobImage: publicJob.image,
      privateJobImage: privateJob.image,
      assignedJobImage: assignedJob.image,
      assignedPublicJobImage: assignedPublicJob.image,
      postImage: post.image,
      hiddenPostImage: hiddenPost.image,
      photoOfStudentA,
      photoOfStudentB,
      resumeA: applicationA.resume,
      resumeB: applicationB.resume,
      resumeDraft,
      recording,
    },
  };
}

/**
 * The two newsletter sign-ups, made through the command (a guest's and a student's). Nobody may
 * read the newsletter table, so the API key is used only to learn the ids of the rows just made.
 */
async function newsletterSignups(backend: TestBackend, actors: Actors): Promise<Record<string, string>> {
  const addresses: Record<string, string> = {
    guestSignup: `parent.${Date.now().toString(36)}@home.example`,
    studentSignup: memberOf(actors, 'studentA').email,
  };
  const ids: Record<string, string> = {};
  const tables = new AdminTables(adminClient(backend));
  for (const [name, email] of Object.entries(addresses)) {
    const facts = ROWS[name] as Extract<RowFacts, { table: 'newsletter' }>;
    succeeded('newsletter', await command(actors[facts.signedUpBy], 'POST', '/newsletter', { email }));
    const found = await tables.listRows({ databaseId: 'portal', tableId: 'newsletter', queries: [Query.equal('email', email)] });
    ids[name] = found.rows[0]?.$id ?? '';
  }
  return ids;
}

/** A new posting, application, post, comment or file with the same facts as `name`, for a case that changes or deletes it. */
export interface Throwaway {
  id: string;
  /** The posting's image, the post's image: what a command takes away with it. */
  image?: string;
}

export async function throwaway(world: World, kind: 'row' | 'file', name: string): Promise<Throwaway> {
  const { actors } = world;
  const jobFacts = (jobName: string) => ROWS[jobName] as Extract<RowFacts, { table: 'jobs' }>;
  const freshApplication = async (applicationName: string) => {
    const facts = ROWS[applicationName] as Extract<RowFacts, { table: 'applications' }>;
    // Applying twice to one posting is refused, so a new application needs a new posting like its own.
    const { job } = await buildJob(actors, jobFacts(facts.job));
    return buildApplication(actors, facts.applicant, job);
  };
  if (kind === 'row') {
    const facts = ROWS[name];
    switch (facts?.table) {
      case 'jobs': {
        const { job, image } = await buildJob(actors, facts);
        return { id: job, image };
      }
      case 'applications':
        return { id: (await freshApplication(name)).application };
      case 'posts': {
        const { post, image } = facts.hidden ? await buildHiddenPost(actors, name) : await buildPost(actors);
        return { id: post, image };
      }
      case 'comments':
        return { id: isHidden(facts.post) ? (await buildHiddenPost(actors, facts.post)).comment : (await buildPost(actors)).comment };
      case 'service_hours':
        return { id: await buildHours(actors, facts.student) };
      case 'alerts':
        return { id: await buildAlert(actors) };
      case 'notifications':
        return { id: await standInNotification(world, facts.student) };
      // One report per member and target, so a fresh report needs a fresh post to report.
      case 'reports': {
        const { post } = await buildPost(actors);
        const body = { kind: 'post', id: post, reason: 'Matrix report' };
        return { id: succeeded('report a fresh post', await command<{ id: string }>(actors[facts.reporter], 'POST', '/reports', body)).id };
      }
      default:
        throw new Error(`no throwaway copy of row ${name}: no principal may change it`);
    }
  }
  const facts = FILES[name];
  if (!facts) throw new Error(`unknown file ${name}`);
  const attached = facts.attachedTo ? ROWS[facts.attachedTo] : undefined;
  switch (attached?.table) {
    case 'jobs':
      return { id: (await buildJob(actors, attached)).image };
    case 'posts':
      return { id: (attached.hidden ? await buildHiddenPost(actors, facts.attachedTo as string) : await buildPost(actors)).image };
    case 'profiles':
      return { id: await buildPhoto(actors, facts.owner) };
    case 'applications':
      return { id: (await freshApplication(facts.attachedTo as string)).resume };
    default:
      return { id: await uploadAs(actors[facts.owner], facts.content ?? facts.bucket) };
  }
}

/** True for a post a teacher hid in the fixture. */
export function isHidden(postName: string): boolean {
  const facts = ROWS[postName];
  return facts?.table === 'posts' && facts.hidden === true;
}

/**
 * A notification like the `alerts` function writes, made with the API key (the function writes them
 * asynchronously from events, which a throwaway copy cannot wait on): a case that marks it read
 * changes this copy, never the fixture's.
 */
async function standInNotification(world: World, student: Principal): Promise<string> {
  const studentId = memberOf(world.actors, student).userId;
  const row = await new AdminTables(adminClient(world.backend)).createRow({
    databaseId: 'portal',
    tableId: 'notifications',
    rowId: ID.unique(),
    data: { studentId, kind: 'alert-match', message: 'Matrix notice', jobId: world.rows.publicJob as string, jobTitle: 'Matrix posting', readAt: null },
    permissions: [`read("user:${studentId}")`],
  });
  return row.$id;
}
