import { rulesVersionOf, type BoardRulesAnswer } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import type { Command } from '../../platform/router.ts';
import { boardRulesOf } from '../../portal/youth-rules.ts';

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
