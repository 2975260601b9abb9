import { describe, expect, it } from 'vitest';
import { parseRoster, type RosterRow } from '../domain/roster.ts';
import { batchCsv, rosterBatches, withFileLines } from './roster-batches.ts';

const rowsOf = (text: string): RosterRow[] => {
  const parsed = parseRoster(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
};

describe('roster batches', () => {
  it('splits 120 rows into batches of 50, 50 and 20, in the file order', () => {
    const rows = Array.from({ length: 120 }, (_, index) => ({ line: index + 2, email: `1s${index}@school.example`, name: `Student ${index}` }));
    const batches = rosterBatches(rows, 50);
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(batches[2]?.[0]?.email).toBe('1s100@school.example');
  });

  it('sends each batch as CSV the server reads back to the same rows, quoted names and a row reading "email,name" included', () => {
    const rows = rowsOf('email,name\n1a@school.example,"Lee, Ana"\nemail,name\n1b@school.example,"Bo ""Bear"" Ray"\nnot-an-address,\n');
    const sent = rowsOf(batchCsv(rows.slice(1)));
    expect(sent.map(({ email, name }) => ({ email, name }))).toEqual([
      { email: 'email', name: 'name' },
      { email: '1b@school.example', name: 'Bo "Bear" Ray' },
      { email: 'not-an-address', name: '' },
    ]);
  });

  it('sends the graduation years along, and a year that is not one stays refusable (issue 24)', () => {
    const rows = rowsOf('1a@school.example,Ana,2029\n1b@school.example,Bo\n1c@school.example,Cy,soon\n');
    const sent = rowsOf(batchCsv(rows));
    expect(sent.map(({ email, graduationYear }) => ({ email, graduationYear }))).toEqual([
      { email: '1a@school.example', graduationYear: 2029 },
      { email: '1b@school.example', graduationYear: undefined },
      { email: '1c@school.example', graduationYear: Number.NaN },
    ]);
  });

  it("gives each result its row's line in the teacher's file", () => {
    const rows = [
      { line: 52, email: '1a@school.example', name: 'Ana' },
      { line: 54, email: 'bad', name: 'Bad' },
    ];
    const answered = [
      { line: 2, email: '1a@school.example', name: 'Ana', outcome: 'created' as const },
      { line: 3, email: 'bad', name: 'Bad', outcome: 'invalid-address' as const },
    ];
    expect(withFileLines(rows, answered).map((result) => result.line)).toEqual([52, 54]);
  });
});
