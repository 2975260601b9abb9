import {
  dayLimitProblem,
  DATABASE_ID,
  HOURS_MESSAGES,
  isHoursEditable,
  latestTodayAnywhere,
  TABLES,
  toQuarterHours,
  toServiceHoursEntry,
  validateServiceHours,
  type Removed,
  type ServiceHoursColumns,
  type ServiceHoursInput,
} from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import type { RequestBody } from '../../platform/request-body.ts';
import type { Command } from '../../platform/router.ts';
import { issueConfirmationToken } from './confirmation-token.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import { hoursSettings } from './hours-settings.ts';
import { hoursLoggedOn, readableEntry, serviceHoursPermissions, type ServiceHoursRow } from './hours-rows.ts';
import { mailSupervisor } from './supervisor-mail.ts';

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

function requireStudent(member: Member): Member {
  if (member.role !== 'student') throw notAllowed(HOURS_MESSAGES.onlyStudents);
  return member;
}

/** The entry's checked fields, with the day's 12-hour rule over the student's other entries of that date. */
async function checkedEntry(request: Parameters<Command>[0], student: Member, exceptId?: string) {
  const validation = validateServiceHours(readInput(request.body), { today: latestTodayAnywhere(), studentEmail: student.email });
  if (!validation.ok) throw invalidInput(validation.errors);
  const entry = validation.value;
  const problem = dayLimitProblem(entry.hours, await hoursLoggedOn(request.api, student.id, entry.date, exceptId));
  if (problem) throw invalidInput({ hours: problem });
  return entry;
}

/**
 * POST /hours — a student logs hours; the entry is pending and its supervisor is mailed a single-use
 * link to confirm or dispute it. Answers the entry. Settings are read before anything is written, so
 * a deployment without PORTAL_URL refuses instead of leaving an entry nobody can confirm.
 */
export const logHours: Command = async (request) => {
  const student = requireStudent(requireMember(request.caller));
  const settings = hoursSettings();
  const portal = portalOrigin();
  const entry = await checkedEntry(request, student);
  const { api } = request;
  const row = await api.tables.createRow<ServiceHoursRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.serviceHours,
    rowId: ID.unique(),
    data: {
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
      approvedQuarterHours: null,
      reviewerId: null,
      reviewerName: null,
      reviewComment: null,
      reviewedAt: null,
    } satisfies ServiceHoursColumns,
    permissions: serviceHoursPermissions(student.id),
  });
  const { token, expiresAt } = await issueConfirmationToken(api, row.$id, settings.linkTtlSeconds);
  const link = `${portal}/hours/confirm/${encodeURIComponent(row.$id)}?token=${encodeURIComponent(token)}`;
  await mailSupervisor(api, {
    studentId: student.id,
    studentName: row.studentName ?? student.email,
    supervisorName: entry.supervisorName,
    supervisorEmail: entry.supervisorEmail,
    organisation: entry.organisation,
    date: entry.date,
    hours: entry.hours,
    link,
    expiresAt,
  });
  return toServiceHoursEntry(row);
};

/** The student's own entry while it is still pending; anyone else's is `not-found`, an answered one `not-allowed`. */
async function ownPendingEntry(request: Parameters<Command>[0]): Promise<{ student: Member; row: ServiceHoursRow }> {
  const member = requireMember(request.caller);
  const row = await readableEntry(request.api, member, request.params.id as string);
  if (row.studentId !== member.id) throw notAllowed('Only the student who logged an entry can change it.');
  if (!isHoursEditable(row.status)) throw notAllowed(HOURS_MESSAGES.locked);
  return { student: member, row };
}

/**
 * PUT /hours/{id} — the student corrects a pending entry. The supervisor's name and address are part
 * of what the mailed link vouches for, so they must be sent unchanged.
 */
export const editHours: Command = async (request) => {
  const { student, row } = await ownPendingEntry(request);
  const entry = await checkedEntry(request, student, row.$id);
  if (entry.supervisorEmail !== row.supervisorEmail || entry.supervisorName !== row.supervisorName) {
    throw invalidInput({ supervisorEmail: HOURS_MESSAGES.supervisorLocked });
  }
  const updated = await request.api.tables.updateRow<ServiceHoursRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.serviceHours,
    rowId: row.$id,
    data: {
      organisation: entry.organisation,
      activity: entry.activity,
      date: entry.date,
      quarterHours: toQuarterHours(entry.hours),
      reflection: entry.reflection,
      jobId: entry.jobId,
    },
  });
  return toServiceHoursEntry(updated);
};

/** DELETE /hours/{id} — the student withdraws a pending entry; its link stops working with it. */
export const withdrawHours: Command = async (request) => {
  const { row } = await ownPendingEntry(request);
  await request.api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, rowId: row.$id });
  await orUndefined(request.api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.hoursConfirmations, rowId: row.$id }));
  return { id: row.$id } satisfies Removed;
};
