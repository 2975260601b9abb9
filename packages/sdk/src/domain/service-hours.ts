import type { DeploymentSettings } from './constants.ts';
import { isDateString, type DateString } from './dates.ts';
import { roleForEmail } from './roles.ts';
import { isEmailAddress, type Validation } from './validation.ts';
import type { HoursActivityInput } from './hours-activity.ts';

/**
 * Community involvement hours (issue 16): the rules and texts of logging, confirming and reviewing an
 * entry, shared by the forms, the SDK and the `commands` function so both sides refuse the same input
 * with the same words.
 */

/**
 * Where an entry is: `pending` until its supervisor answers (`confirmed` or `disputed`), then a teacher's
 * decision (`approved`, `partial` or `declined`). Only a pending entry may be edited or withdrawn.
 * @public
 */
export type ServiceHoursStatus = 'pending' | 'confirmed' | 'disputed' | 'approved' | 'partial' | 'declined';

/** Every {@link ServiceHoursStatus}, in the order an entry goes through them. @public */
export const SERVICE_HOURS_STATUSES: readonly ServiceHoursStatus[] = ['pending', 'confirmed', 'disputed', 'approved', 'partial', 'declined'];

/** What a supervisor answers from the mailed link. @public */
export type SupervisorDecision = 'confirmed' | 'disputed';
/** What a teacher decides. @public */
export type HoursReviewDecision = 'approved' | 'partial' | 'declined';

/** The limits of an entry. @public */
export const HOURS_LIMITS = {
  /** Hours are logged in quarter-hour steps. */
  step: 0.25,
  /** Most hours one student may log for one calendar day, over all their entries. */
  maxPerDay: 12,
  /** Ontario's diploma requirement, the default of the school setting `REQUIRED_HOURS`. */
  defaultRequired: 40,
  /** How long a supervisor's link stays valid. */
  confirmationDays: 30,
  /**
   * How far back a date may be. Ontario counts hours from the summer before Grade 9, so a date more
   * than five years back (four years of high school and a fifth) can be no diploma's.
   */
  yearsBack: 5,
  /** Supervisor mails a student may cause in one (UTC) day: each new entry, changed entry or new link is one. */
  supervisorMailsPerDay: 10,
  organisation: 120,
  activity: 1000,
  supervisorName: 120,
  reflection: 2000,
  reviewComment: 1000,
  /** The supervisor's reason for a dispute. */
  disputeReason: 1000,
} as const;

/**
 * Most entries a teacher approves in one call (`POST /hours/review`, `hours.approveMany`): each is
 * decided on its own row, and 50 stay well within the `commands` function's 15-second timeout.
 * @public
 */
export const HOURS_BULK_APPROVAL_MAX = 50;

/**
 * The most entries one page of a teacher's review queue holds (`GET /hours/queue?limit=`): a page
 * is read and answered in a few tens of milliseconds, so the table shows while the rest loads, and
 * 100 entries with every text at its longest (about 9 KB each) stay under the 1 MB Appwrite allows
 * an execution's answer.
 * @public
 */
export const HOURS_QUEUE_PAGE_MAX = 100;

/** The texts of the hours features (issue 16). @public */
export const HOURS_MESSAGES = {
  organisationRequired: 'Please enter the organisation',
  activityRequired: 'Please describe what you did',
  dateRequired: 'Please enter the date you volunteered',
  dateInFuture: 'The date cannot be in the future',
  dateTooEarly: `Hours count from the summer before Grade 9, so the date cannot be more than ${HOURS_LIMITS.yearsBack} years ago`,
  hoursInvalid: 'Please enter hours in quarter-hour steps, more than 0 and at most 12',
  dayLimit: (remaining: number) =>
    remaining > 0 ? `You can log at most 12 hours a day; ${formatHours(remaining)} left for that day` : 'You have already logged 12 hours for that day',
  supervisorNameRequired: 'Please enter your supervisor’s name',
  supervisorEmailInvalid: 'Please enter your supervisor’s email address',
  supervisorEmailIsOwn: 'Your supervisor’s email must not be your own',
  supervisorIsStudent: 'A student’s school address cannot confirm hours. Please enter the address of the adult who supervised you.',
  noWebAddress: 'Please enter a name, not a web address',
  tooLong: (limit: number) => `Please keep this under ${limit} characters`,
  jobInvalid: 'Please choose the opportunity again',
  supervisorLocked: 'The supervisor’s contact details cannot be changed after submission',
  locked: 'This entry has been answered by the supervisor or a teacher and can no longer be changed',
  onlyStudents: 'Only students log community involvement hours.',
  entryNotFound: 'Entry not found',
  linkInvalid: 'This confirmation link is not valid. Please ask the student to send a new one.',
  linkUsed: 'This confirmation link has already been used.',
  linkExpired: 'This confirmation link has expired. Please ask the student to send a new one.',
  linkReplaced: 'This confirmation link was replaced by a newer one. Please use the newest e-mail about these hours.',
  mailLimit: `You can e-mail supervisors at most ${HOURS_LIMITS.supervisorMailsPerDay} times a day (each new entry, changed entry or new link is one e-mail). Please try again tomorrow.`,
  mailNotSent: 'Your hours are saved, but we could not e-mail your supervisor yet. Please use “Resend to supervisor” to try again.',
  decisionRequired: 'Please choose confirm or dispute',
  disputeReasonRequired: 'Please say what is not right about these hours',
  supervisorThanks: (decision: SupervisorDecision) =>
    decision === 'confirmed' ? 'Thank you, the hours are confirmed.' : 'Thank you, the hours are marked as disputed. A teacher will follow up.',
  onlyTeachersReview: 'Only teachers review community involvement hours.',
  ownEntry: 'Nobody reviews their own entry.',
  alreadyReviewed: 'This entry has already been reviewed.',
  reviewDecisionRequired: 'Please choose approve, partially approve or decline',
  partialHours: 'Please enter fewer hours than were logged, in quarter-hour steps',
  commentRequired: 'Please add a comment for the student',
  onlyTeachersExport: 'Only teachers export everyone’s hours.',
  bulkNothingChosen: 'Please choose the entries to approve',
  bulkTooMany: `You can approve at most ${HOURS_BULK_APPROVAL_MAX} entries at once. Please choose fewer.`,
  bulkOnlyApproval: 'Entries are approved together at their full hours; please decide a partial approval or a decline on its own entry',
  notConfirmed: 'Only entries their supervisor confirmed are approved together.',
  queuePageLimit: `Please ask for 1 to ${HOURS_QUEUE_PAGE_MAX} entries per page`,
  queueCursorInvalid: 'This link to the next page of the queue is not valid. Please load the queue again.',
} as const;

/**
 * What a student fills in; `jobId` when pre-filled from an accepted application or an assigned posting;
 * the kind of activity and a parent's contact for the youth-work rules (issue 26).
 * @public
 */
export interface ServiceHoursInput extends HoursActivityInput {
  organisation: string;
  activity: string;
  date: DateString;
  hours: number;
  supervisorName: string;
  supervisorEmail: string;
  reflection?: string | null | undefined;
  jobId?: string | null | undefined;
}

/** An entry's fields once they pass `validateServiceHours` (trimmed, e-mail lower-cased). @public */
export interface ValidServiceHours {
  organisation: string;
  activity: string;
  date: DateString;
  hours: number;
  supervisorName: string;
  supervisorEmail: string;
  reflection: string | null;
  jobId: string | null;
}

/** @public */
export type ServiceHoursField = keyof ServiceHoursInput;

/** True for hours in quarter-hour steps, more than 0 and at most 12. @public */
export function isValidHours(hours: unknown): hours is number {
  return typeof hours === 'number' && Number.isFinite(hours) && hours > 0 && hours <= HOURS_LIMITS.maxPerDay && Number.isInteger(hours * 4);
}

/** Hours as the count of quarter hours the table stores (exact, unlike a float column). @public */
export const toQuarterHours = (hours: number): number => Math.round(hours * 4);
/** @public */
export const fromQuarterHours = (quarters: number): number => quarters / 4;

/** "1.5 h", "12 h": the one way hours are written in texts, the PDF and the CSV. @public */
export function formatHours(hours: number): string {
  return `${Number(hours.toFixed(2))} h`;
}

/**
 * The latest calendar date anywhere on Earth at `now` (UTC+14). "Not in the future" is checked against
 * it, so a student east of the server is never refused their own today.
 * @public
 */
export function latestTodayAnywhere(now: Date = new Date()): DateString {
  return new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
}

/** What {@link validateServiceHours} checks an entry against. @public */
export interface ServiceHoursContext {
  /** The latest allowed date: `latestTodayAnywhere()`. */
  today: DateString;
  /** The student's own address, which (in any spelling of it) may not be the supervisor's. */
  studentEmail: string;
  /**
   * The school's addresses. When given (the `commands` function gives them), a student address of the
   * school is refused as a supervisor; a form that does not know them leaves that check to the server.
   */
  school?: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'> | undefined;
}

/** The earliest date an entry may have, {@link HOURS_LIMITS}`.yearsBack` years before `today`. @public */
export function earliestHoursDate(today: DateString): DateString {
  return `${String(Number(today.slice(0, 4)) - HOURS_LIMITS.yearsBack).padStart(4, '0')}${today.slice(4)}`;
}

/**
 * True when two addresses reach the same mailbox as far as a supervisor check can tell: case, a
 * `+tag` and dots in the local part are ignored (Gmail and many school systems deliver all of them to
 * one inbox), and `googlemail.com` is `gmail.com`.
 * @public
 */
export function isSameMailbox(a: string, b: string): boolean {
  return mailboxOf(a) === mailboxOf(b);
}

function mailboxOf(address: string): string {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return normalized;
  const local = (normalized.slice(0, at).split('+')[0] ?? '').replaceAll('.', '');
  const domain = normalized.slice(at + 1) === 'googlemail.com' ? 'gmail.com' : normalized.slice(at + 1);
  return `${local}@${domain}`;
}

/**
 * True for text holding a web address (`scheme://` or `www.`). The organisation and the supervisor's
 * name are written into the mail a stranger receives, so they must not carry a link a mail program
 * would make clickable.
 * @public
 */
export function containsWebAddress(text: string): boolean {
  return /:\/\/|\bwww\./i.test(text);
}

/**
 * Checks an entry as the form and the `commands` function both do (see {@link ServiceHoursContext}).
 * The 12-hours-a-day rule over all entries needs the other entries, so the function checks it
 * separately (`dayLimitProblem`).
 * @public
 */
export function validateServiceHours(input: ServiceHoursInput, context: ServiceHoursContext): Validation<ValidServiceHours, ServiceHoursField> {
  const errors: Partial<Record<ServiceHoursField, string>> = {};
  const text = (value: string | null | undefined) => (value ?? '').trim();
  const organisation = text(input.organisation);
  const activity = text(input.activity);
  const supervisorName = text(input.supervisorName);
  const supervisorEmail = text(input.supervisorEmail).toLowerCase();
  const reflection = text(input.reflection);
  const date = text(input.date);
  const jobId = text(input.jobId);

  if (!organisation) errors.organisation = HOURS_MESSAGES.organisationRequired;
  else if (organisation.length > HOURS_LIMITS.organisation) errors.organisation = HOURS_MESSAGES.tooLong(HOURS_LIMITS.organisation);
  else if (containsWebAddress(organisation)) errors.organisation = HOURS_MESSAGES.noWebAddress;
  if (!activity) errors.activity = HOURS_MESSAGES.activityRequired;
  else if (activity.length > HOURS_LIMITS.activity) errors.activity = HOURS_MESSAGES.tooLong(HOURS_LIMITS.activity);
  if (!isDateString(date)) errors.date = HOURS_MESSAGES.dateRequired;
  else if (date > context.today) errors.date = HOURS_MESSAGES.dateInFuture;
  else if (date < earliestHoursDate(context.today)) errors.date = HOURS_MESSAGES.dateTooEarly;
  if (!isValidHours(input.hours)) errors.hours = HOURS_MESSAGES.hoursInvalid;
  if (!supervisorName) errors.supervisorName = HOURS_MESSAGES.supervisorNameRequired;
  else if (supervisorName.length > HOURS_LIMITS.supervisorName) errors.supervisorName = HOURS_MESSAGES.tooLong(HOURS_LIMITS.supervisorName);
  else if (containsWebAddress(supervisorName)) errors.supervisorName = HOURS_MESSAGES.noWebAddress;
  if (!isEmailAddress(supervisorEmail)) errors.supervisorEmail = HOURS_MESSAGES.supervisorEmailInvalid;
  else if (isSameMailbox(supervisorEmail, context.studentEmail)) errors.supervisorEmail = HOURS_MESSAGES.supervisorEmailIsOwn;
  // An address at the school is a staff member's or a student's, and only staff supervise.
  else if (context.school && roleForEmail(supervisorEmail, context.school) === 'student') errors.supervisorEmail = HOURS_MESSAGES.supervisorIsStudent;
  if (reflection.length > HOURS_LIMITS.reflection) errors.reflection = HOURS_MESSAGES.tooLong(HOURS_LIMITS.reflection);
  // A posting id as Appwrite writes them; anything else could name no posting.
  if (jobId && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/.test(jobId)) errors.jobId = HOURS_MESSAGES.jobInvalid;

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: { organisation, activity, date, hours: input.hours, supervisorName, supervisorEmail, reflection: reflection || null, jobId: jobId || null },
  };
}

/** The refusal of hours that would take a day over 12, given the hours already logged for it; else undefined. @public */
export function dayLimitProblem(hours: number, alreadyLogged: number): string | undefined {
  return alreadyLogged + hours > HOURS_LIMITS.maxPerDay ? HOURS_MESSAGES.dayLimit(HOURS_LIMITS.maxPerDay - alreadyLogged) : undefined;
}

/** True while the student may still edit or withdraw the entry. @public */
export const isHoursEditable = (status: ServiceHoursStatus): boolean => status === 'pending';

/** True while a teacher may still decide on the entry (a decision is final). @public */
export const isHoursReviewable = (status: ServiceHoursStatus): boolean => status === 'pending' || status === 'confirmed' || status === 'disputed';

/** True when the entry's hours count towards the day's 12 (a declined entry logged nothing). @public */
export const countsTowardsDay = (status: ServiceHoursStatus): boolean => status !== 'declined';

/** What a teacher sends: `hours` only for `partial`, a `comment` required to decline or cut hours. @public */
export interface HoursReviewInput {
  decision: string | undefined;
  hours?: number | null | undefined;
  comment?: string | null | undefined;
}

/** A teacher's decision, checked against the entry's logged hours. @public */
export function validateHoursReview(
  input: HoursReviewInput,
  loggedHours: number,
): Validation<{ decision: HoursReviewDecision; approvedHours: number; comment: string | null }, 'decision' | 'hours' | 'comment'> {
  const comment = (input.comment ?? '').trim();
  const decision = input.decision;
  if (decision !== 'approved' && decision !== 'partial' && decision !== 'declined')
    return { ok: false, errors: { decision: HOURS_MESSAGES.reviewDecisionRequired } };
  if (comment.length > HOURS_LIMITS.reviewComment) return { ok: false, errors: { comment: HOURS_MESSAGES.tooLong(HOURS_LIMITS.reviewComment) } };
  if (decision === 'partial' && (!isValidHours(input.hours) || input.hours >= loggedHours))
    return { ok: false, errors: { hours: HOURS_MESSAGES.partialHours } };
  if (decision !== 'approved' && !comment) return { ok: false, errors: { comment: HOURS_MESSAGES.commentRequired } };
  const approvedHours = decision === 'approved' ? loggedHours : decision === 'partial' ? (input.hours as number) : 0;
  return { ok: true, value: { decision, approvedHours, comment: comment || null } };
}

/**
 * The teacher's queue order: confirmed entries first (ready to approve), then disputed ones (flagged,
 * to follow up), then those still waiting for their supervisor; oldest first within each.
 * @public
 */
export function reviewQueueRank(status: ServiceHoursStatus): number {
  return status === 'confirmed' ? 0 : status === 'disputed' ? 1 : 2;
}

/**
 * Why an entry of a bulk approval was left as it was: a teacher (or the same teacher, twice) decided it
 * first, its supervisor has not confirmed it (pending or disputed), no entry of the caller's schools
 * has that id, or it is the caller's own.
 * @public
 */
export type HoursApprovalSkipReason = 'already-reviewed' | 'not-confirmed' | 'not-found' | 'own-entry';

/** The words for each {@link HoursApprovalSkipReason}, as "2 skipped: already reviewed" uses them. @public */
export const HOURS_APPROVAL_SKIP_REASONS: Readonly<Record<HoursApprovalSkipReason, string>> = {
  'already-reviewed': 'already reviewed',
  'not-confirmed': 'not confirmed by the supervisor',
  'not-found': 'not found',
  'own-entry': 'your own entry',
};

/** What a teacher sends to approve several entries at once. @public */
export interface HoursBulkApprovalInput {
  ids: readonly string[] | undefined;
  decision: string | undefined;
}

/**
 * Checks a bulk approval: only `approved`, between 1 and {@link HOURS_BULK_APPROVAL_MAX} ids (an id
 * listed twice counts once and is decided once).
 * @public
 */
export function validateBulkApproval(input: HoursBulkApprovalInput): Validation<{ ids: string[] }, 'ids' | 'decision'> {
  if (input.decision !== 'approved') return { ok: false, errors: { decision: HOURS_MESSAGES.bulkOnlyApproval } };
  const ids = [...new Set((input.ids ?? []).map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0) return { ok: false, errors: { ids: HOURS_MESSAGES.bulkNothingChosen } };
  if (ids.length > HOURS_BULK_APPROVAL_MAX) return { ok: false, errors: { ids: HOURS_MESSAGES.bulkTooMany } };
  return { ok: true, value: { ids } };
}
