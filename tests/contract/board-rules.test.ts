import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  BOARD_ADMIN_LABEL,
  BOARD_RULE_MESSAGES,
  ruleOnHours,
  type BoardRuleChangesAnswer,
  type BoardRules,
  type BoardRulesAnswer,
  type BoardRulesInput,
  type DateString,
} from '@opportunity-kit/sdk/domain';
import { describeLocal, type TestBackend } from '../support/backend.ts';
import {
  command,
  eventually,
  execute,
  guest,
  pendingStaffMember,
  recruiter,
  SETTINGS,
  startPortalBackend,
  student,
  teacher,
  type CommandAnswer,
} from '../support/portal.ts';
import { boardAdmin } from '../support/schools.ts';
import type { TestBrowser } from '../support/browser.ts';

/**
 * The board's youth-work rules, edited by a board administrator (issue 26): only they may change the
 * pack and the additions, every input is checked, two saves of the same revision cannot both land, and
 * every change is kept with who made it and what it changed.
 */

let backend: TestBackend;
let admin: TestBrowser;
/** A second board administrator, who saves at the same instant as the first. */
let deputy: TestBrowser;
const DEPUTY_LOCAL = 'deputy-director';

beforeAll(async () => {
  backend = await startPortalBackend({ env: { BOARD_ADMIN_EMAILS: `${SETTINGS.boardAdminEmail},${DEPUTY_LOCAL}@${SETTINGS.schoolDomain}` } });
  admin = await boardAdmin(backend);
  deputy = await pendingStaffMember(backend, DEPUTY_LOCAL);
  const account = await eventually(
    () => deputy.account.get(),
    (signedIn) => signedIn.labels.includes(BOARD_ADMIN_LABEL),
  );
  expect(account.labels).toContain(BOARD_ADMIN_LABEL);
}, 90_000);
afterAll(async () => {
  // Back to the default rules, for a deployment whose other tests read them after this file.
  if (admin) await save(admin, { packId: 'ontario', additions: { exclusions: [], ageRules: [] } });
  await backend?.close();
});

async function currentRules(): Promise<BoardRulesAnswer> {
  const answer = await execute<BoardRulesAnswer>(admin, 'commands', 'GET', '/rules');
  expect(answer.status).toBe(200);
  return answer.data!;
}

/** Saves the rules as they are now with `change` applied to them. */
async function save(by: TestBrowser, change: Partial<BoardRulesInput>): Promise<CommandAnswer<BoardRulesAnswer>> {
  const { rules } = await currentRules();
  return command<BoardRulesAnswer>(by, 'PUT', '/rules', { packId: rules.packId, additions: rules.additions, revision: rules.revision, ...change });
}

const FOR_PROFIT_EXCLUSION = { forProfit: true as const, text: 'Our board counts only hours given to non-profit organisations.' };

// The board's rules are the whole deployment's: changing them while the contract suite shares one real
// project would change what other files weigh at that moment, so these run on their own local backend.
describeLocal('PUT /rules', () => {
  it('refuses everyone but a board administrator', async () => {
    const schoolAdmin = await teacher(backend, undefined, undefined, ['admin']);
    const callers = [await teacher(backend), schoolAdmin, await student(backend), await recruiter(backend), guest(backend)];
    const before = await currentRules();
    for (const caller of callers) {
      const answer = await command(caller, 'PUT', '/rules', {
        packId: 'us-federal',
        additions: { exclusions: [], ageRules: [] },
        revision: before.rules.revision,
      });
      expect(answer.status).toBeGreaterThanOrEqual(401);
      expect(answer.status).toBeLessThanOrEqual(403);
      const history = await execute(caller, 'commands', 'GET', '/rules/changes');
      expect([401, 403]).toContain(history.status);
    }
    expect((await currentRules()).rules).toEqual(before.rules);
  });

  it('lets a board administrator switch to the US pack and back', async () => {
    const toUs = await save(admin, { packId: 'us-federal' });
    expect(toUs.error).toBeUndefined();
    expect(toUs.data?.version).toMatchObject({ packId: 'us-federal', packName: 'United States (federal)' });
    expect((await currentRules()).rules.packId).toBe('us-federal');
    const back = await save(admin, { packId: 'ontario' });
    expect(back.error).toBeUndefined();
    const now = await currentRules();
    expect(now.rules.packId).toBe('ontario');
    expect(now.version.boardRevision).toBe(toUs.data!.rules.revision + 1);
  });

  it('adds a for-profit exclusion that every member then reads, and that hours at a business no longer count under', async () => {
    const saved = await save(admin, { additions: { exclusions: [FOR_PROFIT_EXCLUSION], ageRules: [] } });
    expect(saved.error).toBeUndefined();
    const [exclusion] = saved.data!.rules.additions.exclusions;
    expect(exclusion).toMatchObject({ forProfit: true, text: FOR_PROFIT_EXCLUSION.text, source: { citation: 'Board policy' } });
    expect(exclusion?.id).toMatch(/\S/);
    const asTeacher = await execute<BoardRulesAnswer>(await teacher(backend), 'commands', 'GET', '/rules');
    expect(asTeacher.data?.rules).toEqual(saved.data!.rules);
    const rules: BoardRules = asTeacher.data!.rules;
    const atABusiness = {
      kind: 'community-service' as const,
      tasks: [],
      workplace: 'store' as const,
      paid: false,
      forProfit: true,
      date: '2026-11-02' as DateString,
    };
    expect(ruleOnHours(atABusiness, 16, rules).counts).toBe(false);
    expect(ruleOnHours({ ...atABusiness, forProfit: false }, 16, rules).counts).toBe(true);
    // Saved again unchanged, the exclusion keeps its id; removed, it is gone.
    const again = await save(admin, {});
    expect(again.data?.rules.additions.exclusions[0]?.id).toBe(exclusion?.id);
    const removed = await save(admin, { additions: { exclusions: [], ageRules: [] } });
    expect(removed.data?.rules.additions.exclusions).toEqual([]);
  });

  it('refuses a save made from an older revision', async () => {
    const { rules } = await currentRules();
    expect((await save(admin, {})).error).toBeUndefined();
    const stale = await command(admin, 'PUT', '/rules', { packId: 'us-federal', additions: rules.additions, revision: rules.revision });
    expect(stale.status).toBe(400);
    expect(stale.error?.fields?.revision).toBe(BOARD_RULE_MESSAGES.staleRevision);
    expect((await currentRules()).rules.packId).toBe(rules.packId);
  });

  it('lets one of two administrators saving at once win, and tells the other to reload', async () => {
    const { rules } = await currentRules();
    const answers = await Promise.all([
      command<BoardRulesAnswer>(admin, 'PUT', '/rules', { packId: 'us-federal', additions: rules.additions, revision: rules.revision }),
      command<BoardRulesAnswer>(deputy, 'PUT', '/rules', {
        packId: rules.packId,
        additions: { exclusions: [{ kind: 'fundraising', text: 'Fundraising counts at school events only.' }], ageRules: [] },
        revision: rules.revision,
      }),
    ]);
    const winners = answers.filter((answer) => answer.status === 200);
    const losers = answers.filter((answer) => answer.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]?.error?.fields?.revision).toBe(BOARD_RULE_MESSAGES.staleRevision);
    expect((await currentRules()).rules).toEqual(winners[0]?.data?.rules);
  });

  it('refuses forged input field by field', async () => {
    const before = await currentRules();
    const cases: [unknown, string][] = [
      [{ packId: 'mars' }, 'packId'],
      [{ additions: 'everything' }, 'additions'],
      [{ additions: { exclusions: [{ kind: 'gambling', text: 'No.' }], ageRules: [] } }, 'additions.exclusions.0.target'],
      [{ additions: { exclusions: [{ kind: 'fundraising', task: 'cash', text: 'Two at once.' }], ageRules: [] } }, 'additions.exclusions.0.target'],
      [{ additions: { exclusions: [{ forProfit: true, text: '   ' }], ageRules: [] } }, 'additions.exclusions.0.text'],
      [{ additions: { exclusions: [{ forProfit: true, text: 'x'.repeat(301) }], ageRules: [] } }, 'additions.exclusions.0.text'],
      [{ additions: { exclusions: [], ageRules: [{ minimumAge: 16, workplaces: ['moon-base'], text: 'Too far.' }] } }, 'additions.ageRules.0.target'],
      [{ additions: { exclusions: [], ageRules: [{ minimumAge: 16, tasks: ['juggling'], text: 'Too risky.' }] } }, 'additions.ageRules.0.target'],
      [{ additions: { exclusions: [], ageRules: [{ minimumAge: 30, workplaces: ['office'], text: 'Too old.' }] } }, 'additions.ageRules.0.minimumAge'],
      [{ additions: { exclusions: [], ageRules: [{ minimumAge: 13, workplaces: ['office'], text: 'Too young.' }] } }, 'additions.ageRules.0.minimumAge'],
      // Ontario opens construction from 16: the board may not open it at 14.
      [
        { packId: 'ontario', additions: { exclusions: [], ageRules: [{ minimumAge: 14, workplaces: ['construction'], text: 'Earlier.' }] } },
        'additions.ageRules.0.minimumAge',
      ],
      [{ revision: -1 }, 'revision'],
    ];
    for (const [change, field] of cases) {
      const answer = await save(admin, change as Partial<BoardRulesInput>);
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.error?.fields?.[field], JSON.stringify(change)).toEqual(expect.any(String));
    }
    expect((await currentRules()).rules).toEqual(before.rules);
    const older = await save(admin, {
      packId: 'ontario',
      additions: { exclusions: [], ageRules: [{ minimumAge: 18, workplaces: ['construction'], text: 'Our board places students on sites from 18.' }] },
    });
    expect(older.error).toBeUndefined();
  });
});

describeLocal('GET /rules/changes', () => {
  it('records who changed what, newest first', async () => {
    const saved = await save(admin, { packId: 'us-federal', additions: { exclusions: [FOR_PROFIT_EXCLUSION], ageRules: [] } });
    expect(saved.error).toBeUndefined();
    const history = await execute<BoardRuleChangesAnswer>(admin, 'commands', 'GET', '/rules/changes');
    expect(history.status).toBe(200);
    const [newest, previous] = history.data!.changes;
    expect(newest).toMatchObject({ revision: saved.data!.rules.revision, changedByName: 'Board Administrator', packAfter: 'us-federal' });
    expect(newest?.summary.join(' ')).toContain('hours at for-profit organisations do not count');
    expect(newest?.summary.join(' ')).toContain(FOR_PROFIT_EXCLUSION.text);
    expect(Date.parse(newest!.changedAt)).toBeGreaterThan(0);
    expect(previous?.revision).toBe(saved.data!.rules.revision - 1);
  });
});
