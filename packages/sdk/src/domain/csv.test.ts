import { describe, expect, it } from 'vitest';
import { csvText, spreadsheetCsv } from './csv.ts';
import { parseRoster } from './roster.ts';

describe('spreadsheetCsv', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and ends every line with CRLF', () => {
    expect(
      spreadsheetCsv([
        ['Student', 'Note'],
        ['Lee, Ana', 'said "hi"\nthen left'],
      ]),
    ).toBe('Student,Note\r\n"Lee, Ana","said ""hi""\nthen left"\r\n');
  });

  it('writes every value that a spreadsheet would run as a formula as text', () => {
    const asWritten = (value: string) => spreadsheetCsv([[value]]).slice(0, -2);
    expect(asWritten('=HYPERLINK("https://evil.example","Open")')).toBe(`"'=HYPERLINK(""https://evil.example"",""Open"")"`);
    expect(asWritten('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(asWritten('-2+3')).toBe("'-2+3");
    expect(asWritten('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(asWritten('\t=1')).toBe("'\t=1");
    expect(asWritten('\rX')).toBe(`"'\rX"`);
    expect(asWritten('  =1+1')).toBe("'  =1+1");
    expect(asWritten('\uFF1D1+1')).toBe("'\uFF1D1+1");
  });

  it('leaves numbers and ordinary text as they are', () => {
    expect(spreadsheetCsv([['3.5', '-2', '+4', 'Ana', 'a=b', 'x@school.example']])).toBe('3.5,-2,+4,Ana,a=b,x@school.example\r\n');
  });
});

describe('csvText', () => {
  it('keeps values exactly, so a program reads back what was written', () => {
    const text = csvText([
      ['email', 'name'],
      ['1ana@school.example', '=Ana, "the first"'],
    ]);
    expect(text).toBe('email,name\r\n1ana@school.example,"=Ana, ""the first"""\r\n');
    expect(parseRoster(text)).toEqual({ ok: true, rows: [{ line: 2, email: '1ana@school.example', name: '=Ana, "the first"' }] });
  });
});
