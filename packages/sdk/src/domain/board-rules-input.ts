import { RULE_PACKS } from './youth-rule-packs.ts';
import {
  HOURS_ACTIVITY_KINDS,
  HOURS_ACTIVITY_LABELS,
  POSTING_TASKS,
  TASK_LABELS,
  WORKPLACE_LABELS,
  WORKPLACE_TYPES,
  type AgeRule,
  type BoardAdditions,
  type HoursActivityKind,
  type HoursExclusion,
  type PostingTask,
  type RulePackId,
  type WorkplaceType,
} from './youth-rules.ts';

/**
 * A board administrator's choice of rules (issue 26): the pack, and the board's own additions, each with
 * the board's reason. Checked the same way by the page and by `PUT /rules`, which also gives each
 * addition its id and source and records the change.
 */

/** One exclusion from community involvement hours the board adds: a kind of activity, a task, or every for-profit organisation. @public */
export interface BoardExclusionInput {
  kind?: string | null;
  task?: string | null;
  forProfit?: boolean | null;
  /** Why, as students and staff read it. */
  reason: string;
}

/** One older age the board sets for a workplace or a task. @public */
export interface BoardAgeRuleInput {
  workplace?: string | null;
  task?: string | null;
  minimumAge: number;
  reason: string;
}

/** `PUT /rules`: the pack, the board's additions, and the revision the page was showing. @public */
export interface BoardRulesChange {
  packId: string;
  exclusions: readonly BoardExclusionInput[];
  ageRules: readonly BoardAgeRuleInput[];
  /** The revision read before the change; a change made meanwhile makes this one stale. */
  revision: number;
}

/** One recorded change of the board's rules. @public */
export interface BoardRulesChangeRecord {
  revision: number;
  packId: RulePackId;
  summary: string;
  changedByEmail: string;
  changedAt: string;
}

/** The texts of the board's rules. @public */
export const BOARD_RULES_MESSAGES = {
  onlyBoardAdmins: 'Only the board’s administrators change the youth-work rules.',
  packInvalid: 'Please choose one of the rule packs',
  stale: 'Someone changed the rules meanwhile. Please reload the page and make your change again.',
  reasonRequired: 'Please say why, in a sentence students and staff will read',
  reasonTooLong: `Please keep the reason under ${300} characters`,
  exclusionTarget: 'Please choose one kind of activity, one task, or every for-profit organisation',
  ageTarget: 'Please choose one workplace or one task',
  ageRange: 'Please enter an age from 14 to 25',
  notOlder: (age: number) => `The rules already allow this from ${age}: a board may only ask for an older age`,
  tooMany: 'A board may add at most 50 rules',
  saved: 'The rules are saved. Every posting, listing and hours entry now follows them.',
} as const;

const REASON_MAX = 300;
const ADDITIONS_MAX = 50;

/** The change checked: the pack and additions ready to keep, or a message per problem (`form` for the whole). @public */
export type CheckedBoardRules =
  { ok: true; packId: RulePackId; additions: BoardAdditions } | { ok: false; errors: Partial<Record<'packId' | 'exclusions' | 'ageRules' | 'form', string>> };

/** Checks a board's choice; `revision` names the additions' source ("Board policy, revision N"). @public */
export function checkBoardRules(change: Omit<BoardRulesChange, 'revision'>, revision: number): CheckedBoardRules {
  const packId = (Object.keys(RULE_PACKS) as RulePackId[]).find((id) => id === change.packId);
  if (!packId) return { ok: false, errors: { packId: BOARD_RULES_MESSAGES.packInvalid } };
  if (change.exclusions.length + change.ageRules.length > ADDITIONS_MAX) return { ok: false, errors: { form: BOARD_RULES_MESSAGES.tooMany } };
  const source = { citation: `Board policy, revision ${revision}` };
  const exclusions: HoursExclusion[] = [];
  for (const [index, input] of change.exclusions.entries()) {
    const problem = reasonProblem(input.reason);
    if (problem) return { ok: false, errors: { exclusions: problem } };
    const kind = HOURS_ACTIVITY_KINDS.find((known) => known === input.kind);
    const task = POSTING_TASKS.find((known) => known === input.task);
    const targets = [kind, task, input.forProfit ? true : undefined].filter((target) => target !== undefined);
    if (targets.length !== 1) return { ok: false, errors: { exclusions: BOARD_RULES_MESSAGES.exclusionTarget } };
    exclusions.push({
      id: `board-exclusion-${index + 1}`,
      ...(kind ? { kind } : {}),
      ...(task ? { task } : {}),
      ...(input.forProfit ? { forProfit: true as const } : {}),
      text: input.reason.trim(),
      source,
    });
  }
  const ageRules: AgeRule[] = [];
  for (const [index, input] of change.ageRules.entries()) {
    const problem = reasonProblem(input.reason);
    if (problem) return { ok: false, errors: { ageRules: problem } };
    const workplace = WORKPLACE_TYPES.find((known) => known === input.workplace);
    const task = POSTING_TASKS.find((known) => known === input.task);
    if ((workplace ? 1 : 0) + (task ? 1 : 0) !== 1) return { ok: false, errors: { ageRules: BOARD_RULES_MESSAGES.ageTarget } };
    if (!Number.isInteger(input.minimumAge) || input.minimumAge < 14 || input.minimumAge > 25)
      return { ok: false, errors: { ageRules: BOARD_RULES_MESSAGES.ageRange } };
    const already = packAgeFor(packId, workplace, task);
    if (input.minimumAge <= already) return { ok: false, errors: { ageRules: BOARD_RULES_MESSAGES.notOlder(already) } };
    ageRules.push({
      id: `board-age-${index + 1}`,
      minimumAge: input.minimumAge,
      ...(workplace ? { workplaces: [workplace] } : {}),
      ...(task ? { tasks: [task] } : {}),
      text: input.reason.trim(),
      source,
    });
  }
  return { ok: true, packId, additions: { exclusions, ageRules } };
}

/** The board's additions as the page edits them. @public */
export function boardRulesInputOf(additions: BoardAdditions): Pick<BoardRulesChange, 'exclusions' | 'ageRules'> {
  return {
    exclusions: additions.exclusions.map((exclusion) => ({
      kind: exclusion.kind ?? null,
      task: exclusion.task ?? null,
      forProfit: exclusion.forProfit ?? null,
      reason: exclusion.text,
    })),
    ageRules: additions.ageRules.map((rule) => ({
      workplace: rule.workplaces?.[0] ?? null,
      task: rule.tasks?.[0] ?? null,
      minimumAge: rule.minimumAge,
      reason: rule.text,
    })),
  };
}

/** What a change did, in words, for the history. @public */
export function boardRulesSummary(before: { packId: RulePackId; additions: BoardAdditions }, after: { packId: RulePackId; additions: BoardAdditions }): string {
  const lines: string[] = [];
  if (before.packId !== after.packId) lines.push(`Rule pack: ${RULE_PACKS[before.packId].name} → ${RULE_PACKS[after.packId].name}.`);
  const described = (additions: BoardAdditions) => [...additions.exclusions.map(describeExclusion), ...additions.ageRules.map(describeAgeRule)];
  const was = described(before.additions);
  const now = described(after.additions);
  for (const line of now.filter((item) => !was.includes(item))) lines.push(`Added: ${line}`);
  for (const line of was.filter((item) => !now.includes(item))) lines.push(`Removed: ${line}`);
  return lines.join('\n') || 'No change.';
}

/** An exclusion in words: "Not counted: Paid work — reason". @public */
export function describeExclusion(exclusion: HoursExclusion): string {
  const what = exclusion.kind
    ? HOURS_ACTIVITY_LABELS[exclusion.kind as HoursActivityKind]
    : exclusion.task
      ? TASK_LABELS[exclusion.task as PostingTask]
      : 'Any for-profit organisation';
  return `Hours not counted: ${what}. ${exclusion.text}`;
}

/** An older age in words. @public */
export function describeAgeRule(rule: AgeRule): string {
  const what = rule.workplaces?.[0]
    ? WORKPLACE_LABELS[rule.workplaces[0] as WorkplaceType]
    : rule.tasks?.[0]
      ? TASK_LABELS[rule.tasks[0] as PostingTask]
      : 'Work';
  return `From age ${rule.minimumAge}: ${what}. ${rule.text}`;
}

function reasonProblem(reason: unknown): string | undefined {
  if (typeof reason !== 'string' || !reason.trim()) return BOARD_RULES_MESSAGES.reasonRequired;
  if (reason.trim().length > REASON_MAX) return BOARD_RULES_MESSAGES.reasonTooLong;
  return undefined;
}

/** The age the pack already sets for a workplace or a task (its base age when none). */
function packAgeFor(packId: RulePackId, workplace: WorkplaceType | undefined, task: PostingTask | undefined): number {
  const pack = RULE_PACKS[packId];
  const ages = pack.ageRules
    .filter((rule) => (workplace && rule.workplaces?.includes(workplace)) || (task && rule.tasks?.includes(task)))
    .map((rule) => rule.minimumAge);
  return Math.max(pack.baseAge, ...ages);
}
