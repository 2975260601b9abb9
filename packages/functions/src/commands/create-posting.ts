import { BUCKETS, buildSearchText, DATABASE_ID, earliestTodayAnywhere, TABLES, toJob, type JobColumns } from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { requireMember } from '../platform/caller.ts';
import { invalidInput } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { requestApproval } from '../portal/employer-approval.ts';
import { ownedFile } from '../portal/owned-files.ts';
import { postingPermissions } from '../portal/permissions.ts';
import { shareImageWithReaders } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';
import { checkedPosting, readPostingInput } from './posting-input.ts';

/**
 * POST /jobs — create a posting (`validatePosting`'s rules): teachers and recruiters only, private postings by
 * teachers only, a recruiter's readable only by them and teachers until a teacher approves the recruiter, the image the poster's own upload; the creator is the caller Appwrite names.
 */
export const createPosting: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const input = readPostingInput(body);
  const imageFileId = body.text('imageFileId')?.trim() || null;
  body.done();

  const posting = checkedPosting(input, { role: member.role, today: earliestTodayAnywhere() });
  if (imageFileId && !(await ownedFile(api.storage, BUCKETS.jobImages, imageFileId, member.id))) {
    throw invalidInput({ imageFileId: 'Please upload the image again: it must be your own upload' });
  }

  const columns: JobColumns = {
    ...posting,
    imageFileId,
    creatorId: member.id,
    creatorEmail: member.email,
    assignedAt: null,
    closedAs: null,
    viewCount: 0,
    searchText: buildSearchText(posting),
  };
  // A recruiter's public postings wait for a teacher's approval of the recruiter (once per account).
  const awaitingApproval = member.role === 'recruiter' && (await requestApproval(api, member, posting.company));
  const row = await api.tables.createRow<JobRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.jobs,
    rowId: ID.unique(),
    data: { ...columns, waitingForApproval: awaitingApproval },
    permissions: postingPermissions({ ...columns, awaitingApproval }, null),
  });
  try {
    await shareImageWithReaders(api, { ...row, awaitingApproval }, null);
  } catch (thrown) {
    // A posting whose image its readers cannot see is not what the poster asked for.
    await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: row.$id });
    throw thrown;
  }
  return toJob(row);
};
