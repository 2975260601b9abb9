import { BUCKETS, DATABASE_ID, TABLES, type Removed } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember } from '../platform/caller.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { deleteFileIfPresent } from '../portal/owned-files.ts';
import { readablePosting, requirePostingManager } from '../portal/postings.ts';
import { refreshProfileAccess } from '../portal/profile-access.ts';
import type { ApplicationRow } from '../portal/rows.ts';
import { writeTogether, type RowWrite } from '../portal/atomic-writes.ts';

/** Writes per transaction, well under Appwrite's limit of operations in one. */
const WRITES_PER_TRANSACTION = 50;

/**
 * DELETE /jobs/{id} — its creator or any teacher removes a posting, with its image and its
 * assignment. Its applications stay as history, marked `postingRemoved`, so the applicants' lists
 * can say so instead of linking to a posting that is gone.
 */
export const removePosting: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const job = await readablePosting(api, member, params.id as string);
  await requirePostingManager(api, member, job, 'Only the creator of this opportunity or a teacher can remove it.');

  const applications = await applicationsOf(api, job.$id);
  const marks: RowWrite[] = applications.map(({ $id: rowId }) => ({
    action: 'update',
    tableId: TABLES.applications,
    rowId,
    data: { postingRemoved: true },
  }));
  const removals: RowWrite[] = [
    ...(job.assignedAt ? [{ action: 'delete', tableId: TABLES.jobAssignments, rowId: job.$id } as const] : []),
    { action: 'bulkDelete', tableId: TABLES.jobViews, queries: [Query.equal('jobId', job.$id)] },
    { action: 'delete', tableId: TABLES.jobs, rowId: job.$id },
  ];
  const writes = [...marks, ...removals];
  // The posting goes in the last group, so a failure before it leaves the posting there to remove again.
  for (let start = 0; start < writes.length; start += WRITES_PER_TRANSACTION) {
    await writeTogether(api, writes.slice(start, start + WRITES_PER_TRANSACTION));
  }
  if (job.imageFileId) await deleteFileIfPresent(api.storage, BUCKETS.jobImages, job.imageFileId);
  // A removed posting's applicants are no longer the creator's applicants: their profiles close to the creator.
  for (const applicantId of new Set(applications.map((application) => application.applicantId))) await refreshProfileAccess(api, applicantId);
  return { id: job.$id } satisfies Removed;
};

async function applicationsOf(api: ServerApi, jobId: string): Promise<Array<Pick<ApplicationRow, '$id' | 'applicantId'>>> {
  const applications: Array<Pick<ApplicationRow, '$id' | 'applicantId'>> = [];
  for (;;) {
    const cursor = applications.at(-1)?.$id;
    const page = await api.tables.listRows<ApplicationRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.applications,
      queries: [Query.equal('jobId', jobId), Query.orderAsc('$id'), Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      total: false,
    });
    applications.push(...page.rows.map(({ $id, applicantId }) => ({ $id, applicantId })));
    if (page.rows.length < 100) return applications;
  }
}
