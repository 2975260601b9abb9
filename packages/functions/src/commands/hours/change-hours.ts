import { HOURS_MESSAGES, isHoursEditable, TABLES, toQuarterHours, toServiceHoursEntry, type Removed } from '@opportunity-kit/sdk/domain';
import type { ServerApi } from '../../platform/server-client.ts';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import type { Command } from '../../platform/router.ts';
import { decideTogether, type RowWrite } from '../../portal/atomic-writes.ts';
import { confirmationOf, confirmationWrite, contentHashOf, newConfirmationToken } from './confirmation-token.ts';
import { hoursSettings } from './hours-settings.ts';
import { entryGuard, readableEntry, refuseOverDayLimit, type ServiceHoursRow } from './hours-rows.ts';
import { activityChecks, checkedInput } from './log-hours.ts';
import { dayGuardOf, isAbandonedMail, mailCountOf, withinMailLimit } from './student-days.ts';
import { sendOwedMail } from './supervisor-mail.ts';

/**
 * A student's changes to a pending entry: correct it, withdraw it, or have its supervisor mailed a
 * new link. Each is decided on the entry as it is at commit (`decideTogether` guards it), so a change
 * racing the supervisor's answer or a teacher's decision either happens before it or is refused.
 */

/** The student's own entry while it is still pending; anyone else's is `not-found`, an answered one `not-allowed`. */
async function ownPendingEntry(api: ServerApi, member: Member, id: string): Promise<ServiceHoursRow> {
  const row = await readableEntry(api, member, id);
  if (row.studentId !== member.id) throw notAllowed('Only the student who logged an entry can change it.');
  if (!isHoursEditable(row.status)) throw notAllowed(HOURS_MESSAGES.locked);
  return row;
}

/**
 * PUT /hours/{id} — the student corrects a pending entry. The supervisor's name and address are part
 * of what the mailed link vouches for, so they must be sent unchanged. A change of anything the
 * supervisor is shown (not the reflection) voids the mailed link and mails the supervisor the new
 * hours with a new one, counted as a mail; an entry moved to another day is decided on that day's 12.
 */
export const editHours: Command = async (request) => {
  const student = requireMember(request.caller);
  const { api } = request;
  const id = request.params.id as string;
  await ownPendingEntry(api, student, id);
  const settings = hoursSettings();
  portalOrigin(); // throws on a deployment without PORTAL_URL, before anything is written
  const entry = checkedInput(request.body, student);
  const now = new Date();
  const [day, mailCount] = await Promise.all([dayGuardOf(api, student.id, entry.date), mailCountOf(api, student.id, now)]);
  const issued = newConfirmationToken(settings.linkTtlSeconds, now);
  // A corrected activity is weighed again (the parent named at logging, and their link, stay).
  const {
    parentName: _parentName,
    parentEmail: _parentEmail,
    ...weighed
  } = entry.activityKind ? (await activityChecks(api, student, entry, entry.date)).columns : {};
  const changes = {
    organisation: entry.organisation,
    activity: entry.activity,
    date: entry.date,
    quarterHours: toQuarterHours(entry.hours),
    reflection: entry.reflection,
    jobId: entry.jobId,
    ...weighed,
  };
  const decided = await withinMailLimit(
    decideTogether(api, [entryGuard(id), day.guard], async () => {
      const row = await ownPendingEntry(api, student, id);
      if (entry.supervisorEmail !== row.supervisorEmail || entry.supervisorName !== row.supervisorName) {
        throw invalidInput({ supervisorEmail: HOURS_MESSAGES.supervisorLocked });
      }
      await refuseOverDayLimit(api, student.id, entry.date, entry.hours, id);
      const updated: ServiceHoursRow = { ...row, ...changes };
      if (contentHashOf(updated) === contentHashOf(row)) {
        return {
          writes: [{ action: 'update', tableId: TABLES.serviceHours, rowId: id, data: changes }, day.touch(now)],
          answer: { row: updated, relinked: false },
        };
      }
      const relinked: ServiceHoursRow = { ...updated, supervisorMailOwedSince: now.toISOString() };
      const writes: RowWrite[] = [
        { action: 'update', tableId: TABLES.serviceHours, rowId: id, data: { ...changes, supervisorMailOwedSince: relinked.supervisorMailOwedSince } },
        confirmationWrite(relinked, issued, await confirmationOf(api, id)),
        day.touch(now),
        mailCount,
      ];
      return { writes, answer: { row: relinked, relinked: true } };
    }),
  );
  const sent = decided.relinked ? await sendOwedMail(api, decided.row, issued, 'changed') : undefined;
  return toServiceHoursEntry(sent ?? decided.row);
};

/**
 * POST /hours/{id}/resend — mails the supervisor of a pending entry a new link; the old one stops
 * working (its holder is told a newer one was mailed). For a mail that failed or never went out, and
 * for a supervisor who lost theirs. Counted against the daily limit of supervisor mails, except the
 * retry of a mail that was counted and never sent.
 */
export const resendHoursLink: Command = async (request) => {
  const student = requireMember(request.caller);
  const { api } = request;
  const id = request.params.id as string;
  request.body.done();
  await ownPendingEntry(api, student, id);
  const settings = hoursSettings();
  portalOrigin(); // throws on a deployment without PORTAL_URL, before anything is written
  const now = new Date();
  const mailCount = await mailCountOf(api, student.id, now);
  const issued = newConfirmationToken(settings.linkTtlSeconds, now);
  const relinked = await withinMailLimit(
    decideTogether(api, [entryGuard(id)], async () => {
      const current = await ownPendingEntry(api, student, id);
      const row: ServiceHoursRow = { ...current, supervisorMailOwedSince: now.toISOString() };
      const writes: RowWrite[] = [
        { action: 'update', tableId: TABLES.serviceHours, rowId: id, data: { supervisorMailOwedSince: row.supervisorMailOwedSince } },
        confirmationWrite(row, issued, await confirmationOf(api, id)),
        ...(isAbandonedMail(current.supervisorMailOwedSince, now) ? [] : [mailCount]),
      ];
      return { writes, answer: row };
    }),
  );
  return toServiceHoursEntry((await sendOwedMail(api, relinked, issued, 'resent')) ?? relinked);
};

/** DELETE /hours/{id} — the student withdraws a pending entry; its link stops working with it. */
export const withdrawHours: Command = async (request) => {
  const student = requireMember(request.caller);
  const { api } = request;
  const id = request.params.id as string;
  await ownPendingEntry(api, student, id);
  return decideTogether(api, [entryGuard(id)], async () => {
    await ownPendingEntry(api, student, id);
    // An entry logged before links were written with it may have none.
    const confirmation = await confirmationOf(api, id);
    const writes: RowWrite[] = [
      { action: 'delete', tableId: TABLES.serviceHours, rowId: id },
      ...(confirmation ? [{ action: 'delete', tableId: TABLES.hoursConfirmations, rowId: id } as const] : []),
    ];
    return { writes, answer: { id } satisfies Removed };
  });
};
