import {
  ageOn,
  DATABASE_ID,
  DEFAULT_BOARD_RULES,
  RULE_PACKS,
  ruleFactsOf,
  ruleForStudent,
  ruleOnPosting,
  notOpenYetMessage,
  todayDateString,
  TABLES,
  type AgeRule,
  type BoardAdditions,
  type BoardRules,
  type DateString,
  type HoursExclusion,
  type Job,
  type PostingRuling,
  type RulePackId,
  type StudentRuling,
} from '@opportunity-kit/sdk/domain';
import type { Models } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';

/**
 * The youth-work rules as the functions read them (issue 26): the board's choice of rule pack and its
 * additions (one `board_rules` row), and a student's age from the birth month kept in `student_records`,
 * which no client reads. Every path that decides whether a student may take a posting, or whether an
 * activity counts, weighs them through the SDK's rule functions with what these read.
 */

/** The one row of `board_rules`. */
export const BOARD_RULES_ROW = 'board';

/** The columns of the `board_rules` row. */
export interface BoardRulesColumns {
  packId: string | null;
  /** JSON of {@link BoardAdditions}. */
  additions: string | null;
  revision: number | null;
  changedBy: string | null;
  changedAt: string | null;
}

/** The columns of a `student_records` row (row id = the student's id). */
export interface StudentRecordColumns {
  studentId: string;
  graduationYear?: number | null;
  /** `YYYY-MM`: only the functions read it; only derived facts (old enough or not, and why) leave them. */
  birthMonth?: string | null;
  /** Who gave it: `roster`, `student` or `teacher`. */
  birthMonthSource?: string | null;
}

/** The rules the board works under: Ontario's pack with nothing added until a board administrator chooses. */
export async function boardRulesOf(api: ServerApi): Promise<BoardRules> {
  const row = await orUndefined(
    api.tables.getRow<Models.Row & BoardRulesColumns>({ databaseId: DATABASE_ID, tableId: TABLES.boardRules, rowId: BOARD_RULES_ROW }),
  );
  if (!row) return DEFAULT_BOARD_RULES;
  return { packId: packIdOf(row.packId), additions: additionsOf(row.additions), revision: row.revision ?? 0 };
}

/** The student's age today, or null when nobody has given their birth month. */
export async function studentAgeOf(api: ServerApi, studentId: string, today: DateString): Promise<number | null> {
  const record = await orUndefined(
    api.tables.getRow<Models.Row & StudentRecordColumns>({ databaseId: DATABASE_ID, tableId: TABLES.studentRecords, rowId: studentId }),
  );
  return record?.birthMonth ? ageOn(record.birthMonth, today) : null;
}

/** What the rules say about a posting under the board's rules. */
export function postingRuling(job: Pick<Job, 'postingType' | 'startDate' | 'ruleDetails'>, rules: BoardRules, today: DateString): PostingRuling {
  return ruleOnPosting(ruleFactsOf(job), rules, today);
}

/** Whether a student of `age` may take the posting, and why not: the one age rule of every path. */
export function studentMayTake(
  job: Pick<Job, 'postingType' | 'startDate' | 'ruleDetails'>,
  age: number | null,
  rules: BoardRules,
  today: DateString,
): StudentRuling {
  return ruleForStudent(postingRuling(job, rules, today), age, rules);
}

/**
 * Why the student may not take the posting now, in the words they read (from which age, why, the
 * source), or undefined when they may: what applying and assigning refuse with.
 */
export async function refusalToTake(
  api: ServerApi,
  studentId: string,
  job: Pick<Job, 'postingType' | 'startDate' | 'ruleDetails'>,
): Promise<string | undefined> {
  const today = todayDateString();
  const [age, rules] = await Promise.all([studentAgeOf(api, studentId, today), boardRulesOf(api)]);
  const ruling = studentMayTake(job, age, rules, today);
  return ruling.mayTake ? undefined : notOpenYetMessage(ruling);
}

function packIdOf(value: string | null): RulePackId {
  return value !== null && value in RULE_PACKS ? (value as RulePackId) : DEFAULT_BOARD_RULES.packId;
}

/** The board's additions from their JSON; anything unreadable counts as nothing added (the pack still applies). */
function additionsOf(json: string | null): BoardAdditions {
  if (!json) return DEFAULT_BOARD_RULES.additions;
  try {
    const parsed = JSON.parse(json) as { exclusions?: unknown; ageRules?: unknown };
    return {
      exclusions: Array.isArray(parsed.exclusions) ? (parsed.exclusions as HoursExclusion[]) : [],
      ageRules: Array.isArray(parsed.ageRules) ? (parsed.ageRules as AgeRule[]) : [],
    };
  } catch {
    return DEFAULT_BOARD_RULES.additions;
  }
}
