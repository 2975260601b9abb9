import {
  BUCKETS,
  buildSearchText,
  DATABASE_ID,
  earliestTodayAnywhere,
  TABLES,
  toJob,
  type Job,
  type JobColumns,
  type PostingInput,
} from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { requireMember, type Member } from '../platform/caller.ts';
import { invalidInput } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { postingReach, requestApproval, type PostingReach } from '../portal/employer-approval.ts';
import { postingPermissions } from '../portal/permissions.ts';
import { pickedSchoolIds, shareImageWithReaders } from '../portal/postings.ts';
import { actingSchool } from '../portal/schools.ts';
import type { JobRow } from '../portal/rows.ts';
import { claimUpload, discardClaimed, discardUploadsOnFailure, imageUploadProblem } from '../portal/uploads.ts';
import { checkedPosting, readPostingInput } from './posting-input.ts';
import { boardRulesOf } from '../portal/youth-rules.ts';

/**
 * POST /jobs — create a posting (`validatePosting`'s rules): teachers and recruiters only, private postings by
 * teachers only (read by the staff of the teacher's school, `schoolId` naming it for staff of several), a recruiter's readable only by them and teachers until a teacher approves the recruiter, the
 * image the poster's own upload (moved into `job-images`; a refused posting leaves it behind nowhere); the
 * creator is the caller Appwrite names.
 */
export const createPosting: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const input = readPostingInput(body);
  const imageFileId = body.text('imageFileId')?.trim() || null;
  const requestedSchool = body.text('schoolId');
  const pickedSchools = body.textList('schoolIds');
  body.done();
  // A teacher's posting belongs to the school they post for (staff of several name it); a recruiter's to none.
  const schoolId = member.role === 'teacher' ? await actingSchool(api, member, requestedSchool) : null;
  // A recruiter's posting reaches the whole board, or the schools they pick; a teacher's is their school's.
  const schoolIds = member.role === 'recruiter' ? await pickedSchoolIds(api, pickedSchools) : null;
  return discardUploadsOnFailure(api, imageFileId ? [imageFileId] : [], member.id, () =>
    publishPosting(api, member, input, imageFileId, { schoolId, schoolIds }),
  );
};

async function publishPosting(
  api: ServerApi,
  member: Member,
  input: PostingInput,
  imageFileId: string | null,
  school: Pick<JobColumns, 'schoolId' | 'schoolIds'>,
): Promise<Job> {
  const posting = checkedPosting(input, { role: member.role, today: earliestTodayAnywhere(), rules: await boardRulesOf(api) });
  const problem = imageFileId ? await imageUploadProblem(api, imageFileId, member.id) : undefined;
  if (problem) throw invalidInput({ imageFileId: problem });
  const image = imageFileId ? await claimUpload(api, BUCKETS.jobImages, imageFileId, member.id) : undefined;
  if (imageFileId && !image) throw invalidInput({ imageFileId: 'Please upload the image again: it must be your own upload' });

  const columns: JobColumns = {
    ...posting,
    imageFileId,
    creatorId: member.id,
    creatorEmail: member.email,
    assignedAt: null,
    closedAs: null,
    viewCount: 0,
    searchText: buildSearchText(posting),
    ...school,
  };
  const { row, reach } = await writePosting(api, member, columns).catch(async (thrown: unknown) => {
    await discardClaimed(api, BUCKETS.jobImages, [image]);
    throw thrown;
  });
  try {
    await shareImageWithReaders(api, { ...row, ...reach }, null);
  } catch (thrown) {
    // A posting whose image its readers cannot see is not what the poster asked for.
    await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: row.$id });
    await discardClaimed(api, BUCKETS.jobImages, [image]);
    throw thrown;
  }
  return toJob(row);
}

/**
 * The posting's row; a recruiter's public postings reach a school once it (or the board, for every
 * school) approved the recruiter, asked for once per account with their first posting.
 */
async function writePosting(api: ServerApi, member: Member, columns: JobColumns): Promise<{ row: JobRow; reach: PostingReach }> {
  if (member.role === 'recruiter') await requestApproval(api, member, columns.company);
  const reach = await postingReach(api, columns);
  const row = await api.tables.createRow<JobRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.jobs,
    rowId: ID.unique(),
    data: { ...columns, waitingForApproval: reach.awaitingApproval },
    permissions: postingPermissions({ ...columns, ...reach }, null),
  });
  return { row, reach };
}
