import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_RULES_MESSAGES, type BoardRulesAnswer, type BoardRulesChangeRecord, type HoursRuling } from '@opportunity-kit/sdk/domain';
import type { TestBackend } from '../support/backend.ts';
import { command, execute, guest, recruiter, startPortalBackend, student, teacher, type Member } from '../support/portal.ts';
import { boardAdmin } from '../support/schools.ts';

/**
 * The board's youth-work rules (issue 26, item 5): only a board administrator chooses the pack and the
 * board's additions; two saves at once keep one; every change is recorded; and what they add is what
 * every path then weighs (here: the hours check of a student).
 */

let backend: TestBackend;
let director: Awaited<ReturnType<typeof boardAdmin>>;
beforeAll(async () => {
  backend = await startPortalBackend();
  director = await boardAdmin(backend);
}, 60_000);
afterAll(() => backend?.close());

const read = async (by: Member | typeof director) => (await execute<BoardRulesAnswer>(by, 'commands', 'GET', '/rules')).data!;
const forProfit = { kind: null, task: null, forProfit: true, reason: 'Our board counts hours at charities and public bodies only.' };

describe('PUT /rules', () => {
  it('refuses everyone but a board administrator', async () => {
    const change = { packId: 'us-federal', exclusions: [], ageRules: [], revision: 0 };
    for (const intruder of [
      await teacher(backend),
      await teacher(backend, undefined, undefined, ['admin']),
      await student(backend),
      await recruiter(backend),
    ]) {
      expect((await command(intruder, 'PUT', '/rules', change)).status).toBe(403);
    }
    expect((await command(guest(backend), 'PUT', '/rules', change)).status).toBe(401);
    expect((await read(director)).rules.packId).toBe('ontario');
  });

  it('adds a for-profit exclusion that the hours check then applies, records who and what, and refuses a stale save', async () => {
    const before = await read(director);
    const saved = await command<BoardRulesAnswer>(director, 'PUT', '/rules', {
      packId: 'ontario',
      exclusions: [forProfit],
      ageRules: [],
      revision: before.rules.revision,
    });
    expect(saved.status).toBe(200);
    expect(saved.data?.version.boardRevision).toBe(before.rules.revision + 1);

    const sam = await student(backend);
    const check = await command<HoursRuling>(sam, 'POST', '/hours/check', { activityKind: 'community-service', activityForProfit: true });
    expect(check.data?.counts).toBe(false);
    expect(check.data?.reasons[0]?.source).toBe(`Board policy, revision ${before.rules.revision + 1}`);

    const history = await execute<BoardRulesChangeRecord[]>(director, 'commands', 'GET', '/rules/changes');
    expect(history.data?.[0]).toMatchObject({ revision: before.rules.revision + 1, changedByEmail: expect.stringContaining('director@') });
    expect(history.data?.[0]?.summary).toContain('Added: Hours not counted: Any for-profit organisation.');

    const stale = await command(director, 'PUT', '/rules', { packId: 'us-federal', exclusions: [], ageRules: [], revision: before.rules.revision });
    expect(stale.status).toBe(403);
    expect(stale.error?.message).toBe(BOARD_RULES_MESSAGES.stale);
  });

  it('of two saves at once, one wins and the other is told to reload', async () => {
    const { rules } = await read(director);
    const answers = await Promise.all(
      ['us-federal', 'ontario'].map((packId) => command(director, 'PUT', '/rules', { packId, exclusions: [], ageRules: [], revision: rules.revision })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect((await read(director)).rules.revision).toBe(rules.revision + 1);
  });

  it('refuses forged input: an unknown pack, an exclusion of nothing, an age the pack already allows, a reason that is no text', async () => {
    const { rules } = await read(director);
    const put = (change: object) =>
      command(director, 'PUT', '/rules', { packId: 'ontario', exclusions: [], ageRules: [], revision: rules.revision, ...change });
    expect((await put({ packId: 'mars' })).error?.fields?.packId).toBe(BOARD_RULES_MESSAGES.packInvalid);
    expect((await put({ exclusions: [{ reason: 'Nothing' }] })).error?.fields?.exclusions).toBe(BOARD_RULES_MESSAGES.exclusionTarget);
    expect((await put({ ageRules: [{ workplace: 'factory', minimumAge: 15, reason: 'Factories' }] })).error?.fields?.ageRules).toBe(
      BOARD_RULES_MESSAGES.notOlder(15),
    );
    expect((await put({ exclusions: [{ forProfit: true, reason: 42 }] })).error?.fields?.exclusions).toBe(BOARD_RULES_MESSAGES.reasonRequired);
    expect((await put({ exclusions: 'all' })).status).toBe(400);
  });
});
