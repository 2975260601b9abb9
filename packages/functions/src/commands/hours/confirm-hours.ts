import {
  fromQuarterHours,
  HOURS_LIMITS,
  HOURS_MESSAGES,
  TABLES,
  type HoursConfirmationAnswer,
  type HoursConfirmationView,
  type SupervisorDecision,
} from '@opportunity-kit/sdk/domain';
import { hasStatus } from '../../platform/appwrite-errors.ts';
import { CommandError, invalidInput } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import { decideTogether } from '../../portal/atomic-writes.ts';
import { entryOfLiveLink, spendWrite } from './confirmation-token.ts';
import { entryGuard } from './hours-rows.ts';

/**
 * The supervisor's side, callable by a guest: the token from the mailed link is the only credential.
 * The token travels in the body, never in the path, so it is not kept in the execution's request path.
 */

/** POST /hours/{id}/confirmation/view — what the confirmation page shows: the entry's public facts, nothing about the student's account. */
export const viewConfirmation: Command = async (request) => {
  const token = request.body.text('token');
  request.body.done();
  const { row, confirmation } = await entryOfLiveLink(request.api, request.params.id as string, token);
  return {
    id: row.$id,
    studentName: row.studentName ?? '',
    organisation: row.organisation,
    activity: row.activity,
    date: row.date,
    hours: fromQuarterHours(row.quarterHours),
    supervisorName: row.supervisorName,
    expiresAt: confirmation.expiresAt,
  } satisfies HoursConfirmationView;
};

/**
 * POST /hours/{id}/confirmation — the supervisor confirms or disputes; the link is spent either way.
 * The link is checked again and spent in the transaction that sets the entry's status, decided on the
 * entry as it is at commit: of answers arriving at once one wins and the others find the link used,
 * and a student's change or a teacher's decision made meanwhile voids the answer instead of meeting it.
 */
export const decideConfirmation: Command = async (request) => {
  const decision = request.body.text('decision');
  const token = request.body.text('token');
  const reason = (request.body.text('reason') ?? '').trim();
  request.body.done();
  const entryId = request.params.id as string;
  await entryOfLiveLink(request.api, entryId, token);
  if (decision !== 'confirmed' && decision !== 'disputed') throw invalidInput({ decision: HOURS_MESSAGES.decisionRequired });
  // A dispute the student and the teacher cannot act on helps nobody: it says what is wrong.
  const disputeReason = decision === 'disputed' ? reason : null;
  if (disputeReason === '') throw invalidInput({ reason: HOURS_MESSAGES.disputeReasonRequired });
  if (disputeReason && disputeReason.length > HOURS_LIMITS.disputeReason) throw invalidInput({ reason: HOURS_MESSAGES.tooLong(HOURS_LIMITS.disputeReason) });
  try {
    return await decideTogether(request.api, [entryGuard(entryId)], async () => {
      const now = new Date();
      await entryOfLiveLink(request.api, entryId, token, now.getTime());
      return {
        writes: [
          spendWrite(entryId, now),
          {
            action: 'update',
            tableId: TABLES.serviceHours,
            rowId: entryId,
            data: { status: decision, supervisorAnsweredAt: now.toISOString(), disputeReason },
          },
        ],
        answer: { id: entryId, status: decision, message: HOURS_MESSAGES.supervisorThanks(decision as SupervisorDecision) } satisfies HoursConfirmationAnswer,
      };
    });
  } catch (thrown) {
    // Withdrawn by the student between the check and the answer: the link went with the entry.
    if (hasStatus(thrown, 404)) throw new CommandError('not-found', HOURS_MESSAGES.linkInvalid);
    throw thrown;
  }
};
