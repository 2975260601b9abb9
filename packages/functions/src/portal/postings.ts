import { BUCKETS, canManagePosting, DATABASE_ID, MESSAGES, TABLES, toJob, withAssignment, type Job } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { isAppwriteId } from '../platform/appwrite-ids.ts';
import type { Caller, Member } from '../platform/caller.ts';
import { invalidInput, notAllowed, notFound } from '../platform/command-error.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { attachedFilePermissions, canRead, postingReadRoles, type PostingAudience } from './permissions.ts';
import type { JobAssignmentRow, JobRow } from './rows.ts';
import { allSchools, isStaffOf, permissionRolesOf } from './schools.ts';

/**
 * The posting, if the caller may read it. A posting the caller cannot read answers "Job not found",
 * exactly like one that does not exist, so a command never reveals a private posting.
 */
export async function readablePosting(api: ServerApi, caller: Caller, jobId: string): Promise<JobRow> {
  if (!isAppwriteId(jobId)) throw notFound(MESSAGES.jobNotFound);
  const job = await orUndefined(api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: jobId }));
  if (!job) throw notFound(MESSAGES.jobNotFound);
  if (canRead(job.$permissions, caller.roles)) return job;
  // A school's private posting is read through its staff's team role, which only the memberships tell.
  if (caller.kind === 'member' && canRead(job.$permissions, await permissionRolesOf(api, caller))) return job;
  throw notFound(MESSAGES.jobNotFound);
}

/**
 * Refuses with `message` whoever may not manage the posting: `canManagePosting` (its creator or a
 * teacher), and for a teacher's posting, which belongs to their school, only that school's staff
 * besides its creator (issue 23); a recruiter's posting belongs to no school.
 */
export async function requirePostingManager(api: ServerApi, member: Member, job: JobRow, message: string): Promise<void> {
  if (!canManagePosting(member, job)) throw notAllowed(message);
  if (job.creatorId !== member.id && job.schoolId && !(await isStaffOf(api, member, job.schoolId))) {
    throw notAllowed('This opportunity belongs to another school: only its staff can change it.');
  }
}

/** Who the posting is assigned to (its `job_assignments` row, whose id is the posting's), if anyone. */
export async function postingAssignment(api: ServerApi, job: Pick<JobRow, '$id' | 'assignedAt'>): Promise<JobAssignmentRow | undefined> {
  if (!job.assignedAt) return undefined;
  return orUndefined(api.tables.getRow<JobAssignmentRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobAssignments, rowId: job.$id }));
}

/** The posting as a command answers it to a caller who may manage it: with the assigned student, if any. */
export async function managedPosting(api: ServerApi, job: JobRow): Promise<Job> {
  return withAssignment(toJob(job), await postingAssignment(api, job));
}

/** Gives the posting's image the posting's readers (its uploader keeps update and delete). */
export async function shareImageWithReaders(api: ServerApi, job: PostingAudience & Pick<JobRow, 'imageFileId'>, assigneeId: string | null): Promise<void> {
  if (!job.imageFileId) return;
  await api.storage.updateFile({
    bucketId: BUCKETS.jobImages,
    fileId: job.imageFileId,
    permissions: attachedFilePermissions(job.creatorId, postingReadRoles(job, assigneeId)),
  });
}

/**
 * The schools a recruiter picked for a posting (`schoolIds`), checked against the board's: none, or
 * all of them, is the whole board (stored as none, so a school added later is reached too).
 */
export async function pickedSchoolIds(api: ServerApi, picked: readonly string[] | undefined): Promise<string[]> {
  const wanted = [...new Set((picked ?? []).map((id) => id.trim()).filter(Boolean))].sort();
  if (wanted.length === 0) return [];
  const board = new Set((await allSchools(api)).map((school) => school.id));
  if (wanted.some((schoolId) => !board.has(schoolId))) throw invalidInput({ schoolIds: POSTING_SCHOOLS_UNKNOWN });
  return wanted.length === board.size ? [] : wanted;
}

/** Said when a posting names a school the board does not have. */
export const POSTING_SCHOOLS_UNKNOWN = 'Please choose schools of this board.';
