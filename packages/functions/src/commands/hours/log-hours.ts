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
  checkHoursActivity,
  hoursCheckColumns,
  isDateString,
  ruleOnHoursActivity,
  todayDateString,
  type DateString,
  type HoursActivityInput,
  type HoursCheckColumns,
  type HoursRuling,
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
import { mailParent, newParentLink } from './parent-sign-off.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { boardRulesOf, studentAgeOf } from '../../portal/youth-rules.ts';

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
    ...readActivity(body),
  };
  body.done();
  return input;
}

/** The activity fields the youth-work rules weigh (issue 26), and the parent who signs for a student under 18. */
function readActivity(body: RequestBody): HoursActivityInput {
  return {
    activityKind: body.text('activityKind'),
    activityTasks: body.textList('activityTasks'),
    activityWorkplace: body.text('activityWorkplace'),
    activityPaid: body.boolean('activityPaid'),
    activityForProfit: body.boolean('activityForProfit'),
    parentName: body.text('parentName'),
    parentEmail: body.text('parentEmail'),
  };
}

/**
 * The entry's activity weighed by the board's rules for the student's age, never the client's ruling:
 * whether the hours count and why not, the rules' version, and whether a parent signs.
 */
export async function activityChecks(
  api: ServerApi,
  student: Member,
  input: HoursActivityInput,
  date: DateString,
): Promise<{ columns: HoursCheckColumns; ruling: HoursRuling }> {
  const checked = checkHoursActivity(input, { date, studentEmail: student.email });
  if (Object.keys(checked.errors).length > 0) throw invalidInput(checked.errors);
  const [age, rules] = await Promise.all([studentAgeOf(api, student.id, date), boardRulesOf(api)]);
  const ruling = ruleOnHoursActivity(checked.facts, age, rules, date);
  return { columns: hoursCheckColumns(checked.facts, ruling, checked.parent), ruling };
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
export function checkedInput(body: RequestBody, student: Member): ValidServiceHours & HoursActivityInput {
  const input = readInput(body);
  const validation = validateServiceHours(input, { today: latestTodayAnywhere(), studentEmail: student.email, school: deploymentSettings() });
  if (!validation.ok) throw invalidInput(validation.errors);
  return { ...validation.value, ...activityOf(input) };
}

function activityOf(input: HoursActivityInput): HoursActivityInput {
  const { activityKind, activityTasks, activityWorkplace, activityPaid, activityForProfit, parentName, parentEmail } = input;
  return { activityKind, activityTasks, activityWorkplace, activityPaid, activityForProfit, parentName, parentEmail };
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
  const body = request.body;
  const entry = checkedInput(body, student);
  const { api } = request;
  const { columns: checks } = await activityChecks(api, student, entry, entry.date);
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
    ...checks,
  };
  const issued = newConfirmationToken(settings.linkTtlSeconds, now);
  const parentLink = checks.parentNeeded && checks.parentEmail ? newParentLink(rowId, settings.linkTtlSeconds, now) : undefined;
  await withinMailLimit(
    decideTogether(api, [day.guard], async () => {
      await refuseOverDayLimit(api, student.id, entry.date, entry.hours);
      return {
        writes: [
          { action: 'create', tableId: TABLES.serviceHours, rowId, data: columns, permissions: serviceHoursPermissions(student.id, columns.schoolId ?? null) },
          confirmationWrite({ $id: rowId, ...columns }, issued, undefined),
          ...(parentLink ? [parentLink.write] : []),
          day.touch(now),
          mailCount,
        ],
        answer: undefined,
      };
    }),
  );
  const saved = (await anyEntry(api, rowId)) as ServiceHoursRow;
  if (parentLink) await mailParent(api, saved, parentLink.token);
  return toServiceHoursEntry((await sendOwedMail(api, saved, issued, 'new')) ?? saved);
};

/**
 * POST /hours/check — what the rules say about an activity before it is logged (issue 26): whether the
 * hours count and why not, with each rule's source, and whether a parent signs; weighed with the
 * student's age on the server, which the form does not know.
 */
export const checkHoursEntry: Command = async ({ caller, body, api }) => {
  const student = requireStudent(requireMember(caller));
  const date = body.text('date')?.trim();
  const input = readActivity(body);
  body.done();
  const day = date && isDateString(date) ? date : todayDateString();
  return (await activityChecks(api, student, input, day)).ruling;
};
