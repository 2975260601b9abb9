import { csvText } from '../domain/csv.ts';
import type { RosterResult, RosterRow } from '../domain/roster.ts';

/**
 * The rows of one batch as CSV text. Every batch starts with the header, so a student row that
 * happens to read `email,name` is never mistaken for one when it opens a batch. A graduation year
 * goes along as the third column (a year that was not one goes as "NaN", which the server refuses
 * for that row as the file's text would be), a birth month as the fourth, as written.
 */
export function batchCsv(rows: readonly RosterRow[]): string {
  const yearOf = (row: RosterRow): string => (row.graduationYear === undefined ? '' : String(row.graduationYear));
  return csvText([['email', 'name', 'graduation year', 'birth month'], ...rows.map((row) => [row.email, row.name, yearOf(row), row.birthMonth ?? ''])]);
}

/** The file's rows in consecutive batches of at most `size`. */
export function rosterBatches(rows: readonly RosterRow[], size: number): RosterRow[][] {
  const batches: RosterRow[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}

/**
 * The server numbers a batch's lines within the batch; the teacher reads them in their own file.
 * The answer holds one result per row, in order, so each takes its row's line back.
 */
export function withFileLines(rows: readonly RosterRow[], results: readonly RosterResult[]): RosterResult[] {
  return results.map((result, index) => ({ ...result, line: rows[index]?.line ?? result.line }));
}
