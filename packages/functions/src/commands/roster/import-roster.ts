import { parseRoster, rosterRowProblem, type RosterResult } from '@opportunity-kit/sdk/domain';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import { deploymentSettings } from '../../platform/deployment-settings.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import type { Command } from '../../platform/router.ts';
import { actingSchool } from '../../portal/schools.ts';
import { enrolStudent, predictEnrolment, type Invite } from './enrol-student.ts';
import { mailInvitation } from './invitation-mail.ts';

/** Rows imported at once: enough to keep an import of a class quick, few enough not to crowd Appwrite's Users API. */
const PARALLEL_ROWS = 4;

/** What `POST /roster` answers: every row's outcome, in the file's order. */
export interface RosterImport {
  results: RosterResult[];
  created: number;
}

function requireTeacher(member: Member): Member {
  if (member.role !== 'teacher') throw notAllowed('Only teachers can import a roster.');
  return member;
}

/** Runs `work` over `items` with at most `width` at a time, answering in the items' order. */
async function inOrder<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return answers;
}

/**
 * POST /roster — a teacher imports students from CSV (`{ "csv": "email,name…" }`, see `parseRoster`)
 * into the school they are staff of (`schoolId` names it for staff of several, see `actingSchool`).
 * A file that cannot be read is refused whole, before anything is written; otherwise every row gets
 * its outcome and a bad row never stops the others. Importing a file again, after an import stopped
 * half-way or not, is safe and finishes what is left (see `enrolStudent`). With `preview: true` it
 * writes and mails nothing and answers each row's outcome as an import would now (`predictEnrolment`),
 * so a teacher sees what will happen before confirming.
 */
export const importRoster: Command = async (request) => {
  const teacher = requireTeacher(requireMember(request.caller));
  const csv = request.body.text('csv');
  const requestedSchool = request.body.text('schoolId');
  const preview = request.body.boolean('preview') ?? false;
  request.body.done();
  const schoolId = await actingSchool(request.api, teacher, requestedSchool);
  if (csv === undefined || csv.trim() === '') throw invalidInput({ csv: 'Please choose a CSV file or paste its lines (email,name).' });
  const parsed = parseRoster(csv);
  if (!parsed.ok) throw invalidInput({ csv: parsed.message });
  const settings = deploymentSettings();
  const portal = portalOrigin();
  const invite: Invite = (userId, name) => mailInvitation(request.api, { userId, name, teacherName: teacher.name || 'Your teacher', portal });
  const results = await inOrder(parsed.rows, PARALLEL_ROWS, async (row): Promise<RosterResult> => {
    const problem = rosterRowProblem(row, settings);
    if (problem) return { ...row, outcome: problem };
    const outcome = preview ? await predictEnrolment(request.api, row, schoolId) : await enrolStudent(request.api, row, schoolId, invite);
    return { ...row, outcome };
  });
  // A preview created nothing (the rows' outcomes say what a confirmed import would do).
  const answer: RosterImport = { results, created: preview ? 0 : results.filter((result) => result.outcome === 'created').length };
  return answer;
};
