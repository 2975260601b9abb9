import {
  BOARD_RULES_MESSAGES,
  boardRulesSummary,
  checkBoardRules,
  DATABASE_ID,
  rulesVersionOf,
  TABLES,
  type BoardAgeRuleInput,
  type BoardExclusionInput,
  type BoardRulesAnswer,
  type BoardRulesChangeRecord,
  type RulePackId,
} from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../../platform/appwrite-errors.ts';
import { requireMember } from '../../platform/caller.ts';
import { CommandError, invalidInput, notAllowed } from '../../platform/command-error.ts';
import type { RequestBody } from '../../platform/request-body.ts';
import type { Command } from '../../platform/router.ts';
import { decideTogether, writeTogether, type RowWrite } from '../../portal/atomic-writes.ts';
import { BOARD_RULES_ROW, boardRulesOf, type BoardRulesColumns } from '../../portal/youth-rules.ts';
import { isBoardAdmin } from '../schools/school-access.ts';

type BoardRulesRow = Models.Row & BoardRulesColumns;
type ChangeRow = Models.Row & Omit<BoardRulesChangeRecord, 'packId'> & { packId: string; changedBy: string };

/**
 * GET /rules — the youth-work rules the board works under (issue 26): its pack and additions, for the
 * forms that show a ruling as they are filled in (the server weighs the same rules again on submit).
 * Nothing here is about a person, so any signed-in member may read it.
 */
export const readBoardRules: Command = async ({ caller, body, api }) => {
  requireMember(caller);
  body.done();
  const rules = await boardRulesOf(api);
  return { rules, version: rulesVersionOf(rules) } satisfies BoardRulesAnswer;
};

/**
 * PUT /rules `{ packId, exclusions, ageRules, revision }` — a board administrator chooses the pack and
 * the board's additions. A compare-and-set on the revision: of two administrators saving at once, one
 * wins and the other is told to reload. The change is recorded (who, when, what) in the same transaction.
 */
export const changeBoardRules: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const change = readChange(body);
  if (!isBoardAdmin(member)) throw notAllowed(BOARD_RULES_MESSAGES.onlyBoardAdmins);
  const next = change.revision + 1;
  const checked = checkBoardRules(change, next);
  if (!checked.ok) throw invalidInput(checked.errors);
  const now = new Date().toISOString();
  const record = (before: { packId: RulePackId; additions: typeof checked.additions }): RowWrite => ({
    action: 'create',
    tableId: TABLES.boardRuleChanges,
    rowId: `revision-${next}`,
    data: {
      revision: next,
      packId: checked.packId,
      summary: boardRulesSummary(before, checked),
      changedBy: member.id,
      changedByEmail: member.email,
      changedAt: now,
    },
    permissions: [],
  });
  const columns: BoardRulesColumns = {
    packId: checked.packId,
    additions: JSON.stringify(checked.additions),
    revision: next,
    changedBy: member.id,
    changedAt: now,
  };
  const stale = () => new CommandError('not-allowed', BOARD_RULES_MESSAGES.stale);
  const current = await orUndefined(api.tables.getRow<BoardRulesRow>({ databaseId: DATABASE_ID, tableId: TABLES.boardRules, rowId: BOARD_RULES_ROW }));
  if (!current) {
    if (change.revision !== 0) throw stale();
    const before = await boardRulesOf(api);
    // The first change creates the row: a second first change at the same instant finds it taken.
    await writeTogether(api, [{ action: 'create', tableId: TABLES.boardRules, rowId: BOARD_RULES_ROW, data: columns, permissions: [] }, record(before)]).catch(
      (thrown: unknown) => {
        throw hasStatus(thrown, 409) ? stale() : thrown;
      },
    );
  } else {
    await decideTogether(api, [{ tableId: TABLES.boardRules, rowId: BOARD_RULES_ROW }], async () => {
      const before = await boardRulesOf(api);
      if (before.revision !== change.revision) throw stale();
      return { writes: [{ action: 'update', tableId: TABLES.boardRules, rowId: BOARD_RULES_ROW, data: columns }, record(before)], answer: undefined };
    });
  }
  const rules = await boardRulesOf(api);
  return { rules, version: rulesVersionOf(rules) } satisfies BoardRulesAnswer;
};

/** GET /rules/changes — the history of the board's rules, newest first (board administrators). */
export const listBoardRuleChanges: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  if (!isBoardAdmin(member)) throw notAllowed(BOARD_RULES_MESSAGES.onlyBoardAdmins);
  const { rows } = await api.tables.listRows<ChangeRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.boardRuleChanges,
    queries: [Query.orderDesc('revision'), Query.limit(100)],
  });
  return rows.map((row): BoardRulesChangeRecord => ({
    revision: row.revision,
    packId: row.packId as RulePackId,
    summary: row.summary,
    changedByEmail: row.changedByEmail,
    changedAt: row.changedAt,
  }));
};

function readChange(body: RequestBody): { packId: string; exclusions: BoardExclusionInput[]; ageRules: BoardAgeRuleInput[]; revision: number } {
  const packId = body.text('packId') ?? '';
  const revision = body.number('revision') ?? -1;
  const exclusions = body.objectList<BoardExclusionInput>('exclusions') ?? [];
  const ageRules = body.objectList<BoardAgeRuleInput>('ageRules') ?? [];
  body.done();
  if (!Number.isInteger(revision) || revision < 0) throw invalidInput({ revision: BOARD_RULES_MESSAGES.stale });
  return { packId, exclusions, ageRules, revision };
}
