import type { BoardRuleChangesAnswer, BoardRulesInput } from '../domain/board-rule-edits.ts';
import type { AgeStatus, BoardRulesAnswer } from '../domain/youth-rules.ts';
import { segment, type PortalContext } from './context.ts';

/** The youth-work rules of the board, and a student's birth month (issue 26). @public */
export interface YouthRulesModule {
  /** The rule pack the board chose, its additions and their version, for forms that show a ruling live. */
  board(): Promise<BoardRulesAnswer>;
  /** Whether the signed-in student has given their birth month (never the month itself). */
  ageStatus(): Promise<AgeStatus>;
  /** The signed-in student gives their birth month (`YYYY-MM`), once; a teacher corrects it after that. */
  giveBirthMonth(birthMonth: string): Promise<AgeStatus>;
  /** A teacher of the student's school corrects their birth month (`YYYY-MM`). */
  correctBirthMonth(studentId: string, birthMonth: string): Promise<void>;
  /**
   * A board administrator saves the board's pack and additions, from the revision they read; refused
   * (`invalid-input`, `fields.revision`) when someone else saved since.
   */
  saveBoard(input: BoardRulesInput): Promise<BoardRulesAnswer>;
  /** Every change of the board's rules, newest first, for its administrators. */
  boardChanges(): Promise<BoardRuleChangesAnswer>;
}

export function createYouthRules(context: Pick<PortalContext, 'command'>): YouthRulesModule {
  return {
    board: () => context.command<BoardRulesAnswer>('GET', '/rules'),
    ageStatus: () => context.command<AgeStatus>('GET', '/me/age'),
    giveBirthMonth: (birthMonth) => context.command<AgeStatus>('POST', '/me/birth-month', { birthMonth }),
    async correctBirthMonth(studentId, birthMonth) {
      await context.command('PUT', `/students/${segment(studentId)}/birth-month`, { birthMonth });
    },
    saveBoard: (input) => context.command<BoardRulesAnswer>('PUT', '/rules', input),
    boardChanges: () => context.command<BoardRuleChangesAnswer>('GET', '/rules/changes'),
  };
}
