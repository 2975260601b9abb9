/**
 * The spec's business constants. Clusters and locations are the defaults of the
 * reference deployment; a school passes its own through {@link DeploymentSettings}.
 */

/** The four posting types of the spec. @public */
export const POSTING_TYPES = ['Job', 'Gig', 'Enrichment', 'Volunteering'] as const;
/** Job, Gig, Enrichment or Volunteering. @public */
export type PostingType = (typeof POSTING_TYPES)[number];
/** @public */
export const DEFAULT_POSTING_TYPE: PostingType = 'Job';

/** The 19 job clusters of the spec. @public */
export const CLUSTERS = [
  'Business',
  'Accounting',
  'Marketing',
  'Sales',
  'Service (Retail, Food, etc)',
  'Finance',
  'Biology',
  'Chemistry',
  'Computer Science',
  'Mathematics',
  'Physics',
  'Engineering',
  'Healthcare',
  'Education',
  'Arts & Design',
  'Law',
  'Volunteering',
  'Other',
  'N/A',
] as const;
/** @public */
export type Cluster = (typeof CLUSTERS)[number];

/** The 13 location filter options of the spec. @public */
export const LOCATIONS = [
  'Toronto',
  'Mississauga',
  'Hamilton',
  'Oakville',
  'Burlington',
  'Waterloo',
  'Kitchener',
  'Guelph',
  'Milton',
  'Acton',
  'Georgetown',
  'Aldershot',
  'Brampton',
] as const;

/** The three roles, from the account's e-mail address (see `roleForEmail`). @public */
export const ROLES = ['student', 'teacher', 'recruiter'] as const;
/** student, teacher or recruiter. @public */
export type Role = (typeof ROLES)[number];

/** An application is created pending, then accepted or rejected. @public */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
/** pending, accepted or rejected. @public */
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * Where a posting stands: `open` takes applications; `closed` (no longer taking them) and `filled`
 * (someone got it) leave the students' listings but keep their applications as history. @public
 */
export const POSTING_STATES = ['open', 'closed', 'filled'] as const;
/** open, closed or filled. @public */
export type PostingState = (typeof POSTING_STATES)[number];

/** At most this many images on a blog post. @public */
export const MAX_POST_IMAGES = 3;
/** Dates of a posting may lie at most this many years ahead. @public */
export const MAX_YEARS_AHEAD = 10;
/** Upload limit of images and resumes, enforced by the buckets (the spec's hint says 10MB). @public */
export const MAX_UPLOAD_BYTES = 10_000_000;
/** Image types accepted for job, post and profile images. @public */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

/** The listing routes of the spec and the posting type each shows. @public */
export const LISTING_ROUTES: Readonly<Record<PostingType, string>> = {
  Job: '/job',
  Gig: '/gigs',
  Enrichment: '/enrichment',
  Volunteering: '/volunteer',
};

/**
 * What differs between deployments: the school's e-mail domain and teacher list decide roles; the
 * cluster and location lists feed the filters and the posting form.
 * @public
 */
export interface DeploymentSettings {
  /** The school board's e-mail domain, matched exactly after the `@` (for example `school.example`). */
  schoolDomain: string;
  /**
   * Staff addresses the board invites: each is made a teacher of the board's first school when it is
   * verified (an address outside the domain counts as staff too). Anyone else's staff powers are
   * granted by a school administrator.
   */
  teacherEmails: readonly string[];
  /** The board's administrators: they create schools and add each school's first administrator. */
  boardAdminEmails: readonly string[];
  clusters: readonly string[];
  locations: readonly string[];
}

/** @public */
export const DEFAULT_SETTINGS: DeploymentSettings = {
  schoolDomain: 'school.example',
  teacherEmails: [],
  boardAdminEmails: [],
  clusters: CLUSTERS,
  locations: LOCATIONS,
};

/** The voice interview picks one of this many preconfigured agents at random. @public */
export const INTERVIEW_AGENT_COUNT = 3;
/** A voice interviewer's replies stay under this many words. @public */
export const AGENT_REPLY_MAX_WORDS = 40;
/** Wait before fetching a finished session's audio when no recording exists. @public */
export const SESSION_AUDIO_DELAY_MS = 1500;
