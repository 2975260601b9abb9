import { AppwriteException, Query, type TablesDB } from 'appwrite';
import type { Job } from '../domain/entities.ts';
import { DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import { withAssignment } from '../domain/wire/rows.ts';
import { guard, PortalError } from './errors.ts';
import type { PortalRow } from './mapping.ts';

/**
 * Who a posting is assigned to lives in its `job_assignments` row (id = the posting's id), which
 * only the student, the posting's creator and teachers can read: the server answers everyone else
 * as if it did not exist, so for them an assigned posting stays without a student.
 */

/** One posting with its student, for a member who may see it. */
export async function withAssignmentOf(tables: TablesDB, job: Job): Promise<Job> {
  if (!job.assigned) return job;
  try {
    return withAssignment(job, await tables.getRow<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobAssignments, rowId: job.id }));
  } catch (thrown) {
    if (thrown instanceof AppwriteException && thrown.code === 404) return job;
    throw PortalError.from(thrown);
  }
}

/** A page of postings with their students, in one request for all the assigned ones the member may see. */
export async function withAssignmentsOf(tables: TablesDB, jobs: Job[]): Promise<Job[]> {
  const ids = jobs.filter((job) => job.assigned).map((job) => job.id);
  if (ids.length === 0) return jobs;
  const rows = await guard(() =>
    tables.listRows<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobAssignments, queries: [Query.equal('$id', ids), Query.limit(ids.length)] }),
  );
  const byJob = new Map(rows.rows.map((row) => [row.$id, row]));
  return jobs.map((job) => withAssignment(job, byJob.get(job.id)));
}
