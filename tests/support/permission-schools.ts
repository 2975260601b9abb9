import { expect } from 'vitest';
import { Query, TablesDB, Teams } from 'node-appwrite';
import type { HoursQueuePage, RosterResult, ServiceHoursEntry } from '@opportunity-kit/sdk/domain';
import { adminClient } from './backend.ts';
import type { CaseContext, Outcome, Played } from './permission-case.ts';
import type { Case } from './permission-rules.ts';
import { execute, type CommandAnswer } from './portal.ts';
import { memberOf, PRINCIPALS, sameSchool, SCHOOL_OF, type Actor, type Principal } from './principals.ts';

/**
 * The matrix's school-scoped commands (issue 23): a teacher's hours queue and export list only their
 * own school's students, and a roster import or a new link reaches another school's student never.
 * Each is played on studentA (of the first school), so teacherB (of the second) is the one to refuse.
 */

export const SCHOOL_OPERATIONS = ['hoursQueue', 'hoursExport', 'importRosterOfStudentA', 'resendLinkToStudentA'] as const;
export type SchoolOperation = (typeof SCHOOL_OPERATIONS)[number];

export const isSchoolOperation = (operation: string): operation is SchoolOperation => (SCHOOL_OPERATIONS as readonly string[]).includes(operation);

function fromAnswer(answer: CommandAnswer<unknown>): Outcome {
  return answer.status === 200 ? { ok: true, value: answer.data } : { ok: false, refusal: `${answer.status} ${answer.error?.code}` };
}

/**
 * Whether a queued entry is of the school `principal` belongs to: a principal's by the fixture; any
 * other (on a shared project, another test file's student, whose account may be gone by now) by the
 * school the entry was logged for.
 */
async function isEntryOfSchoolOf(context: CaseContext, principal: Principal, entry: { id: string; studentId: string }): Promise<boolean> {
  const known = PRINCIPALS.find((candidate) => context.world.actors[candidate].userId === entry.studentId);
  if (known) return sameSchool(principal, known);
  const row = await new TablesDB(adminClient(context.world.backend)).getRow({ databaseId: 'portal', tableId: 'service_hours', rowId: entry.id });
  return SCHOOL_OF[principal] !== undefined && row.schoolId === SCHOOL_OF[principal]?.id;
}

/** The whole queue from its first page: each next page read as the teacher's page reads it. */
async function wholeQueue(actor: Actor, first: HoursQueuePage | undefined): Promise<ServiceHoursEntry[]> {
  const entries = [...(first?.entries ?? [])];
  for (let cursor = first?.nextCursor; cursor;) {
    const page = (await execute<HoursQueuePage>(actor, 'commands', 'GET', `/hours/queue?cursor=${encodeURIComponent(cursor)}`)).data;
    entries.push(...(page?.entries ?? []));
    cursor = page?.nextCursor;
  }
  return entries;
}

/** The school teams studentA is a member of, with their roles: a refused import or link must leave them as they are. */
async function schoolsOfStudentA(context: CaseContext): Promise<string[]> {
  const teams = new Teams(adminClient(context.world.backend));
  const studentId = memberOf(context.world.actors, 'studentA').userId;
  const schools = [...new Set(Object.values(SCHOOL_OF).flatMap((school) => (school ? [school.id] : [])))];
  const found = await Promise.all(
    schools.map(async (teamId) => {
      const { memberships } = await teams.listMemberships({ teamId, queries: [Query.equal('userId', studentId)] });
      return memberships.map((membership) => `${teamId}:${membership.roles.join('+')}`);
    }),
  );
  return found.flat().sort();
}

export async function runSchoolCase(testCase: Case & { operation: SchoolOperation }, context: CaseContext): Promise<Played> {
  const { actor, world } = context;
  const principal = testCase.principal;
  switch (testCase.operation) {
    case 'hoursQueue': {
      const answer = await execute<HoursQueuePage>(actor, 'commands', 'GET', '/hours/queue');
      return {
        result: fromAnswer(answer),
        allowed: async () => {
          const queued = await wholeQueue(actor, answer.data);
          const ownEntry = principal === 'teacherA' ? world.rows.hoursA : world.rows.hoursB;
          expect(queued.map((entry) => entry.id)).toContain(ownEntry);
          // Every entry must be of a student of the teacher's school: the principals' entries, and on a
          // shared project (real-Appwrite mode) those other test files' students of that school log meanwhile.
          for (const entry of queued) expect(await isEntryOfSchoolOf(context, principal, entry)).toBe(true);
        },
        unchanged: async () => {},
      };
    }
    case 'hoursExport': {
      const answer = await execute<{ base64: string }>(actor, 'commands', 'GET', '/hours/export.csv');
      return {
        result: fromAnswer(answer),
        allowed: async () => {
          const csv = Buffer.from(answer.data?.base64 ?? '', 'base64').toString('utf8');
          for (const student of ['studentA', 'studentB'] as const) {
            const email = memberOf(world.actors, student).email;
            if (sameSchool(principal, student)) expect(csv).toContain(email);
            else expect(csv).not.toContain(email);
          }
        },
        unchanged: async () => {},
      };
    }
    case 'importRosterOfStudentA': {
      const studentA = memberOf(world.actors, 'studentA');
      const before = await schoolsOfStudentA(context);
      const answer = await execute<{ results: RosterResult[] }>(actor, 'commands', 'POST', '/roster', { csv: `${studentA.email},Student A` });
      const unchanged = async () => expect(await schoolsOfStudentA(context)).toEqual(before);
      return {
        result: fromAnswer(answer),
        // Another school's import answers the row as `other-school` and leaves the student where they are.
        allowed: async () => {
          expect(answer.data?.results.map((result) => result.outcome)).toEqual([sameSchool(principal, 'studentA') ? 'already-member' : 'other-school']);
          await unchanged();
        },
        unchanged,
      };
    }
    case 'resendLinkToStudentA': {
      const answer = await execute<{ sent: string }>(actor, 'commands', 'POST', '/roster/resend', { email: memberOf(world.actors, 'studentA').email });
      return { result: fromAnswer(answer), allowed: async () => expect(answer.data?.sent).toBe('reset-link'), unchanged: async () => {} };
    }
  }
}
