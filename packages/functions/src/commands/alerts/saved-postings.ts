import { DATABASE_ID, TABLES, toJob, type Removed, type SavedPosting, type SavedPostingColumns } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import type { Member } from '../../platform/caller.ts';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { allRows, derivedRowId, studentOnlyPermissions, type SavedPostingRow } from '../../portal/alert-rows.ts';
import { readablePosting } from '../../portal/postings.ts';
import type { JobRow } from '../../portal/rows.ts';
import { studentMayOpen, studentReaderOf } from '../../portal/student-view.ts';
import { requireConfirmedStudent, requireStudent } from './student.ts';

/**
 * Saved postings (issue 17). A saved row keeps the posting's title, company, type and deadline from
 * when it was saved, so a posting that is later removed (or no longer readable) stays listed, as
 * removed, instead of vanishing from the student's list.
 */

const savedRowId = (studentId: string, jobId: string): string => derivedRowId('saved', studentId, jobId);

/** PUT /saved/{jobId} — saves a posting the student may read; a posting they cannot read is "Job not found" and nothing is saved. */
export const savePosting: Command = async ({ caller, params, api }) => {
  const student = requireConfirmedStudent(caller);
  const job = toJob(await readablePosting(api, student, params.jobId as string));
  const row = await api.tables.upsertRow<SavedPostingRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.savedPostings,
    rowId: savedRowId(student.id, job.id),
    data: {
      studentId: student.id,
      jobId: job.id,
      title: job.title,
      company: job.company,
      postingType: job.postingType,
      applicationDeadline: job.applicationDeadline,
    } satisfies SavedPostingColumns,
    permissions: studentOnlyPermissions(student.id),
  });
  return { ...savedFromRow(row), status: job.state === 'open' ? 'open' : 'closed', job } satisfies SavedPosting;
};

/** DELETE /saved/{jobId} — unsaves; unsaving what was not saved answers the same, so a second tap is harmless. */
export const unsavePosting: Command = async ({ caller, params, api }) => {
  const student = requireStudent(caller);
  const jobId = params.jobId as string;
  const rowId = savedRowId(student.id, jobId);
  if (await orUndefined(api.tables.getRow({ databaseId: DATABASE_ID, tableId: TABLES.savedPostings, rowId }))) {
    await orUndefined(api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.savedPostings, rowId }));
  }
  return { id: jobId } satisfies Removed;
};

/** GET /saved — the student's saved postings, newest saved first, each with where it stands now. */
export const listSaved: Command = async ({ caller, api }) => {
  const student = requireStudent(caller);
  const rows = await allRows<SavedPostingRow>(api, TABLES.savedPostings, [Query.equal('studentId', student.id)]);
  const jobs = await postingsById(
    api,
    rows.map((row) => row.jobId),
  );
  return rows
    .map((row) => withStanding(row, jobs.get(row.jobId), student))
    .sort((a, b) => (a.savedAt === b.savedAt ? 0 : a.savedAt < b.savedAt ? 1 : -1)) satisfies SavedPosting[];
};

function savedFromRow(row: SavedPostingRow): Omit<SavedPosting, 'status' | 'job'> {
  return {
    jobId: row.jobId,
    title: row.title,
    company: row.company ?? '',
    postingType: row.postingType,
    applicationDeadline: row.applicationDeadline ?? null,
    savedAt: row.$createdAt,
  };
}

/** A posting the student can no longer open reads as removed: saving it once must not keep revealing a posting made private or hidden. */
function withStanding(row: SavedPostingRow, job: JobRow | undefined, student: Member): SavedPosting {
  if (!job || !studentMayOpen(job, studentReaderOf(student))) return { ...savedFromRow(row), status: 'removed', job: null };
  const current = toJob(job);
  return { ...savedFromRow(row), status: current.state === 'open' ? 'open' : 'closed', job: current };
}

async function postingsById(api: ServerApi, ids: readonly string[]): Promise<Map<string, JobRow>> {
  const found = new Map<string, JobRow>();
  for (let start = 0; start < ids.length; start += 100) {
    const chunk = ids.slice(start, start + 100);
    const page = await api.tables.listRows<JobRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.jobs,
      queries: [Query.equal('$id', [...chunk]), Query.limit(100)],
      total: false,
    });
    for (const job of page.rows) found.set(job.$id, job);
  }
  return found;
}
