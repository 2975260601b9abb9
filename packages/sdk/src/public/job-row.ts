import type { PostingType } from '../domain/constants.ts';
import type { Job } from '../domain/entities.ts';

/** The ids of the `portal` database of appwrite.config.json that the public client reads. */
export const DATABASE_ID = 'portal';
export const JOBS_TABLE_ID = 'jobs';
export const JOB_IMAGES_BUCKET_ID = 'job-images';

/**
 * The columns the public client asks for: every column of a `Job`, but not `searchText` (up to
 * 10,000 characters that only the server's full-text index needs).
 */
export const JOB_COLUMNS = [
  'title', 'company', 'description', 'postingType', 'cluster', 'location', 'address', 'contactEmail',
  'companyWebsite', 'hourlyRate', 'imageFileId', 'startDate', 'endDate', 'applicationDeadline', 'visible',
  'creatorId', 'creatorEmail', 'assignedStudentId', 'assignedStudentEmail', 'viewCount',
] as const;

/** A row of the `jobs` table as the REST API returns it. */
export type JobRow = { $id: string; $createdAt: string } & {
  [column in (typeof JOB_COLUMNS)[number]]?: unknown;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optional = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Maps a row to the domain's `Job`; a column the server left out reads as empty, never as `undefined`. */
export function toJob(row: JobRow): Job {
  return {
    id: row.$id,
    title: text(row.title),
    company: text(row.company),
    description: text(row.description),
    postingType: text(row.postingType) as PostingType,
    cluster: optional(row.cluster),
    location: text(row.location),
    address: optional(row.address),
    contactEmail: optional(row.contactEmail),
    companyWebsite: optional(row.companyWebsite),
    hourlyRate: optional(row.hourlyRate),
    imageFileId: optional(row.imageFileId),
    startDate: optional(row.startDate),
    endDate: optional(row.endDate),
    applicationDeadline: optional(row.applicationDeadline),
    visible: row.visible === true,
    creatorId: text(row.creatorId),
    creatorEmail: text(row.creatorEmail),
    assignedStudentId: optional(row.assignedStudentId),
    assignedStudentEmail: optional(row.assignedStudentEmail),
    viewCount: typeof row.viewCount === 'number' ? row.viewCount : 0,
    createdAt: row.$createdAt,
  };
}
