/**
 * Ids of the `portal` database, its tables and the buckets, as declared in the root
 * `appwrite.config.json`.
 */
export const DATABASE_ID = 'portal';

export const TABLES = {
  jobs: 'jobs',
  applications: 'applications',
  profiles: 'profiles',
  posts: 'posts',
  comments: 'comments',
  postLikes: 'post_likes',
  newsletter: 'newsletter',
  coachMessages: 'coach_messages',
  interviewSessions: 'interview_sessions',
  aiUsage: 'ai_usage',
  accountOrigins: 'account_origins',
} as const;

export const BUCKETS = {
  jobImages: 'job-images',
  postImages: 'post-images',
  profilePhotos: 'profile-photos',
  resumes: 'resumes',
  interviewRecordings: 'interview-recordings',
} as const;

export type TableId = (typeof TABLES)[keyof typeof TABLES];
export type BucketId = (typeof BUCKETS)[keyof typeof BUCKETS];
