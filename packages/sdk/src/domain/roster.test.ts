import { describe, expect, it } from 'vitest';
import { parseRoster, ROSTER_MAX_ROWS, rosterResultsCsv, rosterRowProblem } from './roster.ts';

const settings = { schoolDomain: 'school.example', teacherEmails: [] };

describe('parseRoster', () => {
  it('reads rows with or without a header, with CRLF or LF', () => {
    expect(parseRoster('email,name\r\n1ana@school.example,Ana Lee\r\n1ben@school.example,Ben\r\n')).toEqual({
      ok: true,
      rows: [
        { line: 2, email: '1ana@school.example', name: 'Ana Lee' },
        { line: 3, email: '1ben@school.example', name: 'Ben' },
      ],
    });
    expect(parseRoster('1ana@school.example,Ana Lee\n\n1ben@school.example,Ben')).toEqual({
      ok: true,
      rows: [
        { line: 1, email: '1ana@school.example', name: 'Ana Lee' },
        { line: 3, email: '1ben@school.example', name: 'Ben' },
      ],
    });
  });

  it('strips a UTF-8 byte order mark so the header is still recognised', () => {
    expect(parseRoster('\uFEFFemail,name\n1ana@school.example,Ana')).toEqual({ ok: true, rows: [{ line: 2, email: '1ana@school.example', name: 'Ana' }] });
  });

  it('keeps commas, doubled quotes and line breaks inside quoted names', () => {
    const parsed = parseRoster('1ana@school.example,"Lee, Ana ""Annie"""\n1ben@school.example,"Ben\nJr"\n1cy@school.example,Cy');
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 1, email: '1ana@school.example', name: 'Lee, Ana "Annie"' },
        { line: 2, email: '1ben@school.example', name: 'Ben\nJr' },
        { line: 4, email: '1cy@school.example', name: 'Cy' },
      ],
    });
  });

  it('refuses a malformed file with the line to fix', () => {
    expect(parseRoster('1ana@school.example,Ana\n1ben@school.example,"Ben')).toEqual({ ok: false, message: 'Line 2: a quoted value is never closed.' });
    expect(parseRoster('1ana@school.example,Ana\n1ben@school.example,Ben,2028,2011-06,Extra')).toEqual({
      ok: false,
      message: 'Line 2: expected email,name (and a graduation year and a birth month, if you like) but found 5 values. Put names with commas in quotes.',
    });
    expect(parseRoster('1ana@school.example,An"a')).toMatchObject({ ok: false, message: expect.stringMatching(/^Line 1: /) as unknown });
    expect(parseRoster('email,name\n')).toMatchObject({ ok: false, message: expect.stringContaining('no students') as unknown });
  });

  it('reads an optional birth month, and refuses a row whose month is not a plausible one (issue 26)', () => {
    const parsed = parseRoster(
      'email,name,graduation year,birth month\n1ana@school.example,Ana,,2011-06\n1ben@school.example,Ben,,June 2011\n1cy@school.example,Cy',
    );
    expect(parsed).toMatchObject({ ok: true });
    const rows = parsed.ok ? parsed.rows : [];
    expect(rows.map((row) => row.birthMonth)).toEqual(['2011-06', 'June 2011', undefined]);
    const settings = { schoolDomain: 'school.example', teacherEmails: [] };
    expect(rows.map((row) => rosterRowProblem(row, settings))).toEqual([undefined, 'invalid-birth-month', undefined]);
  });

  it('reads an optional graduation year, and refuses a row whose year is not one of the coming graduations', () => {
    const year = new Date().getUTCFullYear();
    const parsed = parseRoster(
      `email,name,graduation year\n1ana@school.example,Ana,${year + 2}\n1ben@school.example,Ben,\n1cy@school.example,Cy,next year\n1di@school.example,Di,1999`,
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, email: '1ana@school.example', name: 'Ana', graduationYear: year + 2 },
        { line: 3, email: '1ben@school.example', name: 'Ben' },
        { line: 4, email: '1cy@school.example', name: 'Cy', graduationYear: Number.NaN },
        { line: 5, email: '1di@school.example', name: 'Di', graduationYear: 1999 },
      ],
    });
    expect(parsed.ok && parsed.rows.map((row) => rosterRowProblem(row, settings))).toEqual([
      undefined,
      undefined,
      'invalid-graduation-year',
      'invalid-graduation-year',
    ]);
  });

  it('accepts 2,000 students and refuses 2,001 with a clear message', () => {
    const rows = (count: number) => Array.from({ length: count }, (_, index) => `1s${index}@school.example,Student ${index}`).join('\n');
    expect(parseRoster(`email,name\n${rows(ROSTER_MAX_ROWS)}`)).toMatchObject({ ok: true });
    expect(parseRoster(rows(ROSTER_MAX_ROWS + 1))).toEqual({
      ok: false,
      message: 'A roster holds at most 2,000 students; this one has 2,001. Please split it into smaller files.',
    });
  });
});

describe('rosterRowProblem', () => {
  it('accepts only named student addresses of the school', () => {
    expect(rosterRowProblem({ line: 1, email: '1ana@school.example', name: 'Ana' }, settings)).toBeUndefined();
    expect(rosterRowProblem({ line: 1, email: 'not an address', name: 'Ana' }, settings)).toBe('invalid-address');
    expect(rosterRowProblem({ line: 1, email: '1ana@elsewhere.example', name: 'Ana' }, settings)).toBe('not-school-address');
    expect(rosterRowProblem({ line: 1, email: 'teacher@school.example', name: 'Tea' }, settings)).toBe('not-school-address');
    expect(rosterRowProblem({ line: 1, email: '1ana@school.example', name: '' }, settings)).toBe('missing-name');
  });
});

describe('rosterResultsCsv', () => {
  it('quotes names with commas so the download opens as four columns', () => {
    expect(rosterResultsCsv([{ line: 2, email: '1ana@school.example', name: 'Lee, Ana', outcome: 'created' }])).toBe(
      'line,email,name,outcome\r\n2,1ana@school.example,"Lee, Ana","Created, invitation sent"\r\n',
    );
  });
});

describe('rosterResultsCsv and formulas (issue 21, item 16)', () => {
  it('keeps a name or address that reads as a formula from running in the teacher’s spreadsheet', () => {
    const csv = rosterResultsCsv([
      { line: 2, email: '=1+1@school.example', name: '=HYPERLINK("https://evil.example","Open")', outcome: 'invalid-address' },
      { line: 3, email: '1ana@school.example', name: '@SUM(A1)', outcome: 'created' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'line,email,name,outcome',
      `2,'=1+1@school.example,"'=HYPERLINK(""https://evil.example"",""Open"")",Invalid address`,
      `3,1ana@school.example,'@SUM(A1),"Created, invitation sent"`,
      '',
    ]);
  });
});
