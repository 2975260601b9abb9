/**
 * A board-sized data set (issue 27): 50,000 students in 40 schools, 2,000 staff, 1,500 employers,
 * 5,000 postings, 200,000 applications, 100,000 saved searches, 1,000,000 notifications and 300,000
 * hours entries, written with the API key as the product's functions write them: the same row ids,
 * columns and permissions (`profilePermissions`, `postingPermissions`, the saved-search index...). The
 * accounts come through the Users and Teams APIs; the rows in bulk (`upsertRows`), so a run that was
 * stopped picks up where it was and writing a row twice changes nothing.
 */
import { createHash } from 'node:crypto';
import { Client, Teams, TablesDB, Users } from 'node-appwrite';
import {
  buildSearchText,
  CLUSTERS,
  DATABASE_ID,
  DEFAULT_BOARD_RULES,
  LOCATIONS,
  membershipRoles,
  POSTING_TYPES,
  TABLES,
  todayDateString,
  type AlertCriteria,
  type ApplicationColumns,
  type JobColumns,
  type NotificationColumns,
  type NotificationKind,
  type ProfileColumns,
  type ServiceHoursColumns,
  type StaffRole,
} from '@opportunity-kit/sdk/domain';
import { checkedPosting } from '../../packages/functions/src/commands/posting-input.ts';
import { ALERT_KEYS_VERSION, alertKeyRows } from '../../packages/functions/src/portal/alert-keys.ts';
import { derivedRowId, studentOnlyPermissions } from '../../packages/functions/src/portal/alert-rows.ts';
import { newProfileColumns } from '../../packages/functions/src/portal/member-role.ts';
import { applicationPermissions, postingPermissions, profilePermissions, serviceHoursPermissions } from '../../packages/functions/src/portal/permissions.ts';
import { DEMO_POSTINGS } from '../../scripts/demo/demo-postings.ts';

export interface BoardScale {
  schools: number;
  students: number;
  staff: number;
  employers: number;
  postings: number;
  applications: number;
  savedSearches: number;
  notifications: number;
  hours: number;
}

/** The board of issue 27. */
export const BOARD: BoardScale = {
  schools: 40,
  students: 50_000,
  staff: 2_000,
  employers: 1_500,
  postings: 5_000,
  applications: 200_000,
  savedSearches: 100_000,
  notifications: 1_000_000,
  hours: 300_000,
};

/** The same board shrunk by `factor` (at least one school and one of each), for a quick look. */
export function scaledBoard(factor: number): BoardScale {
  const scaled = Object.fromEntries(Object.entries(BOARD).map(([key, value]) => [key, Math.max(1, Math.round(value * factor))]));
  return { ...(scaled as unknown as BoardScale), schools: Math.max(2, Math.round(BOARD.schools * Math.min(1, factor * 4))) };
}

export interface BoardConnection {
  endpoint: string;
  projectId: string;
  apiKey: string;
  schoolDomain: string;
}

/** Every account of the data set signs in with this password. */
export const BOARD_PASSWORD = 'Board-bench-2026';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
export const schoolIdOf = (school: number): string => `school-board-${pad(school, 2)}`;
export const studentIdOf = (n: number): string => `bs${pad(n, 6)}`;
export const staffIdOf = (n: number): string => `bt${pad(n, 5)}`;
export const employerIdOf = (n: number): string => `be${pad(n, 5)}`;
export const jobIdOf = (n: number): string => `bj${pad(n, 5)}`;
/** The students of the first school: 2,000 on the full board, the size of the school whose hours review is measured. */
export const bigSchoolStudents = (scale: BoardScale): number => Math.round(scale.students * 0.04);
/** The school of student n: the first 4% in the first school, the others spread over the rest. */
export function studentSchoolOf(n: number, scale: BoardScale): number {
  return n < bigSchoolStudents(scale) || scale.schools === 1 ? 0 : 1 + (n % (scale.schools - 1));
}
/** The school of staff member n (each school's first is staff member `school`). */
export const staffSchoolOf = (n: number, scale: BoardScale): number => n % scale.schools;

export const studentEmailOf = (n: number, domain: string): string => `${studentIdOf(n)}@${domain}`;
export const staffEmailOf = (n: number, domain: string): string => `${staffIdOf(n)}@${domain}`;
const employerEmailOf = (n: number): string => `${employerIdOf(n)}@employer${n % 300}.example`;

/** The staff roles of staff member n: each school's first is its administrator, one in ten a counsellor. */
export function staffRolesOf(n: number, scale: BoardScale): StaffRole[] {
  if (n < scale.schools) return ['admin', 'teacher'];
  return n % 10 === 0 ? ['counsellor'] : ['teacher'];
}

/** A deterministic stream of numbers, so two runs write the same board. */
function numbers(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}
const pick = <T>(items: readonly T[], n: number): T => items[Math.abs(Math.floor(n)) % items.length] as T;
const DAY_MS = 86_400_000;
const dayFrom = (now: Date, days: number): string => todayDateString(new Date(now.getTime() + days * DAY_MS));

const WORDS = ['barista', 'tutor', 'camp', 'counsellor', 'library', 'assistant', 'robotics', 'coach', 'garden', 'volunteer', 'cashier', 'lifeguard'];

/** A mix of what students save: words, types, places, clusters and dates, alone and together. */
export function savedSearchOf(n: number, now: Date): AlertCriteria {
  return {
    search: n % 2 === 0 ? `${pick(WORDS, n)} ${pick(WORDS, n * 7 + 3)}` : null,
    postingTypes: n % 2 === 1 || n % 3 === 0 ? [pick(POSTING_TYPES, n)] : [],
    locations: n % 4 === 0 ? [pick(LOCATIONS, n), pick(LOCATIONS, n + 5)] : [],
    clusters: n % 5 === 0 ? [pick(CLUSTERS, n)] : [],
    startDate: n % 7 === 0 ? dayFrom(now, 30) : null,
    endDate: n % 14 === 0 ? dayFrom(now, 150) : null,
  };
}

type Log = (line: string) => void;
type BulkRow = Record<string, unknown> & { $id: string; $permissions: string[] };

/** Runs `work` over `items` with at most `limit` at a time. */
export async function eachLimited<T>(items: Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const worker = async (): Promise<void> => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) await work(next.value);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

const range = (count: number): number[] => Array.from({ length: count }, (_, n) => n);

function isConflict(thrown: unknown): boolean {
  return typeof thrown === 'object' && thrown !== null && (thrown as { code?: unknown }).code === 409;
}

export function adminClient(connection: BoardConnection): Client {
  return new Client().setEndpoint(connection.endpoint).setProject(connection.projectId).setKey(connection.apiKey);
}

/** The steps of the generation, in order; `only` writes some of them again (their rows are upserted). */
export const BOARD_STEPS = [
  'schools',
  'accounts',
  'memberships',
  'origins',
  'postings',
  'applications',
  'profiles',
  'records',
  'searches',
  'notifications',
  'hours',
  'mail',
] as const;
export type BoardStep = (typeof BOARD_STEPS)[number];

/** Writes the board (every step, or those of `only`); each step reports how long it took. */
export async function generateBoard(
  connection: BoardConnection,
  scale: BoardScale,
  log: Log,
  options: { now?: Date; only?: ReadonlySet<BoardStep> } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const client = adminClient(connection);
  const users = new Users(client);
  const teams = new Teams(client);
  const tables = new TablesDB(client);
  const step = async (key: BoardStep, label: string, count: number, work: () => Promise<void>): Promise<void> => {
    if (options.only && !options.only.has(key)) return;
    const started = Date.now();
    await work();
    const seconds = (Date.now() - started) / 1000;
    log(`${label}: ${count.toLocaleString('en')} in ${seconds.toFixed(1)} s (${Math.round(count / Math.max(seconds, 0.001)).toLocaleString('en')}/s)`);
  };
  const bulk = async (tableId: string, rows: Iterable<BulkRow>): Promise<void> => {
    let batch: BulkRow[] = [];
    const pending: Promise<unknown>[] = [];
    const flush = async (rowsOfBatch: BulkRow[]) => {
      await tables.upsertRows({ databaseId: DATABASE_ID, tableId, rows: rowsOfBatch });
    };
    for (const row of rows) {
      batch.push(row);
      if (batch.length === 1000) {
        pending.push(flush(batch));
        batch = [];
        if (pending.length >= 2) await pending.shift();
      }
    }
    if (batch.length) pending.push(flush(batch));
    await Promise.all(pending);
  };

  await step('schools', 'schools', scale.schools, () =>
    eachLimited(range(scale.schools), 4, async (school) => {
      await teams.create({ teamId: schoolIdOf(school), name: `Board School ${pad(school + 1, 2)}`, roles: [] }).catch(ignoreConflict);
    }),
  );

  // Appwrite keeps imported hashes as given: one MD5 for every account, checked (and re-hashed) at sign-in.
  const passwordHash = createHash('md5').update(BOARD_PASSWORD).digest('hex');
  const people = [
    ...range(scale.students).map((n) => ({ id: studentIdOf(n), email: studentEmailOf(n, connection.schoolDomain), name: `Student ${n}`, label: 'student' })),
    ...range(scale.staff).map((n) => ({ id: staffIdOf(n), email: staffEmailOf(n, connection.schoolDomain), name: `Teacher ${n}`, label: 'teacher' })),
    ...range(scale.employers).map((n) => ({ id: employerIdOf(n), email: employerEmailOf(n), name: `Employer ${n}`, label: 'recruiter' })),
  ];
  await step('accounts', 'accounts (verified, labelled)', people.length, () =>
    eachLimited(people, 8, async (person) => {
      const created = await users.createMD5User({ userId: person.id, email: person.email, password: passwordHash, name: person.name }).catch(ignoreConflict);
      if (!created) return;
      await users.updateEmailVerification({ userId: person.id, emailVerification: true });
      await users.updateLabels({ userId: person.id, labels: [person.label] });
    }),
  );

  const members = [
    ...range(scale.students).map((n) => ({ userId: studentIdOf(n), school: studentSchoolOf(n, scale), roles: membershipRoles({ student: true }) })),
    ...range(scale.staff).map((n) => ({
      userId: staffIdOf(n),
      school: staffSchoolOf(n, scale),
      roles: membershipRoles({ staffRoles: staffRolesOf(n, scale) }),
    })),
  ];
  await step('memberships', 'school memberships', members.length, () =>
    eachLimited(members, 8, async (member) => {
      await teams.createMembership({ teamId: schoolIdOf(member.school), roles: member.roles, userId: member.userId }).catch(ignoreConflict);
    }),
  );

  await step('origins', 'account origins', people.length, () =>
    bulk(
      TABLES.accountOrigins,
      people.map((person) => ({ $id: person.id, $permissions: [], email: person.email, registration: now.toISOString() })),
    ),
  );

  const postings = range(scale.postings).map((n) => postingOf(n, scale, connection, now));
  await step('postings', 'postings', postings.length, () => bulk(TABLES.jobs, postings));

  // Each student applies to a few postings; their profile is then read by those postings' creators.
  const random = numbers(27);
  const appliedTo = new Map<number, number[]>();
  const applications: BulkRow[] = [];
  for (let a = 0; a < scale.applications; a += 1) {
    const student = a % scale.students;
    const taken = appliedTo.get(student) ?? [];
    let job = Math.floor(random() * scale.postings);
    while (taken.includes(job) && taken.length < scale.postings) job = (job + 1) % scale.postings;
    taken.push(job);
    appliedTo.set(student, taken);
    applications.push(applicationOf(student, postings[job] as PostingRow, connection, a, now));
  }
  await step('applications', 'applications', applications.length, () => bulk(TABLES.applications, applications));

  await step('profiles', 'profiles', people.length, () =>
    bulk(TABLES.profiles, [
      ...range(scale.students).map((n) =>
        profileRow(studentIdOf(n), studentEmailOf(n, connection.schoolDomain), `Student ${n}`, 'student', {
          schoolIds: [schoolIdOf(studentSchoolOf(n, scale))],
          appliedTo: [...new Set((appliedTo.get(n) ?? []).map((job) => (postings[job] as PostingRow).creatorId))],
        }),
      ),
      ...range(scale.staff).map((n) =>
        profileRow(staffIdOf(n), staffEmailOf(n, connection.schoolDomain), `Teacher ${n}`, 'teacher', {
          schoolIds: [schoolIdOf(staffSchoolOf(n, scale))],
          appliedTo: [],
        }),
      ),
      ...range(scale.employers).map((n) => profileRow(employerIdOf(n), employerEmailOf(n), `Employer ${n}`, 'recruiter', { appliedTo: [] })),
    ]),
  );

  await step('records', 'student records (birth months)', scale.students, () =>
    bulk(
      TABLES.studentRecords,
      range(scale.students).map((n) => ({
        $id: studentIdOf(n),
        $permissions: [],
        studentId: studentIdOf(n),
        graduationYear: now.getFullYear() + (n % 4) + 1,
        // 14 to 18 years old.
        birthMonth: `${now.getFullYear() - 14 - (n % 5)}-${pad((n % 12) + 1, 2)}`,
        birthMonthSource: 'school',
      })),
    ),
  );

  const searches = range(scale.savedSearches).map((n) => ({ n, studentId: studentIdOf(n % scale.students), slot: Math.floor(n / scale.students) }));
  await step('searches', 'saved searches, with their index', scale.savedSearches, async () => {
    await bulk(
      TABLES.alertKeys,
      searches.flatMap(({ n, studentId, slot }) => alertKeyRows(derivedRowId('alert', studentId, String(slot)), studentId, savedSearchOf(n, now))),
    );
    await bulk(
      TABLES.alerts,
      searches.map(({ n, studentId, slot }) => ({
        $id: derivedRowId('alert', studentId, String(slot)),
        $permissions: studentOnlyPermissions(studentId),
        studentId,
        ...savedSearchOf(n, now),
        keysVersion: ALERT_KEYS_VERSION,
      })),
    );
  });

  await step('notifications', 'notifications', scale.notifications, () => bulk(TABLES.notifications, notificationRows(scale, postings, now)));
  await step('hours', 'hours entries', scale.hours, () => bulk(TABLES.serviceHours, hoursRows(scale, connection, now)));
  await step('mail', 'mail settings (everyone subscribed; no digest sent yet)', scale.students, async () => {
    await tables.deleteRows({ databaseId: DATABASE_ID, tableId: TABLES.digestRuns });
    await bulk(
      TABLES.digestSubscriptions,
      range(scale.students).map((n) => ({
        $id: studentIdOf(n),
        $permissions: [],
        studentId: studentIdOf(n),
        tokenHash: createHash('sha256').update(`board-${n}`).digest('hex'),
        unsubscribedAt: null,
        lastDigestDay: null,
        lastDigestAt: null,
        // One in five chose a daily summary of every kind.
        delivery: n % 5 === 0 ? 'daily' : null,
        mutedKinds: [],
      })),
    );
  });
}

function ignoreConflict(thrown: unknown): undefined {
  if (isConflict(thrown)) return undefined;
  throw thrown;
}

type PostingRow = BulkRow & JobColumns;

/** Posting n: one of the demo's postings, in another place and with its own dates; one in five by a school's teacher. */
function postingOf(n: number, scale: BoardScale, connection: BoardConnection, now: Date): PostingRow {
  const template = pick(DEMO_POSTINGS, n);
  const byStaff = n % 5 === 0;
  const creatorId = byStaff ? staffIdOf(n % scale.staff) : employerIdOf(n % scale.employers);
  const creatorEmail = byStaff ? staffEmailOf(n % scale.staff, connection.schoolDomain) : employerEmailOf(n % scale.employers);
  const posting = checkedPosting(
    {
      postingType: template.postingType,
      title: `${template.title} (${n})`,
      company: template.company,
      description: template.description,
      cluster: template.cluster ?? null,
      location: pick(LOCATIONS, n * 7),
      streetAddress: template.streetAddress ?? null,
      employmentType: template.employmentType ?? null,
      contactEmail: template.contactEmail ?? creatorEmail,
      companyWebsite: template.companyWebsite ?? null,
      hourlyRate: template.hourlyRate ?? null,
      startDate: dayFrom(now, 10 + (n % 90)),
      endDate: n % 3 === 0 ? null : dayFrom(now, 120 + (n % 90)),
      applicationDeadline: n % 2 === 0 ? dayFrom(now, 1 + (n % 60)) : null,
      visible: true,
      ...template.rules,
    },
    { role: byStaff ? 'teacher' : 'recruiter', today: todayDateString(now), rules: DEFAULT_BOARD_RULES },
  );
  const schoolId = byStaff ? schoolIdOf(staffSchoolOf(n % scale.staff, scale)) : null;
  const columns: JobColumns = {
    ...posting,
    imageFileId: null,
    creatorId,
    creatorEmail,
    assignedAt: null,
    closedAs: null,
    viewCount: n % 40,
    searchText: buildSearchText(posting),
    schoolId,
    schoolIds: null,
    waitingForApproval: false,
  };
  return { $id: jobIdOf(n), $permissions: postingPermissions({ ...columns, visible: true }, null), ...columns };
}

const STATUSES = ['pending', 'pending', 'accepted', 'rejected'] as const;

function applicationOf(student: number, job: PostingRow, connection: BoardConnection, a: number, now: Date): BulkRow {
  const status = pick(STATUSES, a);
  const columns: ApplicationColumns = {
    jobId: job.$id,
    jobTitle: job.title,
    jobCreatorId: job.creatorId,
    applicantId: studentIdOf(student),
    applicantEmail: studentEmailOf(student, connection.schoolDomain),
    applicantName: `Student ${student}`,
    jobCompany: job.company,
    relevantExperiences: 'I help at my family’s store on weekends and volunteer at the library.',
    interestInRole: 'I want to learn how a team serves customers and grows a business.',
    careerGoals: 'Business school, then running a shop of my own.',
    resumeFileId: `resume-${studentIdOf(student)}`,
    status,
    postingRemoved: false,
    decidedAt: status === 'pending' ? null : new Date(now.getTime() - (a % 30) * DAY_MS).toISOString(),
  };
  return { $id: derivedRowId('application', job.$id, studentIdOf(student)), $permissions: applicationPermissions(columns), ...columns };
}

function profileRow(
  userId: string,
  email: string,
  name: string,
  role: NonNullable<ProfileColumns['role']>,
  audience: { schoolIds?: string[]; appliedTo: string[] },
): BulkRow {
  return { $id: userId, $permissions: profilePermissions({ userId, isPublic: true, role, ...audience }), ...newProfileColumns({ email, name }, role) };
}

const NOTICE_KINDS: readonly NotificationKind[] = ['alert-match', 'alert-match', 'deadline', 'application-status', 'assignment'];

/**
 * Twenty notices per student over the last 60 days, the newest from the last day (so every student has
 * something for the daily digest), the older ones read.
 */
function* notificationRows(scale: BoardScale, postings: readonly PostingRow[], now: Date): Generator<BulkRow> {
  const perStudent = Math.max(1, Math.ceil(scale.notifications / scale.students));
  for (let i = 0; i < scale.notifications; i += 1) {
    const student = i % scale.students;
    const order = Math.floor(i / scale.students);
    const job = postings[(i * 31) % postings.length] as PostingRow;
    const kind = pick(NOTICE_KINDS, i);
    const ageMs = order === 0 ? (i % 72_000) * 1000 : (order / perStudent) * 60 * DAY_MS;
    const createdAt = new Date(now.getTime() - ageMs).toISOString();
    const studentId = studentIdOf(student);
    const columns: NotificationColumns = {
      studentId,
      kind,
      message: kind === 'deadline' ? `Applications for ${job.title} close soon.` : `New match for your saved search: ${job.title}`,
      jobId: job.$id,
      jobTitle: job.title,
      applicationId: null,
      alertId: null,
      readAt: order === 0 ? null : createdAt,
    };
    yield { $id: derivedRowId('board-notice', String(i)), $permissions: studentOnlyPermissions(studentId), $createdAt: createdAt, ...columns };
  }
}

/**
 * An entry's state over a school year: most were decided long ago; about one in six waits for the
 * school (pending, confirmed or disputed), which makes the queue of a 2,000-student school about 2,000.
 */
function hoursStatusOf(i: number): ServiceHoursColumns['status'] {
  const bucket = (i * 37) % 100;
  if (bucket < 6) return 'pending';
  if (bucket < 14) return 'confirmed';
  if (bucket < 17) return 'disputed';
  if (bucket < 22) return 'declined';
  return 'approved';
}

/** Six entries per student over the school year, in every state of the review. */
function* hoursRows(scale: BoardScale, connection: BoardConnection, now: Date): Generator<BulkRow> {
  for (let i = 0; i < scale.hours; i += 1) {
    const student = i % scale.students;
    const studentId = studentIdOf(student);
    const school = studentSchoolOf(student, scale);
    const schoolId = schoolIdOf(school);
    const status = hoursStatusOf(i);
    const quarterHours = 4 + (i % 12);
    const columns: ServiceHoursColumns = {
      studentId,
      studentEmail: studentEmailOf(student, connection.schoolDomain),
      studentName: `Student ${student}`,
      organisation: pick(['Riverside Food Bank', 'City Library', 'Green Park Cleanup', 'Seniors’ Centre', 'Animal Shelter'], i),
      activity: pick(['Sorting donations', 'Reading buddy', 'Planting trees', 'Games afternoon', 'Walking dogs'], i),
      date: dayFrom(now, -1 - (i % 200)),
      quarterHours,
      supervisorName: 'Pat Supervisor',
      supervisorEmail: `supervisor${i % 500}@community.example`,
      reflection: null,
      jobId: null,
      status,
      supervisorAnsweredAt: status === 'pending' ? null : now.toISOString(),
      supervisorMailOwedSince: null,
      approvedQuarterHours: status === 'approved' ? quarterHours : null,
      reviewerId: status === 'approved' || status === 'declined' ? staffIdOf(school) : null,
      reviewerName: status === 'approved' || status === 'declined' ? 'Board Teacher' : null,
      reviewComment: null,
      reviewedAt: status === 'approved' || status === 'declined' ? now.toISOString() : null,
      schoolId,
      disputeReason: status === 'disputed' ? 'I was not there that day.' : null,
    };
    yield { $id: derivedRowId('board-hours', String(i)), $permissions: serviceHoursPermissions(studentId, schoolId), ...columns };
  }
}
