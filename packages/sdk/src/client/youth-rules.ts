import type { BoardRulesAnswer } from '../domain/youth-rules.ts';
import type { PortalContext } from './context.ts';

/** The youth-work rules of the board (issue 26). @public */
export interface YouthRulesModule {
  /** The rule pack the board chose, its additions and their version, for forms that show a ruling live. */
  board(): Promise<BoardRulesAnswer>;
}

export function createYouthRules(context: Pick<PortalContext, 'command'>): YouthRulesModule {
  return {
    board: () => context.command<BoardRulesAnswer>('GET', '/rules'),
  };
}
