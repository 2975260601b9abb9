import {
  fromQuarterHours,
  HOURS_MESSAGES,
  isHoursReviewable,
  TABLES,
  toQuarterHours,
  toServiceHoursEntry,
  validateHoursReview,
  type HoursApprovalSkipReason,
  type HoursReviewInput,
  type ServiceHoursEntry,
} from '@opportunity-kit/sdk/domain';
import { requireMember, type Member } from '../../platform/caller.ts';
import { CommandError, invalidInput, notAllowed } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { decideTogether } from '../../portal/atomic-writes.ts';
import { entryGuard, readableEntry } from './hours-rows.ts';

export function requireTeacher(member: Member, message: string): Member {
  if (member.role !== 'teacher') throw notAllowed(message);
  return member;
}

/**
 * A refusal to decide an entry that says which rule refused it, so a bulk approval can skip that entry
 * with its reason (and a single review answers it as any refusal).
 */
export class EntryNotDecided extends CommandError {
  constructor(
    readonly reason: HoursApprovalSkipReason,
    refusal: CommandError,
  ) {
    super(refusal.code, refusal.message, refusal.fields);
  }
}

/** What a teacher decides on one entry. */
export interface EntryDecision {
  review: HoursReviewInput;
  /** Only an entry its supervisor confirmed may be decided (the bulk approval); one by one, any undecided entry may. */
  onlyConfirmed: boolean;
}

/**
 * A teacher's decision on one entry of their schools' students, written on the entry as it is at
 * commit (`decideTogether` on its row), so a supervisor's answer or another teacher's decision arriving
 * at the same instant is never overwritten and an entry is decided once. A decision is final, and
 * nobody reviews their own entry. Shared by the single review and the bulk approval.
 */
export async function decideEntry(api: ServerApi, member: Member, id: string, { review: input, onlyConfirmed }: EntryDecision): Promise<ServiceHoursEntry> {
  const decide = async () => {
    const row = await readableEntry(api, member, id).catch((thrown: unknown) => {
      throw thrown instanceof CommandError && thrown.code === 'not-found' ? new EntryNotDecided('not-found', thrown) : thrown;
    });
    if (row.studentId === member.id) throw new EntryNotDecided('own-entry', notAllowed(HOURS_MESSAGES.ownEntry));
    requireTeacher(member, HOURS_MESSAGES.onlyTeachersReview);
    if (!isHoursReviewable(row.status)) throw new EntryNotDecided('already-reviewed', notAllowed(HOURS_MESSAGES.alreadyReviewed));
    if (onlyConfirmed && row.status !== 'confirmed') throw new EntryNotDecided('not-confirmed', notAllowed(HOURS_MESSAGES.notConfirmed));
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
}

/**
 * POST /hours/{id}/review — a teacher of the student's school approves, partially approves (fewer hours) or declines, with a
 * comment for the last two.
 */
export const reviewHours: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const review = { decision: body.text('decision'), hours: body.number('hours'), comment: body.text('comment') };
  body.done();
  return decideEntry(api, member, params.id as string, { review, onlyConfirmed: false });
};
