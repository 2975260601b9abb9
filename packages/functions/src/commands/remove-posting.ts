import { canRemovePosting } from '@opportunity-kit/sdk/domain';
import { BUCKETS, DATABASE_ID, TABLES } from '../portal/schema.ts';
import { requireMember } from './caller.ts';
import { notAllowed } from './command-error.ts';
import { deleteFileIfPresent } from './owned-files.ts';
import { readablePosting } from './postings.ts';
import type { Command } from './router.ts';

/** DELETE /jobs/{id} — its creator or any teacher removes a posting, with its image. */
export const removePosting: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const job = await readablePosting(api, member, params.id as string);
  if (!canRemovePosting(member, job)) throw notAllowed('Only the creator of this opportunity or a teacher can remove it.');
  await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id });
  if (job.imageFileId) await deleteFileIfPresent(api.storage, BUCKETS.jobImages, job.imageFileId);
  return { id: job.$id };
};
