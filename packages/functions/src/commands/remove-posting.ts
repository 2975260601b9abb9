import { BUCKETS, canRemovePosting, DATABASE_ID, TABLES, type Removed } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../platform/caller.ts';
import { notAllowed } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { deleteFileIfPresent } from '../portal/owned-files.ts';
import { readablePosting } from '../portal/postings.ts';

/** DELETE /jobs/{id} — its creator or any teacher removes a posting, with its image. */
export const removePosting: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const job = await readablePosting(api, member, params.id as string);
  if (!canRemovePosting(member, job)) throw notAllowed('Only the creator of this opportunity or a teacher can remove it.');
  await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id });
  if (job.imageFileId) await deleteFileIfPresent(api.storage, BUCKETS.jobImages, job.imageFileId);
  return { id: job.$id } satisfies Removed;
};
