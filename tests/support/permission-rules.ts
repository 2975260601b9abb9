import { BUCKETS, FILES, ROWS, TABLES, type Bucket, type RowFacts, type Table, type World } from './permission-fixture.ts';
import type { SchoolOperation } from './permission-schools.ts';
import { MEMBERS, PRINCIPALS, ROLE_HOLDERS, ROLE_OF, sameSchool, TEACHERS, teachersOfSchoolOf, type Principal } from './principals.ts';

/**
 * The permission model of architecture sections 3–4 and spec section 6, written once as rules, and
 * the matrix of cases derived from them: every principal against every row, file, table, bucket
 * and command of the fixture.
 */

export type Operation =
  // through tablesDB, directly
  | 'getRow'
  | 'listRows'
  | 'createRow'
  | 'updateRow'
  | 'upsertRow'
  | 'deleteRow'
  | 'incrementRowColumn'
  // through storage, directly (view and download are URLs a browser opens with its cookies)
  | 'getFile'
  | 'viewFile'
  | 'downloadFile'
  | 'listFiles'
  | 'createFile'
  | 'updateFile'
  | 'deleteFile'
  // the roles function, which only events may run
  | 'executeRoles'
  // the commands function
  | 'createPublicPosting'
  | 'createPrivatePosting'
  | 'editPosting'
  | 'setPostingState'
  | 'removePosting'
  | 'assignStudent'
  | 'recordView'
  | 'apply'
  | 'setStatus'
  | 'withdraw'
  | 'saveProfile'
  | 'createPost'
  | 'deletePost'
  | 'like'
  | 'comment'
  | 'deleteComment'
  | 'subscribe'
  // community involvement hours (issue 16)
  | 'logHours'
  | 'editHours'
  | 'withdrawHours'
  | 'reviewHours'
  | 'confirmHoursWithoutToken'
  // saved postings, saved searches and notifications (issue 17)
  | 'savePosting'
  | 'createAlert'
  | 'deleteAlert'
  | 'markNotificationRead'
  | 'unsubscribeWithoutToken'
  // reports and moderation (issue 15)
  | 'report'
  | 'moderationQueue'
  | 'decideReport'
  // a command sent with a forged `x-appwrite-user-id` header, posing as a teacher
  | 'impersonateTeacher'
  // staff powers scoped to a school (issue 23), played in permission-schools.ts
  | SchoolOperation;

/** `allow`; a refusal as "<status> <Appwrite error type or command error code>"; or the exact ids a list shows. */
export type Expected = 'allow' | { deny: string } | { ids: string[] };

export interface Case {
  principal: Principal;
  /** A row or file name of the fixture, a table, a bucket, or what a command creates. */
  resource: string;
  operation: Operation;
  expected: Expected;
}

const allow = 'allow' as const;
const deny = (refusal: string): Expected => ({ deny: refusal });
const unique = (principals: ReadonlyArray<Principal | undefined>): Principal[] => [
  ...new Set(principals.filter((principal): principal is Principal => principal !== undefined)),
];

function rowFacts<T extends Table>(name: string, table: T): Extract<RowFacts, { table: T }> {
  const facts = ROWS[name];
  if (facts?.table !== table) throw new Error(`${name} is not a row of ${table}`);
  return facts as Extract<RowFacts, { table: T }>;
}

/**
 * The feed is its school's (issue 23): a post is read by the members of its author's school and
 * moderated by that school's staff. The fixture's students and teachers share one school (recruiters
 * belong to none); with principals of two schools these two become that school's members and teachers.
 */
const schoolMatesOf = (author: Principal): Principal[] => MEMBERS.filter((member) => sameSchool(member, author));
const moderatorsOf = teachersOfSchoolOf;

/** The author of a reported post or comment (a comment is moderated with its post's school). */
function reportedAuthor(target: string): Principal {
  const facts = ROWS[target];
  if (facts?.table === 'comments') return rowFacts(facts.post, 'posts').author;
  if (facts?.table === 'posts') return facts.author;
  throw new Error(`${target} is not a post or comment`);
}

const creatorOfJob = (jobName: string): Principal => rowFacts(jobName, 'jobs').creator;

/** The creators of the postings this student applied to in the fixture. */
function recruitersAppliedToBy(student: Principal): Principal[] {
  return Object.values(ROWS).flatMap((facts) => (facts.table === 'applications' && facts.applicant === student ? [creatorOfJob(facts.job)] : []));
}

/** Who reads a row (architecture section 4, "who reads"). */
export function rowReaders(name: string): Principal[] {
  const facts = ROWS[name];
  switch (facts?.table) {
    // public posting: anyone (the embed needs it); private: creator, the teachers of the creator's school, the assigned student
    case 'jobs':
      return facts.visible ? [...PRINCIPALS] : unique([facts.creator, ...teachersOfSchoolOf(facts.creator), facts.assigned]);
    // who a posting is assigned to: the student, the posting's creator and the student's school's teachers, even when it is public (students are minors)
    case 'job_assignments':
      return unique([facts.student, creatorOfJob(facts.job), ...teachersOfSchoolOf(facts.student)]);
    case 'applications':
      return [facts.applicant, creatorOfJob(facts.job)];
    // "public" means visible to verified members, not to the internet; students are minors, so a
    // recruiter reads a student's profile only while the student has an application to one of their postings
    case 'profiles':
      if (!facts.isPublic || !ROLE_OF[facts.owner]) return [facts.owner];
      if (ROLE_OF[facts.owner] === 'recruiter') return unique([facts.owner, ...ROLE_HOLDERS]);
      // a staff member's: their schools, every teacher and recruiters; no other school's students
      if (ROLE_OF[facts.owner] === 'teacher') {
        return unique([facts.owner, ...ROLE_HOLDERS.filter((member) => ROLE_OF[member] !== 'student' || sameSchool(member, facts.owner))]);
      }
      return unique([facts.owner, ...schoolMatesOf(facts.owner), ...recruitersAppliedToBy(facts.owner)]);
    // its author's school's members (issue 23), until a teacher hides a post: then its author and that
    // school's teachers; its comments and likes go with it
    case 'posts':
      return facts.hidden ? unique([facts.author, ...moderatorsOf(facts.author)]) : schoolMatesOf(facts.author);
    case 'comments':
    case 'post_likes':
      return rowReaders(facts.post);
    case 'newsletter':
      return [];
    // a student's own entries, and the teachers of the student's school; supervisors have no account
    case 'service_hours':
      return unique([facts.student, ...teachersOfSchoolOf(facts.student)]);
    // a student's own, and nobody else's: not even teachers see what a student saved or was told
    case 'saved_postings':
    case 'alerts':
    case 'notifications':
      return [facts.student];
    // a report: its reporter and the teachers who moderate what it reports; a decision: those teachers only
    case 'reports':
      return unique([facts.reporter, ...moderatorsOf(reportedAuthor(facts.target))]);
    case 'moderation_audit':
      return moderatorsOf(reportedAuthor(rowFacts(facts.report, 'reports').target));
    // a recruiter's approval: that recruiter and teachers, never another recruiter nor a student
    case 'recruiter_approvals':
      return unique([facts.recruiter, ...TEACHERS]);
    default:
      throw new Error(`unknown row ${name}`);
  }
}

/**
 * Who reads a file: its owner, plus whoever reads what it is attached to (a posting's image, a
 * post's image, a profile's photo); a resume sent with an application is shared with the posting's
 * creator only. An upload no command attached (a draft, a recording) is in `uploads`, which nobody
 * reads, its uploader included.
 */
export function fileReaders(name: string): Principal[] {
  const facts = FILES[name];
  if (!facts) throw new Error(`unknown file ${name}`);
  if (facts.bucket === UPLOADS) return [];
  const attached = facts.attachedTo;
  const sharedWith = (): Principal[] => {
    if (!attached) return [];
    const row = ROWS[attached];
    return row?.table === 'applications' ? [creatorOfJob(row.job)] : rowReaders(attached);
  };
  return unique([facts.owner, ...sharedWith()]);
}

/**
 * Tables without row security answer a caller who lacks the table's read with 401, not with an
 * empty page (protocol 5.3): the newsletter (nobody reads it).
 */
const READ_WITHOUT_ROW_SECURITY: Partial<Record<Table, readonly Principal[]>> = {
  newsletter: [],
  hours_confirmations: [],
  hours_days: [],
  hours_mail_counts: [],
  // A student's birth month and graduation year, and the board's youth-work rules (issue 26): only the
  // functions read them; what leaves is derived (old enough or not, and why).
  student_records: [],
  // A parent's signing link (issue 26): only its hash, read by the functions alone.
  hours_parent_links: [],
  board_rules: [],
  // Who changed the board's rules, and what (issue 26): board administrators read it through `GET /rules/changes`.
  board_rule_changes: [],
  // The index of saved searches (issue 27): which student saved what, read by the functions alone.
  alert_keys: [],
  // How far the day's digest got (issue 27): the functions alone.
  digest_runs: [],
};

/** Counter columns a client might try to inflate directly. */
const COUNTERS: Partial<Record<Table, string>> = { jobs: 'viewCount', posts: 'likeCount' };

const rowsOf = (table: Table): string[] => Object.keys(ROWS).filter((name) => ROWS[name]?.table === table);
const filesOf = (bucket: Bucket): string[] => Object.keys(FILES).filter((name) => FILES[name]?.bucket === bucket);

const NOT_AUTHORIZED = '401 user_unauthorized';
/** Where clients upload: file security off and no bucket read, so nothing there is read, listed, changed or deleted by a client. */
const UPLOADS: Bucket = 'uploads';
/** A post a teacher hid (a comment is hidden with its post, but is no hidden row of its own). */
const isHiddenRow = (name: string): boolean => {
  const facts = ROWS[name];
  return facts?.table === 'posts' && facts.hidden === true;
};
const UNAUTHENTICATED = '401 unauthenticated';
const NOT_ALLOWED = '403 not-allowed';
const NOT_FOUND = '404 not-found';
const INVALID_INPUT = '400 invalid-input';
/** The student the `assignStudent` command assigns (permission-commands.ts). */
const ASSIGNED_BY_COMMAND: Principal = 'studentB';

/** Decides a command for a member (guests are refused first by every command but two). */
type CommandRule = (principal: Principal) => Expected;

function commandRules(): Array<{ operation: Operation; resource: string; rule: CommandRule; guests?: boolean }> {
  const role = (principal: Principal) => ROLE_OF[principal];
  const reads = (name: string, principal: Principal) => rowReaders(name).includes(principal);
  const applied = (jobName: string, principal: Principal) =>
    rowsOf('applications').some((name) => {
      const facts = rowFacts(name, 'applications');
      return facts.job === jobName && facts.applicant === principal;
    });
  const jobs = rowsOf('jobs');
  return [
    { operation: 'createPublicPosting', resource: 'jobs', rule: (p) => (role(p) === 'teacher' || role(p) === 'recruiter' ? allow : deny(NOT_ALLOWED)) },
    { operation: 'createPrivatePosting', resource: 'jobs', rule: (p) => (role(p) === 'teacher' ? allow : deny(NOT_ALLOWED)) },
    // A posting the caller cannot read answers "Job not found", exactly like a missing one.
    ...jobs.map((job) => ({
      operation: 'removePosting' as const,
      resource: job,
      rule: (p: Principal) => (!reads(job, p) ? deny(NOT_FOUND) : role(p) === 'teacher' || creatorOfJob(job) === p ? allow : deny(NOT_ALLOWED)),
    })),
    ...jobs.flatMap((job) =>
      (['editPosting', 'setPostingState'] as const).map((operation) => ({
        operation,
        resource: job,
        rule: (p: Principal) => (!reads(job, p) ? deny(NOT_FOUND) : role(p) === 'teacher' || creatorOfJob(job) === p ? allow : deny(NOT_ALLOWED)),
      })),
    ),
    // A teacher assigns (studentB, see the command) only a student of their own school, and changes no
    // assignment of another school's student.
    ...jobs.map((job) => ({
      operation: 'assignStudent' as const,
      resource: job,
      rule: (p: Principal) => {
        if (role(p) !== 'teacher') return deny(NOT_ALLOWED);
        if (!reads(job, p)) return deny(NOT_FOUND);
        if (!sameSchool(p, ASSIGNED_BY_COMMAND)) return deny(INVALID_INPUT);
        const assignee = rowFacts(job, 'jobs').assigned;
        return assignee && !sameSchool(p, assignee) ? deny(NOT_ALLOWED) : allow;
      },
    })),
    ...jobs.map((job) => ({
      operation: 'recordView' as const,
      resource: job,
      guests: true,
      rule: (p: Principal) => (reads(job, p) ? allow : deny(NOT_FOUND)),
    })),
    // Only students apply, never to a posting they created nor to one assigned to another student;
    // a posting they cannot read is "not found" first.
    ...jobs.map((job) => ({
      operation: 'apply' as const,
      resource: job,
      rule: (p: Principal) => {
        if (!reads(job, p)) return deny(NOT_FOUND);
        if (role(p) !== 'student' || creatorOfJob(job) === p) return deny(NOT_ALLOWED);
        const assignee = rowFacts(job, 'jobs').assigned;
        if (assignee && assignee !== p) return deny(NOT_ALLOWED);
        return applied(job, p) ? deny('409 already-applied') : allow;
      },
    })),
    ...rowsOf('applications').map((application) => ({
      operation: 'setStatus' as const,
      resource: application,
      rule: (p: Principal) => {
        if (!reads(application, p)) return deny(NOT_FOUND);
        return creatorOfJob(rowFacts(application, 'applications').job) === p ? allow : deny(NOT_ALLOWED);
      },
    })),
    // Only the applicant withdraws, while pending (every application of the fixture is).
    ...rowsOf('applications').map((application) => ({
      operation: 'withdraw' as const,
      resource: application,
      rule: (p: Principal) => {
        if (!reads(application, p)) return deny(NOT_FOUND);
        return rowFacts(application, 'applications').applicant === p ? allow : deny(NOT_ALLOWED);
      },
    })),
    { operation: 'saveProfile', resource: 'own profile', rule: () => allow },
    // Only a school's members post to its feed (issue 23): a recruiter, or an account with no role, belongs to none.
    { operation: 'createPost', resource: 'posts', rule: (p) => (role(p) === 'student' || role(p) === 'teacher' ? allow : deny(NOT_ALLOWED)) },
    // A post the caller cannot read (a hidden one) is "not found", exactly like a missing one.
    ...rowsOf('posts').map((post) => ({
      operation: 'deletePost' as const,
      resource: post,
      rule: (p: Principal) => (!reads(post, p) ? deny(NOT_FOUND) : rowFacts(post, 'posts').author === p ? allow : deny(NOT_ALLOWED)),
    })),
    // A hidden post takes no likes or comments: "not found" to those it is hidden from, refused to its author and teachers.
    ...rowsOf('posts').flatMap((post) =>
      (['like', 'comment'] as const).map((operation) => ({
        operation,
        resource: post,
        rule: (p: Principal) => (!reads(post, p) ? deny(NOT_FOUND) : isHiddenRow(post) ? deny(NOT_ALLOWED) : allow),
      })),
    ),
    // A comment's author deletes it (not the post's author), also one hidden with its post, and so do
    // the teachers who moderate the post's school feed (issue 25); to anyone else a comment they cannot
    // read is "not found".
    ...rowsOf('comments').map((comment) => ({
      operation: 'deleteComment' as const,
      resource: comment,
      rule: (p: Principal) =>
        rowFacts(comment, 'comments').author === p
          ? allow
          : !reads(comment, p)
            ? deny(NOT_FOUND)
            : moderatorsOf(reportedAuthor(comment)).includes(p)
              ? allow
              : deny(NOT_ALLOWED),
    })),
    { operation: 'subscribe', resource: 'newsletter', guests: true, rule: () => allow },
    { operation: 'logHours', resource: 'service_hours', rule: (p) => (role(p) === 'student' ? allow : deny(NOT_ALLOWED)) },
    // Only the entry's student edits or withdraws it (each fixture entry is pending); a teacher reads it but may not.
    ...rowsOf('service_hours').flatMap((entry) =>
      (['editHours', 'withdrawHours'] as const).map((operation) => ({
        operation,
        resource: entry,
        rule: (p: Principal) => (!reads(entry, p) ? deny(NOT_FOUND) : rowFacts(entry, 'service_hours').student === p ? allow : deny(NOT_ALLOWED)),
      })),
    ),
    // Teachers review; nobody reviews their own entry.
    ...rowsOf('service_hours').map((entry) => ({
      operation: 'reviewHours' as const,
      resource: entry,
      rule: (p: Principal) => (!reads(entry, p) ? deny(NOT_FOUND) : role(p) === 'teacher' ? allow : deny(NOT_ALLOWED)),
    })),
    // The supervisor's route is open to guests, but only the mailed token opens it: without it, nobody gets in.
    ...rowsOf('service_hours').map((entry) => ({
      operation: 'confirmHoursWithoutToken' as const,
      resource: entry,
      guests: true,
      rule: () => deny('400 invalid-input'),
    })),
    // Only students save postings, and only postings they may read ("not found" otherwise).
    ...jobs.map((job) => ({
      operation: 'savePosting' as const,
      resource: job,
      rule: (p: Principal) => (role(p) !== 'student' ? deny(NOT_ALLOWED) : reads(job, p) ? allow : deny(NOT_FOUND)),
    })),
    { operation: 'createAlert', resource: 'alerts', rule: (p) => (role(p) === 'student' ? allow : deny(NOT_ALLOWED)) },
    // A student's saved search and notification are theirs: another student finds none, others are refused as not students.
    ...rowsOf('alerts').map((alert) => ({
      operation: 'deleteAlert' as const,
      resource: alert,
      rule: (p: Principal) => (role(p) !== 'student' ? deny(NOT_ALLOWED) : rowFacts(alert, 'alerts').student === p ? allow : deny(NOT_FOUND)),
    })),
    ...rowsOf('notifications').map((notice) => ({
      operation: 'markNotificationRead' as const,
      resource: notice,
      // Every member has a bell (issue 24): anyone marks their own; another's answers as if it did not exist.
      rule: (p: Principal) => (rowFacts(notice, 'notifications').student === p ? allow : deny(NOT_FOUND)),
    })),
    // Any member with a role reports what they read and did not write; only teachers see the queue and decide an open report.
    // Something hidden is "not found" to those it is hidden from; its readers are told it is hidden.
    ...[...jobs, ...rowsOf('posts'), ...rowsOf('comments')].map((target) => ({
      operation: 'report' as const,
      resource: target,
      rule: (p: Principal) => {
        // A member without a role (the pending staff address) reports nothing, whatever the target.
        if (!role(p)) return deny(NOT_ALLOWED);
        if (!reads(target, p)) return deny(NOT_FOUND);
        if (isHiddenRow(target)) return deny('400 invalid-input');
        const facts = ROWS[target];
        const author = facts?.table === 'jobs' ? facts.creator : facts?.table === 'posts' || facts?.table === 'comments' ? facts.author : undefined;
        return author === p ? deny(NOT_ALLOWED) : allow;
      },
    })),
    // A school's staff reach only its own students (issue 23): the queue, the export and a roster
    // import or a new link for studentA are every teacher's to call, and answer each only their school's.
    { operation: 'hoursQueue', resource: 'service_hours', rule: (p) => (role(p) === 'teacher' ? allow : deny(NOT_ALLOWED)) },
    { operation: 'hoursExport', resource: 'service_hours', rule: (p) => (role(p) === 'teacher' ? allow : deny(NOT_ALLOWED)) },
    { operation: 'importRosterOfStudentA', resource: 'roster', rule: (p) => (role(p) === 'teacher' ? allow : deny(NOT_ALLOWED)) },
    {
      operation: 'resendLinkToStudentA',
      resource: 'roster',
      rule: (p) => (role(p) !== 'teacher' ? deny(NOT_ALLOWED) : sameSchool(p, 'studentA') ? allow : deny(NOT_FOUND)),
    },
    { operation: 'moderationQueue', resource: 'reports', rule: (p) => (role(p) === 'teacher' ? allow : deny(NOT_ALLOWED)) },
    ...rowsOf('reports').map((report) => ({
      operation: 'decideReport' as const,
      resource: report,
      rule: (p: Principal) => {
        if (role(p) !== 'teacher') return deny(NOT_ALLOWED);
        // Another school's report is "not found": only the staff who moderate its target read it.
        if (!moderatorsOf(reportedAuthor(rowFacts(report, 'reports').target)).includes(p)) return deny(NOT_FOUND);
        return rowFacts(report, 'reports').decision ? deny('400 invalid-input') : allow;
      },
    })),
    // The digest's unsubscribe is open to guests, but only the mailed token works.
    { operation: 'unsubscribeWithoutToken', resource: 'digest_subscriptions', guests: true, rule: () => deny('400 invalid-input') },
  ];
}

/** Every case of the matrix, with list expectations as the exact ids of the world. */
export function permissionCases(world: World): Case[] {
  const cases: Case[] = [];
  const add = (resource: string, operation: Operation, expected: (principal: Principal) => Expected) => {
    for (const principal of PRINCIPALS) cases.push({ principal, resource, operation, expected: expected(principal) });
  };
  const rowIds = (names: string[]) => names.map((name) => world.rows[name] as string).sort();
  const fileIds = (names: string[]) => names.map((name) => world.files[name] as string).sort();

  for (const table of TABLES) {
    const names = rowsOf(table);
    const tableReaders = READ_WITHOUT_ROW_SECURITY[table];
    add(table, 'listRows', (p) =>
      tableReaders && !tableReaders.includes(p) ? deny(NOT_AUTHORIZED) : { ids: rowIds(names.filter((name) => rowReaders(name).includes(p))) },
    );
    // No table grants create: every row is written by a command with the function's key.
    add(table, 'createRow', () => deny(NOT_AUTHORIZED));
    for (const name of names) {
      add(name, 'getRow', (p) => (rowReaders(name).includes(p) ? allow : deny('404 row_not_found')));
      // No row grants update: business columns and counters change only through commands.
      add(name, 'updateRow', () => deny(NOT_AUTHORIZED));
      add(name, 'upsertRow', () => deny(NOT_AUTHORIZED));
      // No row grants delete either: removing a posting, post or comment is a command, which keeps
      // counters equal to rows and takes images, likes and comments along; a direct delete could not.
      add(name, 'deleteRow', () => deny(NOT_AUTHORIZED));
      if (COUNTERS[table]) add(name, 'incrementRowColumn', () => deny(NOT_AUTHORIZED));
    }
  }

  // Members upload into `uploads` only; a command moves an upload into its bucket, which no client
  // writes. No client changes a file's permissions (it could grant `any`), and only an owner deletes
  // an attached file of theirs.
  for (const bucket of BUCKETS) {
    const names = filesOf(bucket);
    const staging = bucket === UPLOADS;
    add(bucket, 'listFiles', (p) => (staging ? deny(NOT_AUTHORIZED) : { ids: fileIds(names.filter((name) => fileReaders(name).includes(p))) }));
    add(bucket, 'createFile', (p) => (staging && MEMBERS.includes(p) ? allow : deny(NOT_AUTHORIZED)));
    const unread = staging ? deny(NOT_AUTHORIZED) : deny('404 storage_file_not_found');
    for (const name of names) {
      const owner = FILES[name]?.owner;
      add(name, 'getFile', (p) => (fileReaders(name).includes(p) ? allow : unread));
      add(name, 'viewFile', (p) => (fileReaders(name).includes(p) ? allow : unread));
      add(name, 'downloadFile', (p) => (fileReaders(name).includes(p) ? allow : unread));
      add(name, 'updateFile', () => deny(NOT_AUTHORIZED));
      add(name, 'deleteFile', (p) => (!staging && p === owner ? allow : deny(NOT_AUTHORIZED)));
    }
  }

  // Labels are set by events only: nobody may run the roles function to relabel an account.
  add('roles function', 'executeRoles', () => deny(NOT_AUTHORIZED));

  // Only Appwrite names the caller to a function: a client can never pose as another user.
  add('jobs', 'impersonateTeacher', () => deny('400 general_argument_invalid'));
  for (const { operation, resource, rule, guests } of commandRules()) {
    add(resource, operation, (p) => (p === 'guest' && !guests ? deny(UNAUTHENTICATED) : rule(p)));
  }
  return cases;
}

export type Phase = 'read' | 'write' | 'command';

const READS: ReadonlySet<Operation> = new Set(['getRow', 'listRows', 'getFile', 'viewFile', 'downloadFile', 'listFiles']);
const DIRECT_WRITES: ReadonlySet<Operation> = new Set([
  'createRow',
  'updateRow',
  'upsertRow',
  'deleteRow',
  'incrementRowColumn',
  'createFile',
  'updateFile',
  'deleteFile',
  'executeRoles',
]);

export function phaseOf(operation: Operation): Phase {
  if (READS.has(operation)) return 'read';
  return DIRECT_WRITES.has(operation) ? 'write' : 'command';
}

/** Operations that change or remove an existing resource: when allowed, they run on a throwaway copy. */
const CHANGES_EXISTING: ReadonlySet<Operation> = new Set([
  'updateRow',
  'upsertRow',
  'deleteRow',
  'incrementRowColumn',
  'updateFile',
  'deleteFile',
  'editPosting',
  'setPostingState',
  'removePosting',
  'assignStudent',
  'recordView',
  'setStatus',
  'withdraw',
  'deletePost',
  'like',
  'comment',
  'deleteComment',
  'editHours',
  'withdrawHours',
  'reviewHours',
  'deleteAlert',
  'markNotificationRead',
  'decideReport',
]);

export function needsThrowaway(testCase: Case): 'row' | 'file' | undefined {
  if (testCase.expected !== 'allow' || !CHANGES_EXISTING.has(testCase.operation)) return undefined;
  return testCase.operation === 'updateFile' || testCase.operation === 'deleteFile' ? 'file' : 'row';
}

export function describeExpected(expected: Expected, names: ReadonlyMap<string, string>): string {
  if (expected === 'allow') return 'allow';
  if ('deny' in expected) return `deny ${expected.deny}`;
  return `ids [${expected.ids.map((id) => names.get(id) ?? id).join(', ')}]`;
}
