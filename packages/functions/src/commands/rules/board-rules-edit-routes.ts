import {
  BOARD_RULE_MESSAGES,
  checkBoardAdditions,
  DATABASE_ID,
  describeBoardRuleChange,
  RULE_PACKS,
  rulesVersionOf,
  TABLES,
  type BoardRuleChange,
  type BoardRuleChangesAnswer,
  type BoardRules,
  type BoardRulesAnswer,
  type RulePackId,
} from '@opportunity-kit/sdk/domain';
import { AppwriteException, ID, Query, type Models } from 'node-appwrite';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import { writeTogether } from '../../portal/atomic-writes.ts';
import { BOARD_RULES_ROW, boardRulesOf } from '../../portal/youth-rules.ts';
import { isBoardAdmin } from '../schools/school-access.ts';

/**
 * PUT /rules and GET /rules/changes (issue 26): a board administrator chooses the board's rule pack and
 * edits its additions; every change is kept, with who made it and what it changed, in words.
 *
 * Two administrators saving at once: each change is recorded as the row `revision-<n>` of
 * `board_rule_changes`, created in the same transaction as the new `board_rules` row. Only one
 * transaction can create `revision-<n>`, so of two saves made from the same revision one commits and
 * the other is refused (409) and told to reload; a save from an older revision is refused before that.
 */

/** The columns of a `board_rule_changes` row. */
interface BoardRuleChangeColumns {
  revision: number;
  changedBy: string;
  changedByName: string | null;
  changedAt: string;
  packBefore: string;
  packAfter: string;
  /** The lines of {@link BoardRuleChange.summary}, one a line. */
  summary: string;
}

/** How many changes the history shows. */
const HISTORY_LENGTH = 100;

export const saveBoardRules: Command = async ({ caller, body, api }) => {
  const member = requireBoardAdmin(caller);
  const packId = body.text('packId');
  const revision = body.number('revision');
  const additions = body.unchecked('additions');
  body.done();
  if (packId === undefined || !(packId in RULE_PACKS)) throw invalidInput({ packId: BOARD_RULE_MESSAGES.unknownPack });
  if (revision === undefined || !Number.isInteger(revision) || revision < 0) throw invalidInput({ revision: BOARD_RULE_MESSAGES.staleRevision });
  const before = await boardRulesOf(api);
  const pack = RULE_PACKS[packId as RulePackId];
  const checked = checkBoardAdditions(additions, pack, before.additions, () => ID.unique());
  if (!checked.ok) throw invalidInput(checked.problems);
  if (revision !== before.revision) throw staleRevision();
  const after: BoardRules = { packId: pack.id, additions: checked.additions, revision: before.revision + 1 };
  const changedAt = new Date().toISOString();
  const change: BoardRuleChangeColumns = {
    revision: after.revision,
    changedBy: member.id,
    changedByName: member.name.slice(0, 128) || member.email,
    changedAt,
    packBefore: before.packId,
    packAfter: after.packId,
    summary: describeBoardRuleChange(before, after).join('\n'),
  };
  try {
    await writeTogether(api, [
      { action: 'create', tableId: TABLES.boardRuleChanges, rowId: `revision-${after.revision}`, data: change, permissions: [] },
      {
        action: 'upsert',
        tableId: TABLES.boardRules,
        rowId: BOARD_RULES_ROW,
        data: { packId: after.packId, additions: JSON.stringify(after.additions), revision: after.revision, changedBy: member.id, changedAt },
        permissions: [],
      },
    ]);
  } catch (thrown) {
    // Another administrator's save of the same revision committed first.
    if (thrown instanceof AppwriteException && thrown.code === 409) throw staleRevision();
    throw thrown;
  }
  return { rules: after, version: rulesVersionOf(after) } satisfies BoardRulesAnswer;
};

export const listBoardRuleChanges: Command = async ({ caller, body, api }) => {
  requireBoardAdmin(caller);
  body.done();
  const { rows } = await api.tables.listRows<Models.Row & BoardRuleChangeColumns>({
    databaseId: DATABASE_ID,
    tableId: TABLES.boardRuleChanges,
    queries: [Query.orderDesc('revision'), Query.limit(HISTORY_LENGTH)],
  });
  const changes = rows.map((row): BoardRuleChange => ({
    revision: row.revision,
    changedByName: row.changedByName ?? '',
    changedAt: row.changedAt,
    packBefore: packIdOf(row.packBefore),
    packAfter: packIdOf(row.packAfter),
    summary: row.summary.split('\n'),
  }));
  return { changes } satisfies BoardRuleChangesAnswer;
};

function requireBoardAdmin(caller: Parameters<typeof requireMember>[0]): Member {
  const member = requireMember(caller);
  if (!isBoardAdmin(member)) throw notAllowed(BOARD_RULE_MESSAGES.onlyBoardAdmins);
  return member;
}

function staleRevision() {
  return invalidInput({ revision: BOARD_RULE_MESSAGES.staleRevision });
}

function packIdOf(value: string): RulePackId {
  return value in RULE_PACKS ? (value as RulePackId) : 'ontario';
}
