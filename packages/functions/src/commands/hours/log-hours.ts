import {
  HOURS_MESSAGES,
  SCHOOL_MESSAGES,
  latestTodayAnywhere,
  TABLES,
  toQuarterHours,
  toServiceHoursEntry,
  validateServiceHours,
  type ServiceHoursColumns,
  type ServiceHoursInput,
  type ValidServiceHours,
} from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { isConfirmedStudent, requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import { deploymentSettings } from '../../platform/deployment-settings.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import type { RequestBody } from '../../platform/request-body.ts';
import type { Command } from '../../platform/router.ts';
import { schoolOfStudent } from '../../portal/schools.ts';
import { decideTogether } from '../../portal/atomic-writes.ts';
import { confirmationWrite, newConfirmationToken } from './confirmation-token.ts';
import { hoursSettings } from './hours-settings.ts';
import { serviceHoursPermissions } from '../../portal/permissions.ts';
import { anyEntry, refuseOverDayLimit, type ServiceHoursRow } from './hours-rows.ts';
import { dayGuardOf, mailCountOf, withinMailLimit } from './student-days.ts';
import { sendOwedMail } from './supervisor-mail.ts';

function readInput(body: RequestBody): ServiceHoursInput {
  const input: ServiceHoursInput = {
    organisation: body.text('organisation') ?? '',
    activity: body.text('activity') ?? '',
    date: body.text('date') ?? '',
    hours: body.number('hours') ?? Number.NaN,
    supervisorName: body.text('supervisorName') ?? '',
    supervisorEmail: body.text('supervisorEmail') ?? '',
    reflection: body.text('reflection'),
    jobId: body.text('jobId'),
  };
  body.done();
  return input;
}

export function requireStudent(member: Member): Member {
  if (member.role !== 'student') throw notAllowed(HOURS_MESSAGES.onlyStudents);
  return member;
}

/** Hours are reviewed by the student's school: logging them waits until a school confirmed the student. */
function requireConfirmedStudent(member: Member): Member {
  if (!isConfirmedStudent(requireStudent(member))) throw notAllowed(SCHOOL_MESSAGES.notConfirmed);
  return member;
}

/** The entry's checked fields; a student address of the school is refused as a supervisor here, where the school is known. */
export function checkedInput(body: RequestBody, student: Member): ValidServiceHours {
  const validation = validateServiceHours(readInput(body), { today: latestTodayAnywhere(), studentEmail: student.email, school: deploymentSettings() });
  if (!validation.ok) throw invalidInput(validation.errors);
  return validation.value;
}

/**
 * POST /hours — a student logs hours; the entry is pending and its supervisor is mailed a single-use
 * link to confirm or dispute it. Answers the entry. Settings are read before anything is written, so
 * a deployment without PORTAL_URL refuses instead of leaving an entry nobody can confirm.
 *
 * One transaction writes the entry, its link (only the token's hash) and the record that the mail is
 * owed, decided on the day's hours as they are at commit (the day's guard row), and counts the mail
 * against the student's daily limit. The mail goes out after the commit; a crash or a failed mail in
 * between leaves an entry that says its mail is owed, which "Resend to supervisor" sends.
 */
export const logHours: Command = async (request) => {
  const student = requireConfirmedStudent(requireMember(request.caller));
  const settings = hoursSettings();
  portalOrigin(); // throws on a deployment without PORTAL_URL, before anything is written
  const entry = checkedInput(request.body, student);
  const { api } = request;
  const now = new Date();
  const [day, mailCount, schoolId] = await Promise.all([
    dayGuardOf(api, student.id, entry.date),
    mailCountOf(api, student.id, now),
    schoolOfStudent(api, student.id),
  ]);
  const rowId = ID.unique();
  const columns: ServiceHoursColumns = {
    studentId: student.id,
    studentEmail: student.email,
    studentName: student.name || student.email,
    organisation: entry.organisation,
    activity: entry.activity,
    date: entry.date,
    quarterHours: toQuarterHours(entry.hours),
    supervisorName: entry.supervisorName,
    supervisorEmail: entry.supervisorEmail,
    reflection: entry.reflection,
    jobId: entry.jobId,
    status: 'pending',
    supervisorAnsweredAt: null,
    supervisorMailOwedSince: now.toISOString(),
    approvedQuarterHours: null,
    reviewerId: null,
    reviewerName: null,
    reviewComment: null,
    reviewedAt: null,
    schoolId: schoolId ?? null,
  };
  const issued = newConfirmationToken(settings.linkTtlSeconds, now);
  await withinMailLimit(
    decideTogether(api, [day.guard], async () => {
      await refuseOverDayLimit(api, student.id, entry.date, entry.hours);
      return {
        writes: [
          { action: 'create', tableId: TABLES.serviceHours, rowId, data: columns, permissions: serviceHoursPermissions(student.id, columns.schoolId ?? null) },
          confirmationWrite({ $id: rowId, ...columns }, issued, undefined),
          day.touch(now),
          mailCount,
        ],
        answer: undefined,
      };
    }),
  );
  const saved = (await anyEntry(api, rowId)) as ServiceHoursRow;
  return toServiceHoursEntry((await sendOwedMail(api, saved, issued, 'new')) ?? saved);
};
