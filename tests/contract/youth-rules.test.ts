import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOARD_RULES, type BoardRulesAnswer } from '@opportunity-kit/sdk/domain';
import type { TestBackend } from '../support/backend.ts';
import { execute, guest, startPortalBackend, student } from '../support/portal.ts';

/**
 * The youth-work rules the board works under (issue 26), as the forms read them to show a ruling live:
 * Ontario's pack with nothing added until a board administrator chooses.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startPortalBackend();
}, 60_000);
afterAll(() => backend?.close());

describe('GET /rules', () => {
  it('answers a signed-in member the board’s pack and its version', async () => {
    const answer = await execute<BoardRulesAnswer>(await student(backend), 'commands', 'GET', '/rules');
    expect(answer.status).toBe(200);
    expect(answer.data?.rules).toEqual(DEFAULT_BOARD_RULES);
    expect(answer.data?.version).toMatchObject({ packId: 'ontario', packName: 'Ontario', boardRevision: 0 });
  });

  it('refuses a visitor', async () => {
    const answer = await execute(guest(backend), 'commands', 'GET', '/rules');
    expect(answer.status).toBe(401);
  });
});
