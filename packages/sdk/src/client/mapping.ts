import type { Models } from 'appwrite';
import { APPLICATION_STATUSES, POSTING_TYPES, ROLES, type ApplicationStatus, type PostingType, type Role } from '../domain/constants.ts';
import type { Application, Comment, CurrentUser, Job, Post, Profile } from '../domain/entities.ts';
import { roleFromLabels } from '../domain/roles.ts';

/**
 * Rows of the `portal` tables (architecture section 4) turned into the domain's entities: `id` and
 * `createdAt` instead of Appwrite's `$` fields, numbers as numbers, dates as the ISO strings Appwrite
 * stores (the same shape the `commands` function and the public client answer). Only this file knows
 * the column names of a row.
 */

/** Ids of the `portal` database, its tables and buckets, as `appwrite.config.json` declares them. */
export const DATABASE_ID = 'portal';
export const TABLES = {
  jobs: 'jobs',
  applications: 'applications',
  profiles: 'profiles',
  posts: 'posts',
  comments: 'comments',
  postLikes: 'post_likes',
} as const;

/** The storage buckets of the portal. @public */
export type BucketId = 'job-images' | 'post-images' | 'profile-photos' | 'resumes' | 'interview-recordings';

type Columns = Record<string, unknown>;
export type PortalRow = Models.Row & Columns;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);

function postingType(value: unknown): PostingType {
  return POSTING_TYPES.find((type) => type === value) ?? 'Job';
}

function applicationStatus(value: unknown): ApplicationStatus {
  return APPLICATION_STATUSES.find((status) => status === value) ?? 'pending';
}

function role(value: unknown): Role | null {
  return ROLES.find((candidate) => candidate === value) ?? null;
}

export function toJob(row: PortalRow): Job {
  return {
    id: row.$id,
    title: text(row.title),
    company: text(row.company),
    description: text(row.description),
    postingType: postingType(row.postingType),
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
    visible: row.visible !== false,
    creatorId: text(row.creatorId),
    creatorEmail: text(row.creatorEmail),
    assignedStudentId: optionalText(row.assignedStudentId),
    assignedStudentEmail: optionalText(row.assignedStudentEmail),
    viewCount: count(row.viewCount),
    createdAt: row.$createdAt,
  };
}

export function toApplication(row: PortalRow): Application {
  return {
    id: row.$id,
    jobId: text(row.jobId),
    jobTitle: text(row.jobTitle),
    jobCreatorId: text(row.jobCreatorId),
    applicantId: text(row.applicantId),
    applicantEmail: text(row.applicantEmail),
    relevantExperiences: text(row.relevantExperiences),
    interestInRole: text(row.interestInRole),
    careerGoals: text(row.careerGoals),
    resumeFileId: text(row.resumeFileId),
    status: applicationStatus(row.status),
    createdAt: row.$createdAt,
  };
}

export function toProfile(row: PortalRow): Profile {
  const email = text(row.email);
  return {
    id: row.$id,
    email,
    name: text(row.name),
    role: role(row.role),
    school: text(row.school),
    interests: text(row.interests),
    bio: text(row.bio),
    location: text(row.location),
    isPublic: row.isPublic !== false,
    photoFileId: optionalText(row.photoFileId),
    contactEmail: optionalText(row.contactEmail) ?? email,
  };
}

export function toPost(row: PortalRow): Post {
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
  };
}

export function toComment(row: PortalRow): Comment {
  return {
    id: row.$id,
    postId: text(row.postId),
    authorId: text(row.authorId),
    authorName: text(row.authorName),
    content: text(row.content),
    createdAt: row.$createdAt,
  };
}

/** The account as the UI needs it: display name, role from the labels the server set, verification. */
export function toCurrentUser(user: Models.User): CurrentUser {
  return {
    id: user.$id,
    email: user.email,
    displayName: user.name,
    role: roleFromLabels(user.labels ?? []),
    emailVerified: user.emailVerification,
  };
}

