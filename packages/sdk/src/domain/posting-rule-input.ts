import type { PostingType } from './constants.ts';
import type { DateString } from './dates.ts';
import { MAX_PAY, PAY_UNITS } from './posting-details.ts';
import {
  POSTING_TASKS,
  ruleOnPosting,
  WEEKDAYS,
  WORKPLACE_TYPES,
  type BoardRules,
  type PostingRuleDetails,
  type PostingRuling,
  type RuleFinding,
} from './youth-rules.ts';

/**
 * The youth-work rule fields of the posting form (issue 26), checked as one: each field's shape, then
 * what the law bars, from `ruleOnPosting` (pay under the floor, an age younger than the law allows).
 * The form and the `commands` function run the same check, so both refuse with the same words.
 */

/** The rule fields as the posting form sends them. @public */
export interface PostingRuleInput {
  workplace?: string | null;
  tasks?: readonly string[] | null;
  scheduleDays?: readonly string[] | null;
  /** `HH:MM`, 24-hour. */
  scheduleStart?: string | null;
  scheduleEnd?: string | null;
  hoursPerWeek?: number | null;
  /** Whether the work is paid (never for Volunteering). */
  paid?: boolean | null;
  /** The pay as a number, per `payUnit`. */
  payRate?: number | null;
  /** What the pay is counted per: `hour` (the default), `day`, `week` or `month` (issue 28). */
  payUnit?: string | null;
  forProfit?: boolean | null;
  /** An older age the poster asks for, 14 to 25. */
  declaredMinimumAge?: number | null;
}

/** @public */
export type PostingRuleField = keyof PostingRuleInput;

/** The limits of the rule fields. @public */
export const POSTING_RULE_LIMITS = { maxHoursPerWeek: 80, maxPayRate: 500, minDeclaredAge: 14, maxDeclaredAge: 25 } as const;

/** The rule fields' details and the ruling, or a message per field that is wrong. @public */
export interface CheckedRuleInput {
  errors: Partial<Record<PostingRuleField, string>>;
  /** Null when the form said nothing about the rules (a posting from before them reads the same). */
  details: PostingRuleDetails | null;
  ruling: PostingRuling | null;
}

/** Checks the rule fields of a posting of `postingType` under the board's `rules`. @public */
export function checkPostingRules(
  input: PostingRuleInput,
  context: { postingType: PostingType | undefined; startDate: string | null | undefined; rules: BoardRules; today: DateString },
): CheckedRuleInput {
  const errors: Partial<Record<PostingRuleField, string>> = {};
  const workplace = input.workplace ? WORKPLACE_TYPES.find((type) => type === input.workplace) : null;
  if (workplace === undefined) errors.workplace = 'Please choose one of the listed workplaces';
  const tasks = POSTING_TASKS.filter((task) => input.tasks?.includes(task));
  if ((input.tasks ?? []).some((task) => !POSTING_TASKS.some((known) => known === task))) errors.tasks = 'Please choose among the listed tasks';
  const days = WEEKDAYS.filter((day) => input.scheduleDays?.includes(day));
  if ((input.scheduleDays ?? []).some((day) => !WEEKDAYS.some((known) => known === day))) errors.scheduleDays = 'Please choose among the days of the week';
  const start = input.scheduleStart || null;
  const end = input.scheduleEnd || null;
  if (start !== null && !isTime(start)) errors.scheduleStart = 'Please enter a time such as 16:00';
  if (end !== null && !isTime(end)) errors.scheduleEnd = 'Please enter a time such as 20:00';
  else if (start !== null && end !== null && isTime(start) && end <= start) errors.scheduleEnd = 'The end time must be after the start time';
  else if ((start === null) !== (end === null)) errors[start === null ? 'scheduleStart' : 'scheduleEnd'] = 'Please enter both a start and an end time';
  const hoursPerWeek = input.hoursPerWeek ?? null;
  if (hoursPerWeek !== null && !(hoursPerWeek > 0 && hoursPerWeek <= POSTING_RULE_LIMITS.maxHoursPerWeek))
    errors.hoursPerWeek = `Please enter hours a week between 0 and ${POSTING_RULE_LIMITS.maxHoursPerWeek}`;
  const volunteering = context.postingType === 'Volunteering';
  if (volunteering && input.paid === true) errors.paid = 'Volunteering is unpaid; please choose another posting type for paid work';
  const paid = volunteering ? false : (input.paid ?? true);
  const payRate = input.payRate ?? null;
  const payUnit = input.payUnit ? PAY_UNITS.find((unit) => unit === input.payUnit) : null;
  if (payUnit === undefined) errors.payUnit = 'Please choose whether the pay is per hour, day, week or month';
  if (payRate !== null && !paid) errors.payRate = 'Unpaid work has no pay rate';
  else if (payRate !== null && !(payRate > 0)) errors.payRate = 'Please enter the pay as an amount such as 17.60';
  else if (payRate !== null && payRate > MAX_PAY[payUnit ?? 'hour'])
    errors.payRate = `The pay can be at most ${MAX_PAY[payUnit ?? 'hour']} per ${payUnit ?? 'hour'}`;
  const declaredMinimumAge = input.declaredMinimumAge ?? null;
  const { minDeclaredAge, maxDeclaredAge } = POSTING_RULE_LIMITS;
  if (declaredMinimumAge !== null && !(Number.isInteger(declaredMinimumAge) && declaredMinimumAge >= minDeclaredAge && declaredMinimumAge <= maxDeclaredAge))
    errors.declaredMinimumAge = `Please enter an age from ${minDeclaredAge} to ${maxDeclaredAge}`;

  const saysAnything =
    Boolean(workplace) ||
    tasks.length > 0 ||
    days.length > 0 ||
    start !== null ||
    hoursPerWeek !== null ||
    input.paid != null ||
    payRate !== null ||
    input.forProfit != null ||
    declaredMinimumAge !== null;
  if (Object.keys(errors).length > 0 || !context.postingType) return { errors, details: null, ruling: null };
  const details: PostingRuleDetails = {
    workplace: workplace ?? null,
    tasks,
    schedule: { days, start, end, hoursPerWeek },
    paid,
    payRate,
    payUnit: payRate === null ? null : (payUnit ?? 'hour'),
    forProfit: input.forProfit ?? null,
    declaredMinimumAge,
  };
  const startDate = context.startDate && /^\d{4}-\d{2}-\d{2}$/.test(context.startDate) ? (context.startDate as DateString) : null;
  const ruling = ruleOnPosting({ ...details, postingType: context.postingType, startDate }, context.rules, context.today);
  for (const refusal of ruling.refusals) errors[refusedField(refusal)] = `${refusal.text} (${refusal.source})`;
  return { errors, details: saysAnything ? details : null, ruling };
}

function refusedField(refusal: RuleFinding): PostingRuleField {
  return refusal.ruleId.endsWith('minimum-wage') ? 'payRate' : 'declaredMinimumAge';
}

function isTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}
