import { parseRoster, ROSTER_REQUEST_ROWS, rosterRowProblem, type RosterOutcome, type RosterResult, type RosterRow } from '@opportunity-kit/sdk/domain';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import { deploymentSettings } from '../../platform/deployment-settings.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { accountsWithAddresses } from '../../portal/school-accounts.ts';
import { actingSchool } from '../../portal/schools.ts';
import { enrolStudent, predictEnrolment, startRows, type Invite, type RowStart } from './enrol-student.ts';
import { mailInvitation } from './invitation-mail.ts';

/** Rows imported at once: enough to keep a request of `ROSTER_REQUEST_ROWS` quick, few enough not to crowd Appwrite's Users API. */
const PARALLEL_ROWS = 16;

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

const emailsOf = (rows: readonly RosterRow[]): string[] => rows.map((row) => row.email);

/** Each row's outcome as an import would have it now; the accounts of all the addresses are read with one query. */
async function predictions(api: ServerApi, rows: readonly RosterRow[], schoolId: string): Promise<RosterOutcome[]> {
  const accounts = await accountsWithAddresses(api, emailsOf(rows));
  return inOrder(rows, PARALLEL_ROWS, (row) => predictEnrolment(api, schoolId, accounts.get(row.email.toLowerCase())));
}

/** Enrols each row's student, `PARALLEL_ROWS` at a time, after one read of all the accounts (see `startRows`). */
async function enrolments(api: ServerApi, rows: readonly RosterRow[], schoolId: string, invite: Invite): Promise<RosterOutcome[]> {
  const starts = await startRows(api, emailsOf(rows));
  return inOrder(
    rows.map((row, index) => ({ row, start: starts[index] as RowStart })),
    PARALLEL_ROWS,
    ({ row, start }) => enrolStudent(api, row, schoolId, invite, start),
  );
}

/**
 * POST /roster — a teacher imports students from CSV (`{ "csv": "email,name…" }`, see `parseRoster`)
 * into the school they are staff of (`schoolId` names it for staff of several, see `actingSchool`).
 * A file that cannot be read is refused whole, before anything is written; otherwise every row gets
 * its outcome and a bad row never stops the others. Importing a file again, after an import stopped
 * half-way or not, is safe and finishes what is left (see `enrolStudent`). With `preview: true` it
 * writes and mails nothing and answers each row's outcome as an import would now (`predictEnrolment`),
 * so a teacher sees what will happen before confirming.
 *
 * One request holds at most `ROSTER_REQUEST_ROWS` rows, so that it ends well within half the
 * function's timeout (issue 27): the SDK sends a longer file in parts. The accounts of all its
 * addresses are read at once, with one query.
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
  if (parsed.rows.length > ROSTER_REQUEST_ROWS) {
    throw invalidInput({ csv: `A request holds at most ${ROSTER_REQUEST_ROWS} students; send a longer file in parts (the SDK's roster.import does).` });
  }
  const settings = deploymentSettings();
  const portal = portalOrigin();
  const invite: Invite = (userId, name) => mailInvitation(request.api, { userId, name, teacherName: teacher.name || 'Your teacher', portal });
  const checked = parsed.rows.map((row) => ({ row, problem: rosterRowProblem(row, settings) }));
  const students = checked.filter(({ problem }) => problem === undefined).map(({ row }) => row);
  const outcomes = preview ? await predictions(request.api, students, schoolId) : await enrolments(request.api, students, schoolId, invite);
  const outcomeOf = new Map(students.map((row, index) => [row, outcomes[index] as RosterOutcome]));
  const results = checked.map(({ row, problem }): RosterResult => ({ ...row, outcome: problem ?? (outcomeOf.get(row) as RosterOutcome) }));
  // A preview created nothing (the rows' outcomes say what a confirmed import would do).
  const answer: RosterImport = { results, created: preview ? 0 : results.filter((result) => result.outcome === 'created').length };
  return answer;
};
