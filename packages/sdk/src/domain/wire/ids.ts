/**
 * The ids of what `appwrite.config.json` declares, as the SDK, the public client and the functions
 * name them. `ids.test.ts` holds them to that file, so a renamed table fails a test instead of a call.
 */

/** The one database of the portal. */
export const DATABASE_ID = 'portal';

/** The tables of the `portal` database, by the name the code uses for each. */
export const TABLES = {
  jobs: 'jobs',
  jobViews: 'job_views',
  jobAssignments: 'job_assignments',
  applications: 'applications',
  profiles: 'profiles',
  posts: 'posts',
  comments: 'comments',
  postLikes: 'post_likes',
  newsletter: 'newsletter',
  newsletterIssues: 'newsletter_issues',
  coachMessages: 'coach_messages',
  interviewSessions: 'interview_sessions',
  aiUsage: 'ai_usage',
  accountOrigins: 'account_origins',
  rosterAccounts: 'roster_accounts',
  /** Facts about a student no client reads (their graduation year, from the roster); row id = the student's id. */
  studentRecords: 'student_records',
  /** The board's youth-work rules (issue 26): one row, `board`, that only the functions read and write. */
  boardRules: 'board_rules',
  /** Every change of the board's youth-work rules: who, when, what (issue 26); only the functions read it. */
  boardRuleChanges: 'board_rule_changes',
  serviceHours: 'service_hours',
  hoursConfirmations: 'hours_confirmations',
  /** A parent's link to sign an under-18 student's hours (issue 26); row id = the entry's id; only the hash of the mailed token. */
  hoursParentLinks: 'hours_parent_links',
  hoursDays: 'hours_days',
  hoursMailCounts: 'hours_mail_counts',
  savedPostings: 'saved_postings',
  alerts: 'alerts',
  /** Which saved searches a new posting may match, by key (issue 27); only the functions read and write it. */
  alertKeys: 'alert_keys',
  notifications: 'notifications',
  digestSubscriptions: 'digest_subscriptions',
  /** Where the day's digest pass has got to (issue 27): row id = the day; only the functions read and write it. */
  digestRuns: 'digest_runs',
  reports: 'reports',
  reportCounts: 'report_counts',
  moderationAudit: 'moderation_audit',
  recruiterApprovals: 'recruiter_approvals',
  schoolRequests: 'school_requests',
} as const;

export type TableId = (typeof TABLES)[keyof typeof TABLES];

/** The storage buckets of the portal. @public */
export type BucketId = 'job-images' | 'post-images' | 'profile-photos' | 'resumes' | 'interview-recordings';

/** The storage buckets, by the name the code uses for each. */
export const BUCKETS = {
  jobImages: 'job-images',
  postImages: 'post-images',
  profilePhotos: 'profile-photos',
  resumes: 'resumes',
  interviewRecordings: 'interview-recordings',
} as const satisfies Readonly<Record<string, BucketId>>;

/**
 * Where clients upload, and nobody but the functions reads: file security is off, so no permission an
 * uploader puts on a file there shows it to anyone. A command moves the uploader's own file from here
 * into the bucket of what it is attached to, with that thing's readers; what no command attached is
 * deleted by the `commands` function's schedule.
 */
export const UPLOADS_BUCKET = 'uploads';

/** The Appwrite Functions of the portal (a deployment may rename `commands` and `ai`: see `PortalClientOptions.functionIds`). */
export const FUNCTIONS = {
  roles: 'roles',
  commands: 'commands',
  ai: 'ai',
  alerts: 'alerts',
} as const;

export type FunctionId = (typeof FUNCTIONS)[keyof typeof FUNCTIONS];
