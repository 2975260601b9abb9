import { describe, expect, it } from 'vitest';
import { parseDotenv } from './dotenv.ts';

describe('parseDotenv', () => {
  it('reads assignments, skipping comments, blank lines and non-assignments', () => {
    const text = ['# comment', '', 'PLAIN=value', 'export EXPORTED = spaced  ', 'not an assignment', 'EMPTY=', 'CUT=value # comment', 'HASH=a#b'].join('\n');
    expect(parseDotenv(text)).toEqual({ PLAIN: 'value', EXPORTED: 'spaced', EMPTY: '', CUT: 'value', HASH: 'a#b' });
  });

  it('takes single quotes literally and unescapes double quotes, across lines', () => {
    const text = ["SINGLE='a \\n # b'", 'DOUBLE="line\\nnext \\"quoted\\""', 'MULTI="first', 'second"', 'AFTER=ok'].join('\r\n');
    expect(parseDotenv(text)).toEqual({ SINGLE: 'a \\n # b', DOUBLE: 'line\nnext "quoted"', MULTI: 'first\nsecond', AFTER: 'ok' });
  });
});
