import {
  APPLICATION_STATUSES,
  POSTING_STATES,
  POSTING_TYPES,
  ROLES,
  type ApplicationStatus,
  type PostingState,
  type PostingType,
  type Role,
} from '../constants.ts';
import type { Application, Comment, Job, Post, Profile } from '../entities.ts';
import { POSTING_RULE_COLUMNS, ruleDetailsFromColumns, type PostingRuleColumns, type PostingRuleDetails } from '../youth-rules.ts';

/**
 * The rows of the `portal` tables and the one way they become the domain's entities: `id` and
 * `createdAt` instead of Appwrite's `$` fields, numbers as numbers, dates as the ISO strings Appwrite
 * stores. The SDK, the public client and the functions all map rows here, so a posting reads the same
 * whichever of them answered.
 *
 * A column a row lacks (left out by a `select`, or added to the table after the row was written)
 * reads as the column's default in appwrite.config.json, and as empty where it has none: never as
 * `undefined`, never as a value of the wrong type. So `visible`, which has no default, reads as
 * private unless the row says `true`: the same rule as the public board's `equal("visible", [true])`,
 * and the safe side, since a posting shown as private to its teachers is a smaller mistake than one
 * shown as public. `isPublic` defaults to `true`, so a profile is public unless the row says `false`.
 */

/** A row as the REST API returns it: Appwrite's `$` fields and the table's columns, any of them possibly absent. */
export type WireRow = { readonly $id: string; readonly $createdAt: string } & { readonly [column: string]: unknown };

/**
 * The columns of a `jobs` row: a posting's fields, and the text the full-text search matches. Every
 * reader of a posting reads all of its row (a public one is `read("any")`), so who it is assigned to
 * is not here: `assignedAt` says only that it is (null while it is not), and the student lives in a
 * `job_assignments` row that only the student, the creator and teachers read. `closedAs` is null
 * while the posting is open, so a row written before the column existed reads as open.
 */
export type JobColumns = Omit<
  Job,
  'id' | 'createdAt' | 'assigned' | 'assignedStudentId' | 'assignedStudentEmail' | 'state' | 'waitingForApproval' | 'schoolIds' | 'ruleDetails' | 'ageRuling'
> & {
  assignedAt: string | null;
  /** Set by `commands` while the recruiter waits for approval; the public client never selects it (the public never reads such a row). */
  waitingForApproval?: boolean | null;
  closedAs: Exclude<PostingState, 'open'> | null;
  searchText: string;
  /**
   * A teacher's posting belongs to their school (issue 23): while private (or held back) its school's
   * staff read it, not every teacher. Null for a recruiter's, absent on rows from before schools.
   */
  schoolId?: string | null;
  /**
   * The schools a recruiter's posting is meant for (issue 23); null or empty: the whole board. It
   * reaches those of them that approved the recruiter (or all of them, once the board trusts them).
   */
  schoolIds?: string[] | null;
} & Partial<PostingRuleColumns>;

/** The columns of a `job_assignments` row; its id is the posting's id. */
export interface JobAssignmentColumns {
  jobId: string;
  studentId: string;
  studentEmail: string;
}

export type ApplicationColumns = Omit<Application, 'id' | 'createdAt'>;

/** The columns of a `profiles` row (row id = user id); the free-text ones may be null. */
export type ProfileColumns = {
  email: string;
  name: string;
  role: Role | null;
  school: string | null;
  interests: string | null;
  bio: string | null;
  location: string | null;
  isPublic: boolean;
  photoFileId: string | null;
  contactEmail: string | null;
};

export type PostColumns = Omit<Post, 'id' | 'createdAt'>;

export type CommentColumns = Omit<Comment, 'id' | 'createdAt'>;

export type PostLikeColumns = { postId: string; userId: string };

/**
 * A newsletter sign-up (issue 24): unconfirmed until its confirmation link is used (double opt-in).
 * Only SHA-256 hashes of the mailed tokens are kept; nothing is mailed to it past `mailsOnDay` a day.
 */
export type NewsletterColumns = {
  email: string;
  /** When the address confirmed; null while it has not, and nothing but personal mails reach it. */
  confirmedAt?: string | null;
  /** The hash of the one confirmation link that works (a new sign-up replaces it; confirming spends it). */
  confirmationHash?: string | null;
  confirmationIssuedAt?: string | null;
  /** The hash of the one-click unsubscribe link of the latest personal mail. */
  unsubscribeHash?: string | null;
  /** The UTC day (YYYY-MM-DD) `mailsOnDay` counts. */
  mailDay?: string | null;
  mailsOnDay?: number | null;
};

/** One weekly newsletter mail (row id = its ISO week), written before it is sent so a week never sends twice. */
export type NewsletterIssueColumns = { week: string; sentAt: string; postings: number };

/**
 * The columns of a `jobs` row that a reader asks for: every column of a `Job`, but not `searchText`
 * (up to 10,000 characters that only the server's full-text index needs).
 */
export const JOB_COLUMNS = [
  'title',
  'company',
  'description',
  'postingType',
  'cluster',
  'location',
  'address',
  'streetAddress',
  'postalCode',
  'addressRegion',
  'addressCountry',
  'employmentType',
  'contactEmail',
  'companyWebsite',
  'hourlyRate',
  'imageFileId',
  'startDate',
  'endDate',
  'applicationDeadline',
  'visible',
  'creatorId',
  'creatorEmail',
  'assignedAt',
  'closedAs',
  'viewCount',
  ...POSTING_RULE_COLUMNS,
] as const satisfies ReadonlyArray<keyof JobColumns>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
/** Only a hidden row carries `hiddenReason`, so the entities of visible content stay as they were. */
const hidden = (row: WireRow): { hiddenReason?: string } =>
  typeof row.hiddenReason === 'string' && row.hiddenReason !== '' ? { hiddenReason: row.hiddenReason } : {};
/** Only a posting whose recruiter waits for approval carries the flag, so other postings stay as they were. */
const waiting = (row: WireRow): { waitingForApproval?: true } => (row.waitingForApproval === true ? { waitingForApproval: true } : {});
/** The schools a recruiter picked for the posting, when they picked some (none: the whole board). */
const meantFor = (row: WireRow): { schoolIds?: string[] } => {
  const picked = Array.isArray(row.schoolIds) ? row.schoolIds.filter((id): id is string => typeof id === 'string') : [];
  return picked.length > 0 ? { schoolIds: picked } : {};
};
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined => options.find((option) => option === value);

/**
 * A posting from its `jobs` row, as every reader of it may see it: whether it is assigned, not to
 * whom (see {@link withAssignment}).
 */
export function toJob(row: WireRow): Job {
  return {
    id: row.$id,
    title: text(row.title),
    company: text(row.company),
    description: text(row.description),
    postingType: oneOf<PostingType>(POSTING_TYPES, row.postingType) ?? 'Job',
    cluster: optionalText(row.cluster),
    location: text(row.location),
    address: optionalText(row.address),
    contactEmail: optionalText(row.contactEmail),
    companyWebsite: optionalText(row.companyWebsite),
    hourlyRate: optionalText(row.hourlyRate),
    imageFileId: optionalText(row.imageFileId),
    startDate: optionalText(row.startDate),
    endDate: optionalText(row.endDate),
    applicationDeadline: optionalText(row.applicationDeadline),
    visible: row.visible === true,
    creatorId: text(row.creatorId),
    creatorEmail: text(row.creatorEmail),
    assigned: optionalText(row.assignedAt) !== null,
    assignedStudentId: null,
    assignedStudentEmail: null,
    state: oneOf<PostingState>(POSTING_STATES, row.closedAs) ?? 'open',
    viewCount: count(row.viewCount),
    createdAt: row.$createdAt,
    ...hidden(row),
    ...waiting(row),
    ...meantFor(row),
    ...ruleDetailsOf(row),
    ...addressPartsOf(row),
  };
}

/**
 * The address in parts and the employment type (issue 28), only those a row has: older postings read as
 * they did. `employmentType` is an enum column, so what it holds is one of `EMPLOYMENT_TYPES`.
 */
const addressPartsOf = (row: WireRow): Pick<Job, 'streetAddress' | 'postalCode' | 'addressRegion' | 'addressCountry' | 'employmentType'> =>
  Object.fromEntries(
    ['streetAddress', 'postalCode', 'addressRegion', 'addressCountry', 'employmentType'].filter((key) => optionalText(row[key])).map((key) => [key, row[key]]),
  );

/** The posting's youth-work rule fields (issue 26), when its row has any. */
const ruleDetailsOf = (row: WireRow): { ruleDetails?: PostingRuleDetails } => {
  const ruleDetails = ruleDetailsFromColumns(row);
  return ruleDetails ? { ruleDetails } : {};
};

/** A `job_assignments` row as any client returns it; its id is the posting's. */
export interface AssignmentRowLike {
  readonly $id: string;
  readonly studentId?: unknown;
  readonly studentEmail?: unknown;
}

/**
 * The posting with the student it is assigned to, from its `job_assignments` row, which only that
 * student, the posting's creator and teachers can read. A row of another posting, or none, leaves it as it was.
 */
export function withAssignment(job: Job, assignment: AssignmentRowLike | null | undefined): Job {
  if (!job.assigned || !assignment || assignment.$id !== job.id) return job;
  return { ...job, assignedStudentId: optionalText(assignment.studentId), assignedStudentEmail: optionalText(assignment.studentEmail) };
}

export function toApplication(row: WireRow): Application {
  return {
    id: row.$id,
    jobId: text(row.jobId),
    jobTitle: text(row.jobTitle),
    jobCompany: text(row.jobCompany),
    jobCreatorId: text(row.jobCreatorId),
    applicantId: text(row.applicantId),
    applicantEmail: text(row.applicantEmail),
    applicantName: text(row.applicantName),
    relevantExperiences: text(row.relevantExperiences),
    interestInRole: text(row.interestInRole),
    careerGoals: text(row.careerGoals),
    resumeFileId: text(row.resumeFileId),
    status: oneOf<ApplicationStatus>(APPLICATION_STATUSES, row.status) ?? 'pending',
    postingRemoved: row.postingRemoved === true,
    decidedAt: typeof row.decidedAt === 'string' ? row.decidedAt : null,
    createdAt: row.$createdAt,
  };
}

export function toProfile(row: WireRow): Profile {
  const email = text(row.email);
  return {
    id: row.$id,
    email,
    name: text(row.name),
    role: oneOf<Role>(ROLES, row.role) ?? null,
    school: text(row.school),
    interests: text(row.interests),
    bio: text(row.bio),
    location: text(row.location),
    isPublic: row.isPublic !== false,
    photoFileId: optionalText(row.photoFileId),
    contactEmail: optionalText(row.contactEmail) ?? email,
  };
}

export function toPost(row: WireRow): Post {
  return {
    id: row.$id,
    authorId: text(row.authorId),
    authorName: text(row.authorName),
    authorAvatarFileId: optionalText(row.authorAvatarFileId),
    content: text(row.content),
    imageFileIds: Array.isArray(row.imageFileIds) ? row.imageFileIds.filter((id): id is string => typeof id === 'string') : [],
    likeCount: count(row.likeCount),
    commentCount: count(row.commentCount),
    createdAt: row.$createdAt,
    ...hidden(row),
  };
}

export function toComment(row: WireRow): Comment {
  return {
    id: row.$id,
    postId: text(row.postId),
    authorId: text(row.authorId),
    authorName: text(row.authorName),
    content: text(row.content),
    createdAt: row.$createdAt,
    ...hidden(row),
  };
}
