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
  type RulePack,
  type RulePackId,
  type WorkplaceType,
} from './youth-rules.ts';

/**
 * How a board administrator edits the board's youth-work rules (issue 26): the pack it works under and
 * its own additions. The additions only ever narrow the pack (an exclusion from community hours, an
 * older age for some work); an addition that would open work to a younger student than the law allows
 * is refused here, so the rule functions in `youth-rules.ts` never have to second-guess the board.
 */

/** The youngest and oldest age a board may ask for. @public */
export const BOARD_AGE_LIMITS = { min: 14, max: 25 } as const;
/** The longest reason a board gives for an addition. @public */
export const BOARD_REASON_MAX_LENGTH = 300;

/** The texts of the board rules' commands. @public */
export const BOARD_RULE_MESSAGES = {
  onlyBoardAdmins: 'Only the board’s administrators can change the youth-work rules.',
  staleRevision: 'Someone else changed the rules while you were editing. Please reload them and make your change again.',
  saved: 'The youth-work rules are saved.',
  unknownPack: 'Please choose Ontario or United States (federal)',
  reasonMissing: 'Please give the board’s reason',
  reasonTooLong: `Please keep the reason under ${BOARD_REASON_MAX_LENGTH} characters`,
  exclusionTarget: 'Please choose one activity kind, one task, or every for-profit organisation',
  ageTarget: 'Please choose at least one workplace or task',
  ageOutOfRange: `Please enter an age from ${BOARD_AGE_LIMITS.min} to ${BOARD_AGE_LIMITS.max}`,
  notAList: 'Please send a list',
} as const;

/** One addition as a board administrator sends it: the server gives new ones their id. @public */
export interface HoursExclusionInput {
  id?: string;
  kind?: HoursActivityKind;
  task?: PostingTask;
  forProfit?: true;
  text: string;
}

/** An older age for some workplaces or tasks, as a board administrator sends it. @public */
export interface AgeRuleInput {
  id?: string;
  minimumAge: number;
  workplaces?: readonly WorkplaceType[];
  tasks?: readonly PostingTask[];
  text: string;
}

/** `PUT /rules`: the pack, the whole list of additions, and the revision the editor started from. @public */
export interface BoardRulesInput {
  packId: RulePackId;
  additions: { exclusions: readonly HoursExclusionInput[]; ageRules: readonly AgeRuleInput[] };
  revision: number;
}

/** One change of the board's rules, as `GET /rules/changes` lists it. @public */
export interface BoardRuleChange {
  revision: number;
  changedByName: string;
  changedAt: string;
  packBefore: RulePackId;
  packAfter: RulePackId;
  /** What changed, a sentence a line. */
  summary: readonly string[];
}

/** `GET /rules/changes`: the newest first. @public */
export interface BoardRuleChangesAnswer {
  changes: BoardRuleChange[];
}

/** How a board's own addition names its source. @public */
export const BOARD_POLICY_SOURCE = { citation: 'Board policy' } as const;

/** What {@link checkBoardAdditions} answers: the additions to keep, or the problems by field. @public */
export type CheckedAdditions = { ok: true; additions: BoardAdditions } | { ok: false; problems: Record<string, string> };

/**
 * Checks the additions a board administrator sent against the pack they chose: known kinds, tasks and
 * workplaces, a reason of sensible length, an age within {@link BOARD_AGE_LIMITS} and never below the
 * pack's own age for the same work. An addition without a known id gets one from `newId`.
 * @public
 */
export function checkBoardAdditions(input: unknown, pack: RulePack, existing: BoardAdditions, newId: () => string): CheckedAdditions {
  const problems: Record<string, string> = {};
  const { exclusions: rawExclusions, ageRules: rawAgeRules } = (isObject(input) ? input : {}) as { exclusions?: unknown; ageRules?: unknown };
  if (!isObject(input) || !Array.isArray(rawExclusions) || !Array.isArray(rawAgeRules)) {
    return { ok: false, problems: { additions: BOARD_RULE_MESSAGES.notAList } };
  }
  const knownIds = new Set([...existing.exclusions, ...existing.ageRules].map((addition) => addition.id));
  const idOf = (value: unknown): string => (typeof value === 'string' && knownIds.has(value) ? value : newId());
  const exclusions: HoursExclusion[] = [];
  rawExclusions.forEach((raw: unknown, index) => {
    const field = `additions.exclusions.${index}`;
    const item = isObject(raw) ? raw : {};
    const text = reasonOf(item.text, `${field}.text`, problems);
    const targets = [item.kind !== undefined, item.task !== undefined, item.forProfit !== undefined].filter(Boolean).length;
    const kindOk = item.kind === undefined || HOURS_ACTIVITY_KINDS.includes(item.kind as HoursActivityKind);
    const taskOk = item.task === undefined || POSTING_TASKS.includes(item.task as PostingTask);
    const forProfitOk = item.forProfit === undefined || item.forProfit === true;
    if (targets !== 1 || !kindOk || !taskOk || !forProfitOk) {
      problems[`${field}.target`] = BOARD_RULE_MESSAGES.exclusionTarget;
      return;
    }
    if (text === undefined) return;
    exclusions.push({
      id: idOf(item.id),
      ...(item.kind !== undefined ? { kind: item.kind as HoursActivityKind } : {}),
      ...(item.task !== undefined ? { task: item.task as PostingTask } : {}),
      ...(item.forProfit === true ? { forProfit: true as const } : {}),
      text,
      source: BOARD_POLICY_SOURCE,
    });
  });
  const ageRules: AgeRule[] = [];
  rawAgeRules.forEach((raw: unknown, index) => {
    const field = `additions.ageRules.${index}`;
    const item = isObject(raw) ? raw : {};
    const text = reasonOf(item.text, `${field}.text`, problems);
    const workplaces = listOf(item.workplaces, WORKPLACE_TYPES);
    const tasks = listOf(item.tasks, POSTING_TASKS);
    if (workplaces === null || tasks === null || workplaces.length + tasks.length === 0) {
      problems[`${field}.target`] = BOARD_RULE_MESSAGES.ageTarget;
      return;
    }
    const age = item.minimumAge;
    if (typeof age !== 'number' || !Number.isInteger(age) || age < BOARD_AGE_LIMITS.min || age > BOARD_AGE_LIMITS.max) {
      problems[`${field}.minimumAge`] = BOARD_RULE_MESSAGES.ageOutOfRange;
      return;
    }
    const lawAge = packAgeFor(pack, workplaces, tasks);
    if (age < lawAge.age) {
      problems[`${field}.minimumAge`] = `${pack.name}’s rules already set age ${lawAge.age} for ${lawAge.label}; the board may only ask for an older age`;
      return;
    }
    if (text === undefined) return;
    ageRules.push({
      id: idOf(item.id),
      minimumAge: age,
      ...(workplaces.length ? { workplaces } : {}),
      ...(tasks.length ? { tasks } : {}),
      text,
      source: BOARD_POLICY_SOURCE,
    });
  });
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, additions: { exclusions, ageRules } };
}

/** What changed between two versions of the board's rules, a sentence a line, for the change history. @public */
export function describeBoardRuleChange(
  before: { packId: RulePackId; additions: BoardAdditions },
  after: { packId: RulePackId; additions: BoardAdditions },
): string[] {
  const lines: string[] = [];
  if (before.packId !== after.packId) lines.push(`Rule pack changed from ${RULE_PACKS[before.packId].name} to ${RULE_PACKS[after.packId].name}.`);
  const describe = (addition: HoursExclusion | AgeRule): string => ('minimumAge' in addition ? describeAgeRule(addition) : describeExclusion(addition));
  const beforeAll = [...before.additions.exclusions, ...before.additions.ageRules];
  const afterAll = [...after.additions.exclusions, ...after.additions.ageRules];
  const afterIds = new Set(afterAll.map((addition) => addition.id));
  const beforeIds = new Set(beforeAll.map((addition) => addition.id));
  for (const addition of afterAll) if (!beforeIds.has(addition.id)) lines.push(`Added: ${describe(addition)} (“${addition.text}”).`);
  for (const addition of beforeAll) if (!afterIds.has(addition.id)) lines.push(`Removed: ${describe(addition)} (“${addition.text}”).`);
  return lines.length ? lines : ['Saved without changes.'];
}

/** An exclusion in words: "Hours at for-profit organisations do not count". @public */
export function describeExclusion(exclusion: HoursExclusion): string {
  if (exclusion.forProfit) return 'hours at for-profit organisations do not count';
  if (exclusion.kind) return `${HOURS_ACTIVITY_LABELS[exclusion.kind]} does not count`;
  if (exclusion.task) return `work involving ${TASK_LABELS[exclusion.task].toLowerCase()} does not count`;
  return exclusion.paid ? 'paid work does not count' : 'an exclusion';
}

/** An older age in words: "from age 16: Restaurant kitchen". @public */
export function describeAgeRule(rule: AgeRule): string {
  const targets = [...(rule.workplaces ?? []).map((workplace) => WORKPLACE_LABELS[workplace]), ...(rule.tasks ?? []).map((task) => TASK_LABELS[task])];
  return `from age ${rule.minimumAge}: ${targets.join(', ')}`;
}

/**
 * The oldest age the pack itself sets for any of this work (its base age when none), and the work that
 * sets it: a board's older age for the same work must not be younger.
 * @public
 */
export function packAgeFor(pack: RulePack, workplaces: readonly WorkplaceType[], tasks: readonly PostingTask[]): { age: number; label: string } {
  let found = { age: pack.baseAge, label: 'all work' };
  for (const rule of pack.ageRules) {
    const workplace = workplaces.find((candidate) => rule.workplaces?.includes(candidate));
    const task = tasks.find((candidate) => rule.tasks?.includes(candidate));
    const label = workplace ? WORKPLACE_LABELS[workplace] : task ? TASK_LABELS[task] : undefined;
    if (label && rule.minimumAge > found.age) found = { age: rule.minimumAge, label };
  }
  return found;
}

function reasonOf(value: unknown, field: string, problems: Record<string, string>): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') problems[field] = BOARD_RULE_MESSAGES.reasonMissing;
  else if (text.length > BOARD_REASON_MAX_LENGTH) problems[field] = BOARD_RULE_MESSAGES.reasonTooLong;
  else return text;
  return undefined;
}

/** The list of known values, [] when absent, null when anything in it is unknown. */
function listOf<T extends string>(value: unknown, known: readonly T[]): T[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > known.length || !value.every((item) => known.includes(item as T))) return null;
  return [...new Set(value as T[])];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
