import type { DeploymentSettings } from './constants.ts';
import { spreadsheetCsv } from './csv.ts';
import { roleForEmail } from './roles.ts';
import { isEmailAddress } from './validation.ts';
import { todayDateString } from './dates.ts';
import { isPlausibleBirthMonth } from './youth-rules.ts';

/** The most students one roster import may hold (issue 15). @public */
export const ROSTER_MAX_ROWS = 2000;

/**
 * The most rows one `POST /roster` request may hold (issue 27): few enough that the `commands`
 * function answers them well within half its timeout, also while the `roles` function is busy with
 * the accounts of the rows before. The SDK sends a file in requests of this many rows.
 * @public
 */
export const ROSTER_REQUEST_ROWS = 50;

/**
 * What became of one roster row. `created` made the student's account (replacing an unverified
 * sign-up with the address, which the school's import reclaims); `invited-again` found an account
 * that never set a password (an import cut off half-way, or an invitation not used) and mailed a new
 * invitation; `already-member` found one that did. Each of these makes the student a student of the
 * importer's school; `other-school` found a student of another school, who is not moved (issue 23).
 * The other outcomes leave the row's address
 * untouched, so an import never stops at the first bad row.
 * @public
 */
export type RosterOutcome =
  | 'created'
  | 'invited-again'
  | 'already-member'
  | 'other-school'
  | 'invalid-address'
  | 'not-school-address'
  | 'missing-name'
  | 'invalid-graduation-year'
  | 'invalid-birth-month';

/** The words a teacher reads for each outcome, in the portal's table and in the downloaded results. @public */
export const ROSTER_OUTCOME_LABELS: Readonly<Record<RosterOutcome, string>> = {
  created: 'Created, invitation sent',
  'invited-again': 'No password set yet, invited again',
  'already-member': 'Already a member',
  'other-school': 'A student of another school, not added (that school must remove them first)',
  'invalid-address': 'Invalid address',
  'not-school-address': 'Not a school address',
  'missing-name': 'Name missing',
  'invalid-graduation-year': 'Graduation year is not a year of the coming graduations (e.g. 2028)',
  'invalid-birth-month': 'Birth month is not a month such as 2011-06',
};

/** One student row of a roster file; `line` is the file's line where the row starts (1-based), so a teacher can find it. @public */
export interface RosterRow {
  /** The line of the file where the row starts (a quoted name over two lines moves the rows after it). */
  line: number;
  /** The first column, trimmed: the student's school address. */
  email: string;
  /** The second column, trimmed: the student's name (empty when missing). */
  name: string;
  /** The optional third column (issue 24): the year the student graduates, for their staff's view of hours by cohort; NaN when it is not a year. */
  graduationYear?: number;
  /**
   * The optional fourth column (issue 26): the student's birth month, `YYYY-MM`, which the youth-work
   * rules weigh; kept where no client reads it. As written when it is not a plausible month.
   */
  birthMonth?: string;
}

/** A row with its outcome, as the `commands` route answers it. @public */
export interface RosterResult extends RosterRow {
  /** What the import did with the row (or, for a preview, would do). */
  outcome: RosterOutcome;
}

/** A parsed roster, or the one message that says why the whole file was refused (nothing is created then). @public */
export type RosterParse = { ok: true; rows: RosterRow[] } | { ok: false; message: string };

interface CsvRecord {
  line: number;
  fields: string[];
}

class MalformedCsv extends Error {}

/**
 * Splits CSV text into records (RFC 4180): fields in double quotes may hold commas, line breaks
 * and doubled quotes; lines end in CRLF or LF. Blank lines are skipped.
 */
function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let index = 0;
  let fieldStarted = false;
  const endRecord = (): void => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  while (index < text.length) {
    const char = text[index];
    if (char === '"' && !fieldStarted) {
      const quotedFrom = line;
      index += 1;
      for (;;) {
        if (index >= text.length) throw new MalformedCsv(`Line ${quotedFrom}: a quoted value is never closed.`);
        const inner = text[index];
        if (inner === '"' && text[index + 1] === '"') {
          field += '"';
          index += 2;
        } else if (inner === '"') {
          index += 1;
          break;
        } else {
          if (inner === '\n') line += 1;
          field += inner;
          index += 1;
        }
      }
      fieldStarted = true;
      const next = text[index];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new MalformedCsv(`Line ${line}: text follows a closing quote.`);
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
      if (char === '\r') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (char === '"') {
      throw new MalformedCsv(`Line ${line}: a quote inside a value must be doubled and the value quoted.`);
    } else {
      field += char;
      fieldStarted = true;
    }
    index += 1;
  }
  if (fieldStarted || fields.length > 0 || field !== '') endRecord();
  return records;
}

const isHeader = (record: CsvRecord): boolean => record.fields[0]?.trim().toLowerCase() === 'email' && (record.fields[1] ?? '').trim().toLowerCase() === 'name';

/** A third column's value: absent or blank is no year; anything but four digits reads as NaN, which {@link rosterRowProblem} refuses. */
function graduationYearOf(value: string | undefined): { graduationYear?: number } {
  const text = (value ?? '').trim();
  if (text === '') return {};
  return { graduationYear: /^\d{4}$/.test(text) ? Number(text) : Number.NaN };
}

/** The graduation years a roster may name: from this school year's to eight years ahead. */
export function isGraduationYear(year: number, now = new Date()): boolean {
  const thisYear = now.getUTCFullYear();
  return Number.isInteger(year) && year >= thisYear && year <= thisYear + 8;
}

/**
 * Reads a roster file (`email,name` per line, optionally `,graduation year` and `,birth month`; header
 * optional; UTF-8 with or without BOM). A file that is not CSV, has a row with more than four values, or holds more than {@link ROSTER_MAX_ROWS}
 * students is refused as a whole with a message naming the line; address problems are per-row
 * outcomes (see {@link rosterRowProblem}).
 * @public
 */
export function parseRoster(text: string): RosterParse {
  let records: CsvRecord[];
  try {
    records = csvRecords(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (thrown) {
    if (thrown instanceof MalformedCsv) return { ok: false, message: thrown.message };
    throw thrown;
  }
  const body = records[0] && isHeader(records[0]) ? records.slice(1) : records;
  if (body.length === 0) return { ok: false, message: 'The file holds no students. Each line needs an address and a name: email,name' };
  if (body.length > ROSTER_MAX_ROWS) {
    return {
      ok: false,
      message: `A roster holds at most ${ROSTER_MAX_ROWS.toLocaleString('en-US')} students; this one has ${body.length.toLocaleString('en-US')}. Please split it into smaller files.`,
    };
  }
  const tooWide = body.find((record) => record.fields.length > 4);
  if (tooWide)
    return {
      ok: false,
      message: `Line ${tooWide.line}: expected email,name (and a graduation year and a birth month, if you like) but found ${tooWide.fields.length} values. Put names with commas in quotes.`,
    };
  return {
    ok: true,
    rows: body.map((record) => ({
      line: record.line,
      email: (record.fields[0] ?? '').trim(),
      name: (record.fields[1] ?? '').trim(),
      ...graduationYearOf(record.fields[2]),
      ...((record.fields[3] ?? '').trim() ? { birthMonth: (record.fields[3] as string).trim() } : {}),
    })),
  };
}

/**
 * Why a row cannot become a student account, or undefined when it can: the address must be a
 * student address of the school (at SCHOOL_DOMAIN, starting with 1, as the roles rule reads it).
 * @public
 */
export function rosterRowProblem(row: RosterRow, settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>): RosterOutcome | undefined {
  if (!isEmailAddress(row.email)) return 'invalid-address';
  if (roleForEmail(row.email, settings) !== 'student') return 'not-school-address';
  if (row.name === '') return 'missing-name';
  if (row.graduationYear !== undefined && !isGraduationYear(row.graduationYear)) return 'invalid-graduation-year';
  if (row.birthMonth !== undefined && !isPlausibleBirthMonth(row.birthMonth, todayDateString())) return 'invalid-birth-month';
  return undefined;
}

/**
 * The results as CSV (`line,email,name,outcome`), what the portal offers to download: written for a
 * spreadsheet, so a name or address that reads as a formula stays text ({@link spreadsheetCsv}).
 * @public
 */
export function rosterResultsCsv(results: readonly RosterResult[]): string {
  return spreadsheetCsv([
    ['line', 'email', 'name', 'outcome'],
    ...results.map((result) => [String(result.line), result.email, result.name, ROSTER_OUTCOME_LABELS[result.outcome]]),
  ]);
}
