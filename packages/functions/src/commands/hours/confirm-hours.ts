import {
  DATABASE_ID,
  fromQuarterHours,
  HOURS_MESSAGES,
  TABLES,
  type HoursConfirmationAnswer,
  type HoursConfirmationView,
  type SupervisorDecision,
} from '@opportunity-kit/sdk/domain';
import { CommandError, invalidInput } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import { liveConfirmation, spendConfirmation } from './confirmation-token.ts';
import { anyEntry, type ServiceHoursRow } from './hours-rows.ts';

/**
 * The supervisor's side, callable by a guest: the token from the mailed link is the only credential.
 * The token travels in the body, never in the path, so it is not kept in the execution's request path.
 */

async function entryForToken(request: Parameters<Command>[0]): Promise<{ row: ServiceHoursRow; expiresAt: string }> {
  const token = request.body.text('token');
  request.body.done();
  const confirmation = await liveConfirmation(request.api, request.params.id as string, token);
  const row = await anyEntry(request.api, confirmation.entryId);
  // Once a teacher decided (or the entry is gone), the supervisor's answer no longer matters.
  if (!row || row.status !== 'pending') throw new CommandError('not-allowed', HOURS_MESSAGES.linkUsed);
  return { row, expiresAt: confirmation.expiresAt };
}

/** POST /hours/{id}/confirmation/view — what the confirmation page shows: the entry's public facts, nothing about the student's account. */
export const viewConfirmation: Command = async (request) => {
  const { row, expiresAt } = await entryForToken(request);
  return {
    id: row.$id,
    studentName: row.studentName ?? '',
    organisation: row.organisation,
    activity: row.activity,
    date: row.date,
    hours: fromQuarterHours(row.quarterHours),
    supervisorName: row.supervisorName,
    expiresAt,
  } satisfies HoursConfirmationView;
};

/** POST /hours/{id}/confirmation — the supervisor confirms or disputes; the link is spent either way. */
export const decideConfirmation: Command = async (request) => {
  const decision = request.body.text('decision');
  const { row } = await entryForToken(request);
  if (decision !== 'confirmed' && decision !== 'disputed') throw invalidInput({ decision: HOURS_MESSAGES.decisionRequired });
  // Spent before the entry changes: a second answer racing this one then finds the link used.
  await spendConfirmation(request.api, row.$id);
  await request.api.tables.updateRow({
    databaseId: DATABASE_ID,
    tableId: TABLES.serviceHours,
    rowId: row.$id,
    data: { status: decision, supervisorAnsweredAt: new Date().toISOString() },
  });
  return { id: row.$id, status: decision, message: HOURS_MESSAGES.supervisorThanks(decision as SupervisorDecision) } satisfies HoursConfirmationAnswer;
};
