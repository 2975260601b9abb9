import type { ApplicationStatus, PostingType, Role } from './constants.ts';

/**
 * The domain's entities as the SDK hands them out: plain objects with an `id`, dates as ISO strings.
 * They mirror the tables of the `portal` database (architecture section 4).
 */

/** An opportunity: a Job, Gig, Enrichment or Volunteering posting. @public */
export interface Job {
  id: string;
  title: string;
  company: string;
  description: string;
  postingType: PostingType;
  /** Required for Job postings only. */
  cluster: string | null;
  location: string;
  address: string | null;
  contactEmail: string | null;
  /** Hidden for Gig postings; http or https only. */
  companyWebsite: string | null;
  /** Salary, free text; Job postings only. */
  hourlyRate: string | null;
  imageFileId: string | null;
  startDate: string | null;
  endDate: string | null;
  applicationDeadline: string | null;
  /** Public (true) or private (false, teachers only). */
  visible: boolean;
  creatorId: string;
  creatorEmail: string;
  assignedStudentId: string | null;
  assignedStudentEmail: string | null;
  viewCount: number;
  createdAt: string;
}

/** A student's application to a posting. @public */
export interface Application {
  id: string;
  jobId: string;
  jobTitle: string;
  jobCreatorId: string;
  applicantId: string;
  applicantEmail: string;
  relevantExperiences: string;
  interestInRole: string;
  careerGoals: string;
  resumeFileId: string;
  status: ApplicationStatus;
  createdAt: string;
}

/** A member's profile; the row id is the user id. @public */
export interface Profile {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  school: string;
  /** Comma-separated interests. */
  interests: string;
  bio: string;
  location: string;
  isPublic: boolean;
  photoFileId: string | null;
  contactEmail: string;
}

/** A blog post of the feed. @public */
export interface Post {
  id: string;
  authorId: string;
  authorName: string;
  authorAvatarFileId: string | null;
  content: string;
  imageFileIds: string[];
  likeCount: number;
  commentCount: number;
  createdAt: string;
}

/** A comment on a post. @public */
export interface Comment {
  id: string;
  postId: string;
  authorId: string;
  authorName: string;
  content: string;
  createdAt: string;
}

/** The signed-in account as the UI needs it. @public */
export interface CurrentUser {
  id: string;
  email: string;
  displayName: string;
  role: Role | undefined;
  emailVerified: boolean;
}
