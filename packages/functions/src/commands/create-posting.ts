import {
  BUCKETS,
  buildSearchText,
  DATABASE_ID,
  earliestTodayAnywhere,
  TABLES,
  toJob,
  validatePosting,
  type JobColumns,
  type PostingInput,
} from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { requireMember } from '../platform/caller.ts';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { ownedFile } from '../portal/owned-files.ts';
import { postingPermissions } from '../portal/permissions.ts';
import { shareImageWithReaders } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';

/**
 * POST /jobs — create a posting (`validatePosting`'s rules): teachers and recruiters only, private postings by
 * teachers only, the image the poster's own upload; the creator is the caller Appwrite names.
 */
export const createPosting: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const input: PostingInput = {
    postingType: body.text('postingType') ?? '',
    title: body.text('title') ?? '',
    company: body.text('company') ?? '',
    description: body.text('description') ?? '',
    cluster: body.text('cluster') ?? null,
    location: body.text('location') ?? '',
    address: body.text('address') ?? null,
    contactEmail: body.text('contactEmail') ?? null,
    companyWebsite: body.text('companyWebsite') ?? null,
    hourlyRate: body.text('hourlyRate') ?? null,
    startDate: body.text('startDate') ?? null,
    endDate: body.text('endDate') ?? null,
    applicationDeadline: body.text('applicationDeadline') ?? null,
    visible: body.boolean('visible') ?? true,
  };
  const imageFileId = body.text('imageFileId')?.trim() || null;
  body.done();

  const result = validatePosting(input, { role: member.role, today: earliestTodayAnywhere() });
  if (!result.ok) {
    // Who may post, and who may post privately, are permissions rather than input mistakes.
    const denied = result.errors.form ?? result.errors.visible;
    if (denied) throw notAllowed(denied);
    throw invalidInput(result.errors);
  }
  if (imageFileId && !(await ownedFile(api.storage, BUCKETS.jobImages, imageFileId, member.id))) {
    throw invalidInput({ imageFileId: 'Please upload the image again: it must be your own upload' });
  }

  const posting = result.value;
  const columns: JobColumns = {
    ...posting,
    imageFileId,
    creatorId: member.id,
    creatorEmail: member.email,
    assignedStudentId: null,
    assignedStudentEmail: null,
    viewCount: 0,
    searchText: buildSearchText(posting),
  };
  const row = await api.tables.createRow<JobRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.jobs,
    rowId: ID.unique(),
    data: columns,
    permissions: postingPermissions(columns),
  });
  try {
    await shareImageWithReaders(api, row);
  } catch (thrown) {
    // A posting whose image its readers cannot see is not what the poster asked for.
    await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: row.$id });
    throw thrown;
  }
  return toJob(row);
};
