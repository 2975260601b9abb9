import { expect } from 'vitest';
import { Query } from 'node-appwrite';
import type { CaseContext, Outcome, Played } from './permission-case.ts';
import { ROWS } from './permission-fixture.ts';
import { rowReaders, type Case } from './permission-rules.ts';
import { execute, type CommandAnswer } from './portal.ts';

/**
 * The moderation commands of issue 15 in the matrix: reporting what one reads, the teachers' queue,
 * and a teacher's decision, each with its effect when allowed and nothing written when refused.
 */

export const MODERATION_OPERATIONS = ['report', 'moderationQueue', 'decideReport'] as const;
export type ModerationOperation = (typeof MODERATION_OPERATIONS)[number];

export const isModerationOperation = (operation: string): operation is ModerationOperation => (MODERATION_OPERATIONS as readonly string[]).includes(operation);

let reasons = 0;

function fromAnswer(answer: CommandAnswer<unknown>): Outcome {
  return answer.status === 200 ? { ok: true, value: answer.data } : { ok: false, refusal: `${answer.status} ${answer.error?.code}` };
}

const KIND_OF_TABLE: Readonly<Record<string, string>> = { jobs: 'job', posts: 'post', comments: 'comment' };

export async function runModerationCase(testCase: Case & { operation: ModerationOperation }, context: CaseContext): Promise<Played> {
  const { actor, world, observer } = context;
  const target = context.throwaway?.id ?? (world.rows[testCase.resource] as string);
  switch (testCase.operation) {
    case 'report': {
      const reason = `Matrix report by ${testCase.principal} #${++reasons}`;
      const kind = KIND_OF_TABLE[ROWS[testCase.resource]?.table ?? ''];
      const answer = await execute(actor, 'commands', 'POST', '/reports', { kind, id: target, reason });
      const mine = () => observer.rowsWhere('reports', [Query.equal('targetId', target), Query.equal('reporterId', actor.userId ?? '')]);
      return {
        result: fromAnswer(answer),
        // One report per member and target: a member who reported it already keeps that one report.
        allowed: async () => expect(await mine()).toHaveLength(1),
        unchanged: async () => expect(await observer.rowsWhere('reports', [Query.equal('reason', reason)])).toEqual([]),
      };
    }
    case 'moderationQueue': {
      const answer = await execute<Array<{ id: string }>>(actor, 'commands', 'GET', '/reports');
      return {
        result: fromAnswer(answer),
        // A teacher's queue holds the open reports they moderate: those of their own school's feed (issue 23).
        allowed: async () => {
          const queued = answer.data?.map((report) => report.id) ?? [];
          if (rowReaders('openReport').includes(testCase.principal)) expect(queued).toContain(world.rows.openReport);
          else expect(queued).not.toContain(world.rows.openReport);
        },
        unchanged: async () => {},
      };
    }
    case 'decideReport': {
      const answer = await execute(actor, 'commands', 'POST', `/reports/${target}/decision`, { decision: 'dismiss' });
      return {
        result: fromAnswer(answer),
        allowed: async () => {
          expect(await observer.row('reports', target)).toMatchObject({ status: 'dismissed' });
          expect(await observer.rowsWhere('moderation_audit', [Query.equal('reportId', target)])).toMatchObject([
            { action: 'dismiss', teacherId: actor.userId },
          ]);
        },
        unchanged: async () => {
          await observer.expectRowAsBefore('reports', target);
          // A decided report keeps its one decision; an open one has none.
          const facts = ROWS[testCase.resource];
          const decisions = facts?.table === 'reports' && facts.decision ? 1 : 0;
          expect(await observer.rowsWhere('moderation_audit', [Query.equal('reportId', target)])).toHaveLength(decisions);
        },
      };
    }
  }
}
