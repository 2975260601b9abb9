import { DATABASE_ID, notOpenYetMessage, TABLES, todayDateString, toJob, type OpenToMeAnswer } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember } from '../../platform/caller.ts';
import { invalidInput } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import type { JobRow } from '../../portal/rows.ts';
import { studentMayOpen, studentReaderOf } from '../../portal/student-view.ts';
import { boardRulesOf, studentAgeOf, studentMayTake } from '../../portal/youth-rules.ts';

/** Most postings asked about at once: a listing's page. */
const MAX_IDS = 100;

/**
 * POST /jobs/open-to-me `{ ids }` — for each posting the signed-in student may open, whether their age
 * lets them take it, from which age and why (issue 26): what "Open to me" on the listings and the
 * posting's page show. Nothing about the student's age leaves but these rulings; postings they may not
 * open, and unknown ids, are left out. Anyone but a student may take every posting as far as age goes.
 */
export const openToMe: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const ids = [...new Set(body.textList('ids') ?? [])];
  body.done();
  if (ids.length > MAX_IDS) throw invalidInput({ ids: `Please ask about at most ${MAX_IDS} postings at once` });
  if (ids.length === 0 || member.role !== 'student') return { postings: {} } satisfies OpenToMeAnswer;
  const today = todayDateString();
  const [age, rules, { rows }] = await Promise.all([
    studentAgeOf(api, member.id, today),
    boardRulesOf(api),
    api.tables.listRows<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, queries: [Query.equal('$id', ids), Query.limit(ids.length)], total: false }),
  ]);
  const reader = studentReaderOf(member);
  const postings: OpenToMeAnswer['postings'] = {};
  for (const row of rows.filter((candidate) => studentMayOpen(candidate, reader))) {
    const ruling = studentMayTake(toJob(row), age, rules, today);
    postings[row.$id] = { mayTake: ruling.mayTake, fromAge: ruling.fromAge, message: ruling.mayTake ? null : notOpenYetMessage(ruling) };
  }
  return { postings } satisfies OpenToMeAnswer;
};
