import type { Models } from 'node-appwrite';
import type { Application, Comment, Job, Post, Profile, Role } from '@opportunity-kit/sdk/domain';

/**
 * The columns of each `portal` table as rows carry them, and the plain shapes (the SDK domain's
 * entities) that command answers use: `id` and `createdAt` instead of Appwrite's `$` fields.
 */

/** Stored next to a posting's fields: the text the jobs search matches. */
export type JobColumns = Omit<Job, 'id' | 'createdAt'> & { searchText: string };

export type ApplicationColumns = Omit<Application, 'id' | 'createdAt'>;

export interface ProfileColumns {
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
}

export type PostColumns = Omit<Post, 'id' | 'createdAt'>;

export type CommentColumns = Omit<Comment, 'id' | 'createdAt'>;

export interface PostLikeColumns {
  postId: string;
  userId: string;
}

export interface NewsletterColumns {
  email: string;
}

export type JobRow = Models.Row & JobColumns;
export type ApplicationRow = Models.Row & ApplicationColumns;
export type ProfileRow = Models.Row & ProfileColumns;
export type PostRow = Models.Row & PostColumns;
export type CommentRow = Models.Row & CommentColumns;
export type PostLikeRow = Models.Row & PostLikeColumns;
export type NewsletterRow = Models.Row & NewsletterColumns;

export function toJob(row: JobRow): Job {
  return {
    id: row.$id,
    title: row.title,
    company: row.company,
    description: row.description,
    postingType: row.postingType,
    cluster: row.cluster,
    location: row.location,
    address: row.address,
    contactEmail: row.contactEmail,
    companyWebsite: row.companyWebsite,
    hourlyRate: row.hourlyRate,
    imageFileId: row.imageFileId,
    startDate: row.startDate,
    endDate: row.endDate,
    applicationDeadline: row.applicationDeadline,
    visible: row.visible,
    creatorId: row.creatorId,
    creatorEmail: row.creatorEmail,
    assignedStudentId: row.assignedStudentId,
    assignedStudentEmail: row.assignedStudentEmail,
    viewCount: Number(row.viewCount),
    createdAt: row.$createdAt,
  };
}

export function toApplication(row: ApplicationRow): Application {
  return {
    id: row.$id,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    jobCreatorId: row.jobCreatorId,
    applicantId: row.applicantId,
    applicantEmail: row.applicantEmail,
    relevantExperiences: row.relevantExperiences,
    interestInRole: row.interestInRole,
    careerGoals: row.careerGoals,
    resumeFileId: row.resumeFileId,
    status: row.status,
    createdAt: row.$createdAt,
  };
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.$id,
    email: row.email,
    name: row.name,
    role: row.role,
    school: row.school ?? '',
    interests: row.interests ?? '',
    bio: row.bio ?? '',
    location: row.location ?? '',
    isPublic: row.isPublic,
    photoFileId: row.photoFileId,
    contactEmail: row.contactEmail ?? row.email,
  };
}

export function toPost(row: PostRow): Post {
  return {
    id: row.$id,
    authorId: row.authorId,
    authorName: row.authorName,
    authorAvatarFileId: row.authorAvatarFileId,
    content: row.content,
    imageFileIds: row.imageFileIds,
    likeCount: Number(row.likeCount),
    commentCount: Number(row.commentCount),
    createdAt: row.$createdAt,
  };
}

export function toComment(row: CommentRow): Comment {
  return { id: row.$id, postId: row.postId, authorId: row.authorId, authorName: row.authorName, content: row.content, createdAt: row.$createdAt };
}
