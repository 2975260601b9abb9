import {
  fromQuarterHours,
  HOURS_MESSAGES,
  isHoursReviewable,
  reviewQueueRank,
  TABLES,
  toQuarterHours,
  toServiceHoursEntry,
  validateHoursReview,
  type ServiceHoursEntry,
} from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import { decideTogether } from '../../portal/atomic-writes.ts';
import { entriesOfStaffSchools, entryGuard, readableEntry } from './hours-rows.ts';

export function requireTeacher(member: Member, message: string): Member {
  if (member.role !== 'teacher') throw notAllowed(message);
  return member;
}

/**
 * POST /hours/{id}/review — a teacher of the student's school approves, partially approves (fewer hours) or declines, with a
 * comment for the last two. A decision is final, and nobody reviews their own entry. Decided on the
 * entry as it is at commit, so a supervisor's answer arriving at the same instant never overwrites it.
 */
export const reviewHours: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const input = { decision: body.text('decision'), hours: body.number('hours'), comment: body.text('comment') };
  body.done();
  const id = params.id as string;
  const decide = async () => {
    const row = await readableEntry(api, member, id);
    if (row.studentId === member.id) throw notAllowed(HOURS_MESSAGES.ownEntry);
    requireTeacher(member, HOURS_MESSAGES.onlyTeachersReview);
    if (!isHoursReviewable(row.status)) throw notAllowed(HOURS_MESSAGES.alreadyReviewed);
    const review = validateHoursReview(input, fromQuarterHours(row.quarterHours));
    if (!review.ok) throw invalidInput(review.errors);
    const data = {
      status: review.value.decision,
      approvedQuarterHours: toQuarterHours(review.value.approvedHours),
      reviewerId: member.id,
      reviewerName: member.name || member.email,
      reviewComment: review.value.comment,
      reviewedAt: new Date().toISOString(),
    };
    return { writes: [{ action: 'update', tableId: TABLES.serviceHours, rowId: id, data } as const], answer: { ...row, ...data } };
  };
  // Checked once outside the transaction, so a stranger's id answers `not-found` without guarding a row.
  await decide();
  return toServiceHoursEntry(await decideTogether(api, [entryGuard(id)], decide));
};

/**
 * GET /hours/queue — teachers: every entry of their schools' students awaiting a decision, confirmed
 * first, then disputed, then unanswered; oldest first within each.
 */
export const reviewQueue: Command = async ({ caller, api }) => {
  const teacher = requireTeacher(requireMember(caller), HOURS_MESSAGES.onlyTeachersReview);
  const rows = await entriesOfStaffSchools(api, teacher, [Query.equal('status', ['pending', 'confirmed', 'disputed'])]);
  return rows
    .filter((row) => row.studentId !== teacher.id)
    .map(toServiceHoursEntry)
    .sort((a, b) => reviewQueueRank(a.status) - reviewQueueRank(b.status) || a.createdAt.localeCompare(b.createdAt)) satisfies ServiceHoursEntry[];
};
