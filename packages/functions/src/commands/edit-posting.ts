import { buildSearchText, DATABASE_ID, earliestTodayAnywhere, POSTING_DATE_FIELDS, TABLES, type JobColumns } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../platform/caller.ts';
import { decideTogether } from '../portal/atomic-writes.ts';
import type { Command } from '../platform/router.ts';
import { postingReach } from '../portal/employer-approval.ts';
import { postingPermissions } from '../portal/permissions.ts';
import { managedPosting, pickedSchoolIds, postingAssignment, readablePosting, requirePostingManager, shareImageWithReaders } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';
import { checkedPosting, readPostingInput } from './posting-input.ts';
import { boardRulesOf } from '../portal/youth-rules.ts';

/**
 * PUT /jobs/{id} — those who manage a posting (its creator, any teacher, for a teacher's posting only its school's: `requirePostingManager`) change
 * its fields under the same rules as posting it (`validatePosting`), except that a date kept as it
 * was may lie in the past. The image, the creator, the assignment, the state and the view count stay.
 * Private again means only teachers may choose it, as when posting.
 */
export const editPosting: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const input = readPostingInput(body);
  const pickedSchools = body.textList('schoolIds');
  // A posting stays in the school it was posted for: the form may send it, nothing changes it.
  body.text('schoolId');
  body.done();
  const jobId = params.id as string;
  const rules = await boardRulesOf(api);
  // Compare-and-set on the posting: a hide, an assignment or a decision that lands between this read
  // and the write makes the edit decide again from what is there now, so the readers it writes are
  // never those of a posting read before a teacher hid it.
  const { reach, assigneeId } = await decideTogether(api, [{ tableId: TABLES.jobs, rowId: jobId }], async () => {
    const job = await readablePosting(api, member, jobId);
    await requirePostingManager(api, member, job, 'Only the creator of this opportunity or a teacher can edit it.');

    // Stored dates are datetimes; the form's are days.
    const savedDates = Object.fromEntries(POSTING_DATE_FIELDS.map((field) => [field, job[field]?.slice(0, 10) ?? null]));
    const posting = checkedPosting(input, { role: member.role, today: earliestTodayAnywhere(), rules, savedDates });
    const assignee = (await postingAssignment(api, job))?.studentId ?? null;
    // The recruiter's own choice of schools; kept as it was when the form does not send it.
    const schoolIds =
      job.creatorId === member.id && member.role === 'recruiter' && pickedSchools ? await pickedSchoolIds(api, pickedSchools) : (job.schoolIds ?? null);
    const reached = await postingReach(api, { creatorId: job.creatorId, schoolIds });
    const changes = { ...posting, searchText: buildSearchText(posting), schoolIds, waitingForApproval: reached.awaitingApproval } satisfies Partial<JobColumns>;
    const permissions = postingPermissions(
      { visible: posting.visible, creatorId: job.creatorId, hiddenReason: job.hiddenReason, schoolId: job.schoolId, ...reached },
      assignee,
    );
    return {
      writes: [{ action: 'update', tableId: TABLES.jobs, rowId: job.$id, data: changes, permissions }],
      answer: { reach: reached, assigneeId: assignee },
    };
  });
  const row = await api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: jobId });
  await shareImageWithReaders(api, { ...row, ...reach }, assigneeId);
  return managedPosting(api, row);
};
