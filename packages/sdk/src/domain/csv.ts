/**
 * The one CSV writer (RFC 4180, CRLF line ends, a final CRLF): for files a teacher opens in a
 * spreadsheet ({@link spreadsheetCsv}: the roster results, the hours export) and for CSV that only
 * programs read ({@link csvText}: the roster batches the portal sends).
 */

/** A row of a CSV file: one string per column. @public */
export type CsvRow = readonly string[];

/**
 * What makes Excel, LibreOffice or Google Sheets read a cell as a formula: `=`, `+`, `-` or `@`
 * (or their full-width forms, which some of them also accept) first, also after spaces, and a
 * leading tab or carriage return (OWASP, "CSV Injection").
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** A number such as `-2` or `3.5` is a value, never a formula, and must stay a number in the sheet. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/** RFC 4180: a value with a comma, a quote or a line break goes in quotes, its quotes doubled. */
function quoted(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A value as a spreadsheet must show it: one that would run as a formula (a student's name such as
 * `=HYPERLINK(…)`, typed by anyone) gets a leading apostrophe, which spreadsheets read as "text".
 */
function inert(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

function csvLines(rows: readonly CsvRow[], cell: (value: string) => string): string {
  return rows.map((row) => row.map(cell).join(',') + '\r\n').join('');
}

/**
 * A CSV file for a person to open in a spreadsheet: every value that would run as a formula is
 * written as text. Use it for every download a teacher opens.
 * @public
 */
export function spreadsheetCsv(rows: readonly CsvRow[]): string {
  return csvLines(rows, (value) => quoted(inert(value)));
}

/**
 * CSV that only a program reads (the values come back exactly as given, so nothing is defused):
 * never offer it as a download; use {@link spreadsheetCsv} for that.
 * @public
 */
export function csvText(rows: readonly CsvRow[]): string {
  return csvLines(rows, quoted);
}
