import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'node-appwrite';
import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { decideTogether } from '../../packages/functions/src/portal/atomic-writes.ts';
import { serverApiOf, type ServerApi } from '../../packages/functions/src/platform/server-client.ts';
import type { JobRow } from '../../packages/functions/src/portal/rows.ts';
import type { TestBackend } from '../support/backend.ts';
import { command, recruiter, startPortalBackend } from '../support/portal.ts';
import { aPosting } from '../support/postings.ts';

/**
 * `decideTogether`, the compare-and-set every race-prone command uses (a spent link, the hours of one
 * day, a withdrawal racing a decision), through the server SDK as a function calls it: decisions made
 * at the same instant on the same row never act on a state another one already changed.
 */

let backend: TestBackend;
let api: ServerApi;

beforeAll(async () => {
  backend = await startPortalBackend();
  const client = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setKey(backend.apiKey);
  api = serverApiOf(client);
});

afterAll(async () => {
  await backend.close();
});

async function newPostingId(): Promise<string> {
  const answer = await command<{ id: string }>(await recruiter(backend), 'POST', '/jobs', aPosting());
  return answer.data!.id;
}

const readViews = async (rowId: string): Promise<number> =>
  Number((await api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId })).viewCount);

describe('decideTogether', () => {
  it('loses no update when 10 read-then-write decisions on one row run at once', async () => {
    const rowId = await newPostingId();
    const before = await readViews(rowId);
    const seen = await Promise.all(
      Array.from({ length: 10 }, () =>
        decideTogether(api, [{ tableId: TABLES.jobs, rowId }], async () => {
          const views = await readViews(rowId);
          return { writes: [{ action: 'update', tableId: TABLES.jobs, rowId, data: { viewCount: views + 1 } }], answer: views };
        }),
      ),
    );
    // Each decision read a value no other one had read: none acted on a stale read.
    expect(new Set(seen).size).toBe(10);
    expect(await readViews(rowId)).toBe(before + 10);
  });

  it('lets exactly one of several simultaneous "first one wins" decisions act; the others see it done', async () => {
    const rowId = await newPostingId();
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        decideTogether(api, [{ tableId: TABLES.jobs, rowId }], async () => {
          const row = await api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId });
          if (row.closedAs) return { writes: [], answer: 'already done' };
          return { writes: [{ action: 'update', tableId: TABLES.jobs, rowId, data: { closedAs: n % 2 ? 'closed' : 'filled' } }], answer: `won as ${n}` };
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.startsWith('won'))).toHaveLength(1);
    const winner = Number(outcomes.find((outcome) => outcome.startsWith('won'))!.slice('won as '.length));
    const row = await api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId });
    expect(row.closedAs).toBe(winner % 2 ? 'closed' : 'filled');
  });

  it('writes nothing when the decision refuses', async () => {
    const rowId = await newPostingId();
    const before = await readViews(rowId);
    await expect(
      decideTogether(api, [{ tableId: TABLES.jobs, rowId }], async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await readViews(rowId)).toBe(before);
  });
});
