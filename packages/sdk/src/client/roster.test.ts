import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../domain/entities.ts';
import { parseRoster, ROSTER_REQUEST_ROWS, type RosterResult } from '../domain/roster.ts';
import type { PortalContext } from './context.ts';
import { PortalError } from './errors.ts';
import { createRoster, type RosterImportProgress } from './roster.ts';

const teacher: CurrentUser = { id: 'tia', email: 'tia@school.example', displayName: 'Tia', role: 'teacher', emailVerified: true };

/** A class file of `count` students after a header; the row that opens the second part reads `email,name`. */
function aClassFile(count: number): string {
  const rows = Array.from({ length: count }, (_, n) => (n === ROSTER_REQUEST_ROWS ? 'email,name' : `1s${n}@school.example,"Student, ${n}"`));
  return ['email,name', ...rows].join('\n');
}

/**
 * A `commands` function that answers each `POST /roster` as the server does: one result per row of the
 * text it was sent, numbered by that text's lines; `failing` names the request (from 0) that fails.
 */
function aServer(failing?: number) {
  const sent: Array<{ csv: string; schoolId?: string; preview?: boolean }> = [];
  const context: Pick<PortalContext, 'command' | 'member'> = {
    member: () => Promise.resolve(teacher),
    command<T>(_method: string, _path: string, body?: unknown): Promise<T> {
      const request = body as { csv: string; schoolId?: string; preview?: boolean };
      if (sent.push(request) - 1 === failing) return Promise.reject(new PortalError('network'));
      const parsed = parseRoster(request.csv);
      if (!parsed.ok) throw new Error(parsed.message);
      const results: RosterResult[] = parsed.rows.map((row) => ({ ...row, outcome: row.email.startsWith('1') ? 'created' : 'invalid-address' }));
      return Promise.resolve({ results, created: results.filter((result) => result.outcome === 'created').length } as T);
    },
  };
  return { sent, roster: createRoster(context) };
}

describe('roster.import', () => {
  it('sends a long file in parts of ROSTER_REQUEST_ROWS rows and answers as one import, lines of the file included', async () => {
    const file = aClassFile(120);
    const { sent, roster } = aServer();
    const progress: RosterImportProgress[] = [];

    const answer = await roster.import(file, { schoolId: 'school-a', onProgress: (reported) => progress.push(reported) });

    const parts = [ROSTER_REQUEST_ROWS, ROSTER_REQUEST_ROWS, 120 - 2 * ROSTER_REQUEST_ROWS];
    expect(sent.map((request) => parseRoster(request.csv)).map((parsed) => (parsed.ok ? parsed.rows.length : parsed.message))).toEqual(parts);
    expect(sent.every((request) => request.schoolId === 'school-a' && request.preview === undefined)).toBe(true);
    const expected = parseRoster(file);
    expect(answer.results.map(({ line, email, name }) => ({ line, email, name }))).toEqual(expected.ok ? expected.rows : []);
    expect(answer.results[ROSTER_REQUEST_ROWS]).toEqual({ line: ROSTER_REQUEST_ROWS + 2, email: 'email', name: 'name', outcome: 'invalid-address' });
    expect(answer.created).toBe(119);
    expect(progress.map(({ done, total }) => [done, total])).toEqual([
      [0, 120],
      [parts[0], 120],
      [2 * ROSTER_REQUEST_ROWS, 120],
      [120, 120],
    ]);
    expect(progress.at(-1)?.results).toEqual(answer.results);
  });

  it('stops at the part that failed, after reporting the rows answered before it', async () => {
    const { sent, roster } = aServer(1);
    const progress: RosterImportProgress[] = [];

    await expect(roster.import(aClassFile(120), { preview: true, onProgress: (reported) => progress.push(reported) })).rejects.toMatchObject({
      code: 'network',
    });

    expect(sent).toHaveLength(2);
    expect(sent[0]?.preview).toBe(true);
    expect(progress.at(-1)?.results.map((result) => result.line)).toEqual(Array.from({ length: ROSTER_REQUEST_ROWS }, (_, n) => n + 2));
  });

  it('refuses a file it cannot read, or an empty one, before sending anything', async () => {
    const { sent, roster } = aServer();
    await expect(roster.import('1a@school.example,"Ana\n')).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'Line 1: a quoted value is never closed.',
    });
    await expect(roster.import('  \n')).rejects.toMatchObject({ code: 'invalid-input', message: 'Please choose a CSV file or paste its lines (email,name).' });
    expect(sent).toEqual([]);
  });
});
