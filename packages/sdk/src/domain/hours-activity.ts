import type { DateString } from './dates.ts';
import { isEmailAddress } from './validation.ts';
import {
  HOURS_ACTIVITY_KINDS,
  HOURS_ACTIVITY_LABELS,
  POSTING_TASKS,
  ruleOnHours,
  rulesVersionLabel,
  WORKPLACE_TYPES,
  type BoardRules,
  type HoursActivityFacts,
  type HoursActivityKind,
  type HoursRuling,
  type PostingTask,
  type RuleFinding,
  type WorkplaceType,
} from './youth-rules.ts';

/**
 * What the youth-work rules weigh about an hours entry (issue 26): the kind of activity the student
 * picks, the tasks and workplace, whether it was paid, and for a student under 18 the parent or
 * guardian who signs the planned-activity notice and the completion record. The form shows the ruling
 * as it is filled in; the `commands` function weighs it again with the student's age and keeps it.
 */

/** The activity fields of the hours form. @public */
export interface HoursActivityInput {
  activityKind?: string | null | undefined;
  activityTasks?: readonly string[] | null | undefined;
  activityWorkplace?: string | null | undefined;
  activityPaid?: boolean | null | undefined;
  activityForProfit?: boolean | null | undefined;
  /** A parent or guardian, for a student under 18 (or whose age is not known). */
  parentName?: string | null | undefined;
  parentEmail?: string | null | undefined;
}

/** The texts of the activity fields. @public */
export const HOURS_ACTIVITY_MESSAGES = {
  kindInvalid: 'Please choose the kind of activity from the list',
  tasksInvalid: 'Please choose among the listed tasks',
  workplaceInvalid: 'Please choose one of the listed places',
  parentNameRequired: 'Please enter your parent or guardian’s name',
  parentEmailInvalid: 'Please enter your parent or guardian’s e-mail address',
  parentIsStudent: 'Your parent or guardian’s address must not be your own',
  counts: 'These hours count toward your community involvement hours.',
  doesNotCount: 'These hours would not count toward your community involvement hours:',
  parentLinkInvalid: 'This link is not valid. Please ask the student to log the hours again or to ask their teacher.',
  parentAlreadySigned: 'This part is already signed.',
  parentNameToSign: 'Please type your full name to sign',
  parentConfirm: 'Please confirm that you are this student’s parent or guardian',
  parentNotStudent: 'A student cannot sign as their own parent or guardian.',
  parentPartInvalid: 'Please choose what you are signing',
  parentThanks: 'Thank you, your signature is recorded. The student’s teacher will see it.',
} as const;

/** The activity fields once checked. @public */
export interface CheckedHoursActivity {
  errors: Partial<Record<keyof HoursActivityInput, string>>;
  facts: HoursActivityFacts | null;
  parent: { name: string; email: string } | null;
}

/** Checks the activity fields of an entry of `date` by `studentEmail`. @public */
export function checkHoursActivity(input: HoursActivityInput, context: { date: DateString; studentEmail: string }): CheckedHoursActivity {
  const errors: CheckedHoursActivity['errors'] = {};
  const kind = input.activityKind ? HOURS_ACTIVITY_KINDS.find((known) => known === input.activityKind) : null;
  if (kind === undefined) errors.activityKind = HOURS_ACTIVITY_MESSAGES.kindInvalid;
  const tasks = POSTING_TASKS.filter((task) => input.activityTasks?.includes(task));
  if ((input.activityTasks ?? []).some((task) => !POSTING_TASKS.some((known) => known === task))) errors.activityTasks = HOURS_ACTIVITY_MESSAGES.tasksInvalid;
  const workplace = input.activityWorkplace ? WORKPLACE_TYPES.find((known) => known === input.activityWorkplace) : null;
  if (workplace === undefined) errors.activityWorkplace = HOURS_ACTIVITY_MESSAGES.workplaceInvalid;
  const parentName = (input.parentName ?? '').trim();
  const parentEmail = (input.parentEmail ?? '').trim().toLowerCase();
  if (parentName || parentEmail) {
    if (!parentName) errors.parentName = HOURS_ACTIVITY_MESSAGES.parentNameRequired;
    else if (parentName.length > 120) errors.parentName = 'Please keep this under 120 characters';
    if (!isEmailAddress(parentEmail)) errors.parentEmail = HOURS_ACTIVITY_MESSAGES.parentEmailInvalid;
    else if (parentEmail === context.studentEmail.trim().toLowerCase()) errors.parentEmail = HOURS_ACTIVITY_MESSAGES.parentIsStudent;
  }
  const facts: HoursActivityFacts | null = kind
    ? { kind, tasks, workplace: workplace ?? null, paid: input.activityPaid === true, forProfit: input.activityForProfit ?? null, date: context.date }
    : null;
  return { errors, facts, parent: parentName && parentEmail && !errors.parentEmail && !errors.parentName ? { name: parentName, email: parentEmail } : null };
}

/** What a parent or guardian signs: the planned-activity notice, or the completion record. @public */
export type ParentPart = 'notice' | 'completion';

/** What the parent's page shows: the entry's public facts, what the rules said, and what is signed. @public */
export interface ParentSignOffView {
  id: string;
  studentName: string;
  organisation: string;
  activity: string;
  /** The kind of activity in words, when the student picked one. */
  activityKind: string | null;
  date: string;
  hours: number;
  checks: HoursChecks;
}

/** The answer to a parent's signature. @public */
export interface ParentSignOffAnswer {
  id: string;
  part: ParentPart;
  message: string;
}

/** What the rules said about an entry when it was logged, and who signed it: what the teacher's review shows. @public */
export interface HoursChecks {
  /** The kind of activity the student picked; null on entries from before the rules. */
  activityKind: HoursActivityKind | null;
  tasks: PostingTask[];
  workplace: WorkplaceType | null;
  /** Null on entries from before the rules. */
  counts: boolean | null;
  reasons: RuleFinding[];
  /** The rules it was weighed under, in words. */
  rulesVersion: string | null;
  /** Whether a parent or guardian signs (a student under 18, or whose age is not known). */
  parentNeeded: boolean;
  parentName: string | null;
  parentNoticeSignedAt: string | null;
  parentNoticeSignedBy: string | null;
  parentCompletionSignedAt: string | null;
  parentCompletionSignedBy: string | null;
}

/** The `service_hours` columns that keep an entry's {@link HoursChecks}. @public */
export interface HoursCheckColumns {
  activityKind?: string | null;
  activityTasks?: string[] | null;
  activityWorkplace?: string | null;
  activityPaid?: boolean | null;
  activityForProfit?: boolean | null;
  hoursCount?: boolean | null;
  /** JSON of the {@link RuleFinding}s that say why the hours do not count. */
  hoursRuleReasons?: string | null;
  rulesVersion?: string | null;
  parentNeeded?: boolean | null;
  parentName?: string | null;
  parentEmail?: string | null;
  parentNoticeSignedAt?: string | null;
  parentNoticeSignedBy?: string | null;
  parentCompletionSignedAt?: string | null;
  parentCompletionSignedBy?: string | null;
}

/** The columns to write for an entry's activity and its ruling. @public */
export function hoursCheckColumns(facts: HoursActivityFacts | null, ruling: HoursRuling, parent: { name: string; email: string } | null): HoursCheckColumns {
  return {
    activityKind: facts?.kind ?? null,
    activityTasks: facts ? [...facts.tasks] : [],
    activityWorkplace: facts?.workplace ?? null,
    activityPaid: facts?.paid ?? null,
    activityForProfit: facts?.forProfit ?? null,
    hoursCount: ruling.counts,
    hoursRuleReasons: JSON.stringify(ruling.reasons),
    rulesVersion: rulesVersionLabel(ruling.rules),
    parentNeeded: ruling.signOffs.includes('parent-completion'),
    parentName: parent?.name ?? null,
    parentEmail: parent?.email ?? null,
  };
}

/** An entry's {@link HoursChecks} from its columns. @public */
export function hoursChecksOf(columns: HoursCheckColumns): HoursChecks {
  const kind = HOURS_ACTIVITY_KINDS.find((known) => known === columns.activityKind) ?? null;
  return {
    activityKind: kind,
    tasks: POSTING_TASKS.filter((task) => columns.activityTasks?.includes(task)),
    workplace: WORKPLACE_TYPES.find((known) => known === columns.activityWorkplace) ?? null,
    counts: typeof columns.hoursCount === 'boolean' ? columns.hoursCount : null,
    reasons: reasonsOf(columns.hoursRuleReasons),
    rulesVersion: columns.rulesVersion ?? null,
    parentNeeded: columns.parentNeeded === true,
    parentName: columns.parentName ?? null,
    parentNoticeSignedAt: columns.parentNoticeSignedAt ?? null,
    parentNoticeSignedBy: columns.parentNoticeSignedBy ?? null,
    parentCompletionSignedAt: columns.parentCompletionSignedAt ?? null,
    parentCompletionSignedBy: columns.parentCompletionSignedBy ?? null,
  };
}

/**
 * Every check and signature of an entry in words, as the teacher's review and the PDF record show
 * them: the kind of activity, whether the rules count it (why not, with sources, and the rules'
 * version), and the parent's two signatures when a parent signs.
 * @public
 */
export function hoursCheckLines(checks: HoursChecks): Array<{ term: string; value: string }> {
  const lines: Array<{ term: string; value: string }> = [];
  if (checks.activityKind) lines.push({ term: 'Kind of activity', value: HOURS_ACTIVITY_LABELS[checks.activityKind] });
  const version = checks.rulesVersion ? ` (${checks.rulesVersion})` : '';
  const rule =
    checks.counts === null
      ? 'Not checked: logged before the rules'
      : checks.counts
        ? `Counts${version}`
        : `Does not count${version}: ${checks.reasons.map((reason) => `${reason.text} (${reason.source})`).join(' ')}`;
  lines.push({ term: 'Community involvement rules', value: rule });
  if (checks.parentNeeded) {
    const signed = (at: string | null, by: string | null) =>
      at ? `Signed by ${by ?? 'a parent'} on ${at.slice(0, 10)}` : checks.parentName ? `Not signed yet (${checks.parentName})` : 'Not signed: no parent named';
    lines.push({ term: 'Parent’s planned-activity notice', value: signed(checks.parentNoticeSignedAt, checks.parentNoticeSignedBy) });
    lines.push({ term: 'Parent’s completion record', value: signed(checks.parentCompletionSignedAt, checks.parentCompletionSignedBy) });
  }
  return lines;
}

/** The ruling of an entry's activity under the board's rules, for a student of `age` (null: not given). @public */
export function ruleOnHoursActivity(facts: HoursActivityFacts | null, age: number | null, rules: BoardRules, date: DateString): HoursRuling {
  return ruleOnHours(facts ?? { kind: 'community-service', tasks: [], workplace: null, paid: false, forProfit: null, date }, age, rules);
}

function reasonsOf(json: string | null | undefined): RuleFinding[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? (parsed as RuleFinding[]) : [];
  } catch {
    return [];
  }
}
