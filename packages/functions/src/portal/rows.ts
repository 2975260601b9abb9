import type {
  ApplicationColumns,
  CommentColumns,
  JobAssignmentColumns,
  JobColumns,
  NewsletterColumns,
  NewsletterIssueColumns,
  PostColumns,
  PostLikeColumns,
  ProfileColumns,
  ServiceHoursColumns,
} from '@opportunity-kit/sdk/domain';
import type { Models } from 'node-appwrite';

/**
 * The rows of the `portal` tables as node-appwrite returns them: Appwrite's `$` fields and the
 * columns of the wire contract (`@opportunity-kit/sdk/domain`), whose mappers (`toJob`, …) turn them
 * into the entities that command answers use.
 */

export type JobRow = Models.Row & JobColumns;
export type JobAssignmentRow = Models.Row & JobAssignmentColumns;
export type ApplicationRow = Models.Row & ApplicationColumns;
export type ProfileRow = Models.Row & ProfileColumns;
/** `schoolId`: the school whose members read the post (issue 23); null or absent for a post from before schools. */
export type PostRow = Models.Row & PostColumns & { schoolId?: string | null };
export type CommentRow = Models.Row & CommentColumns;
export type PostLikeRow = Models.Row & PostLikeColumns;
export type NewsletterRow = Models.Row & NewsletterColumns;

/** One weekly newsletter mail (`newsletter_issues`, row id = its ISO week). */
export type NewsletterIssueRow = Models.Row & NewsletterIssueColumns;

/** A community involvement hours entry (`service_hours`). */
export type ServiceHoursRow = Models.Row & ServiceHoursColumns;
