import type { ApplicationStatus, PostingState, PostingType, Role } from './constants.ts';
import type { EmploymentType } from './posting-details.ts';
import type { PostingRuleDetails } from './youth-rules.ts';

/**
 * The domain's entities as the SDK hands them out: plain objects with an `id`, dates as ISO strings.
 * They mirror the tables of the `portal` database, defined in appwrite.config.json at the repository root.
 */

/** An opportunity: a Job, Gig, Enrichment or Volunteering posting. @public */
export interface Job {
  /** The posting id. */
  id: string;
  /** The title shown on cards. */
  title: string;
  /** Company or organization. */
  company: string;
  /** What the opportunity is. */
  description: string;
  /** Job, Gig, Enrichment or Volunteering. */
  postingType: PostingType;
  /** Required for Job postings only. */
  cluster: string | null;
  /** One of the location options. */
  location: string;
  /** Free-text address, when given: postings from before the address in parts (issue 28) have only this. */
  address: string | null;
  /** Street and number, without the city (`location`) or province; absent on postings from before it. */
  streetAddress?: string | null;
  /** Postal code, as the country writes it (Canada: `A1A 1A1`). */
  postalCode?: string | null;
  /** Province or state code (`ON`), the board's unless the posting named its own. */
  addressRegion?: string | null;
  /** Two-letter country code (`CA`). */
  addressCountry?: string | null;
  /** Job postings: full-time, part-time, … (Google's JobPosting values); absent when not stated. */
  employmentType?: EmploymentType | null;
  /** Where "Contact Employer" writes to. */
  contactEmail: string | null;
  /** Hidden for Gig postings; http or https only. */
  companyWebsite: string | null;
  /** Salary, free text; Job postings only. */
  hourlyRate: string | null;
  /** Its image in the `job-images` bucket. */
  imageFileId: string | null;
  /** Start date (ISO string), when given. */
  startDate: string | null;
  /** End date (ISO string), when given. */
  endDate: string | null;
  /** Application deadline (ISO string), when given. */
  applicationDeadline: string | null;
  /** Public (true) or private (false, teachers only). */
  visible: boolean;
  /** The user who posted it. */
  creatorId: string;
  /** The poster's e-mail address. */
  creatorEmail: string;
  /** Whether a teacher assigned it to a student (everyone who reads the posting knows this much). */
  assigned: boolean;
  /**
   * The student it is assigned to: only for that student, the posting's creator and teachers;
   * null for everyone else, even when `assigned` (students are minors: other readers never learn who).
   */
  assignedStudentId: string | null;
  /** That student's e-mail address (the card's "Student Assigned to"), for the same readers only. */
  assignedStudentEmail: string | null;
  /** open (takes applications), closed or filled (off the students' listings; applications kept). */
  state: PostingState;
  /** How often a card was opened from a listing. */
  viewCount: number;
  /** When it was posted (ISO string). */
  createdAt: string;
  /** Set when a teacher hid it after a report: why, for its author (others no longer read it). */
  hiddenReason?: string | null;
  /** Set while its recruiter waits for a teacher's approval: only they and teachers read it until then. */
  waitingForApproval?: true;
  /** The schools of the board a recruiter meant the posting for (issue 23); absent: the whole board. */
  schoolIds?: string[];
  /**
   * What the youth-work rules weigh (issue 26): workplace, tasks, schedule, pay as a number, and an age
   * the poster asks for. Absent on postings from before the rules; `ruleFactsOf` fills the defaults.
   */
  ruleDetails?: PostingRuleDetails;
  /**
   * On a student's listing: set when their age does not allow the posting yet, with from which age and
   * the sentence that says why (the server's ruling; nothing about the student's age itself).
   */
  ageRuling?: { fromAge: number; message: string };
}

/** A student's application to a posting. @public */
export interface Application {
  /** The application id. */
  id: string;
  /** The posting applied to. */
  jobId: string;
  /** The posting's title when the application was made. */
  jobTitle: string;
  /** The posting's company when the application was made (issue 25: My applications names it); empty for applications made before it was kept. */
  jobCompany: string;
  /** The posting's creator, who decides on it. */
  jobCreatorId: string;
  /** The student who applied. */
  applicantId: string;
  /** The applicant's e-mail address. */
  applicantEmail: string;
  /** The applicant's name as their account gives it when they applied; empty for applications made before names were kept. */
  applicantName: string;
  /** The applicant's relevant experiences. */
  relevantExperiences: string;
  /** Why the role interests the applicant. */
  interestInRole: string;
  /** The applicant's career goals. */
  careerGoals: string;
  /** The PDF resume in the `resumes` bucket. */
  resumeFileId: string;
  /** pending, accepted or rejected. */
  status: ApplicationStatus;
  /** When the posting's creator first decided on it (accepted or rejected; a posting that closed unanswered counts), for their response time; null while pending or decided before it was kept. */
  decidedAt?: string | null;
  /** The posting was removed since: the application stays as history, with nothing to link to. */
  postingRemoved: boolean;
  /** When it was submitted (ISO string). */
  createdAt: string;
}

/** A member's profile; the row id is the user id. @public */
export interface Profile {
  /** The member's user id. */
  id: string;
  /** The account's e-mail address (the network route's id). */
  email: string;
  /** Display name. */
  name: string;
  /** The member's role, from the account's label. */
  role: Role | null;
  /** School, free text. */
  school: string;
  /** Comma-separated interests. */
  interests: string;
  /** About the member. */
  bio: string;
  /** Where the member is, free text. */
  location: string;
  /** Shown to other members (true by default). */
  isPublic: boolean;
  /** The photo in the `profile-photos` bucket. */
  photoFileId: string | null;
  /** Where to reach the member (the account's address by default). */
  contactEmail: string;
}

/** A blog post of the feed. @public */
export interface Post {
  /** The post id. */
  id: string;
  /** The member who wrote it. */
  authorId: string;
  /** The author's name when it was posted. */
  authorName: string;
  /** The author's photo in `profile-photos`. */
  authorAvatarFileId: string | null;
  /** The text of the post. */
  content: string;
  /** Up to 3 images in the `post-images` bucket. */
  imageFileIds: string[];
  /** How many members like it. */
  likeCount: number;
  /** How many comments it has. */
  commentCount: number;
  /** When it was posted (ISO string). */
  createdAt: string;
  /** Set when a teacher hid it after a report: why, for its author (others no longer read it). */
  hiddenReason?: string | null;
}

/** A comment on a post. @public */
export interface Comment {
  /** The comment id. */
  id: string;
  /** The post it comments on. */
  postId: string;
  /** The member who wrote it. */
  authorId: string;
  /** The author's name when it was written. */
  authorName: string;
  /** The text of the comment. */
  content: string;
  /** When it was written (ISO string). */
  createdAt: string;
  /** Set when a teacher hid it after a report: why, for its author (others no longer read it). */
  hiddenReason?: string | null;
}

/** The signed-in account as the UI needs it. @public */
export interface CurrentUser {
  /** The user id. */
  id: string;
  /** The account's e-mail address. */
  email: string;
  /** The name the greeting uses. */
  displayName: string;
  /** The role from the server-set label; undefined until a school address is verified. */
  role: Role | undefined;
  /** Whether the e-mail address is verified. */
  emailVerified: boolean;
  /** Whether the account administers the school board (the server-set `boardadmin` label); absent reads as no. */
  boardAdmin?: boolean;
}
