import { HOURS_MESSAGES, validateBulkApproval, type HoursApprovalOutcome, type HoursBulkApprovalAnswer } from '@opportunity-kit/sdk/domain';
import { isAppwriteId } from '../../platform/appwrite-ids.ts';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput } from '../../platform/command-error.ts';
import { mapInParallel } from '../../platform/in-parallel.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { decideEntry, EntryNotDecided, requireTeacher } from './review-hours.ts';

/**
 * How many entries are decided at a time. Each decision is a handful of requests and a transaction;
 * five at a time approve 50 entries in a few seconds (measured in tests/contract/hours-bulk-approval.test.ts),
 * far from the function's 15 s, while two teachers' calls on the same entries still collide only a few
 * times per entry.
 */
const DECISIONS_AT_A_TIME = 5;

/**
 * POST /hours/review — a teacher approves several confirmed entries of their schools' students at their
 * full hours (at most `HOURS_BULK_APPROVAL_MAX`), each decided on its own row as a single review is.
 * Answers per id: approved, or skipped with why (already reviewed, not confirmed, not found, own entry),
 * so an entry another teacher or its supervisor decided meanwhile is never decided twice.
 */
export const approveHours: Command = async ({ caller, body, api }) => {
  const teacher = requireTeacher(requireMember(caller), HOURS_MESSAGES.onlyTeachersReview);
  const input = { ids: body.textList('ids'), decision: body.text('decision') };
  body.done();
  const checked = validateBulkApproval(input);
  if (!checked.ok) throw invalidInput(checked.errors);
  const results = await mapInParallel(checked.value.ids, DECISIONS_AT_A_TIME, (id) => approveOne(api, teacher, id));
  return { results } satisfies HoursBulkApprovalAnswer;
};

async function approveOne(api: ServerApi, teacher: Member, id: string): Promise<HoursApprovalOutcome> {
  // Something that is no Appwrite id names no entry, and must not reach the database as one.
  if (!isAppwriteId(id)) return { id, outcome: 'skipped', reason: 'not-found' };
  try {
    const entry = await decideEntry(api, teacher, id, { review: { decision: 'approved' }, onlyConfirmed: true });
    return { id, outcome: 'approved', entry };
  } catch (thrown) {
    if (thrown instanceof EntryNotDecided) return { id, outcome: 'skipped', reason: thrown.reason };
    throw thrown;
  }
}
