import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BoardRulesAnswer } from '@opportunity-kit/sdk/domain';
import { DEMO_BOARD_ADMIN } from '../../scripts/demo/demo-data.ts';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { followNav } from './support/steps.ts';

/**
 * Issue 26: the board's administrator adds an exclusion from community hours on /board (every
 * for-profit organisation, with the board's reason), sees it in the change history, and a teacher who
 * reads the board's rules gets the new revision. The journey takes the exclusion away again at the
 * end, so journeys running beside it on the shared portal work under the demo's rules.
 */

useChromium();

const REASON = 'Our board counts only hours given to charities and non-profit groups.';

/** `GET /rules` as the page's signed-in member, through the API the portal's SDK calls. */
async function readRules(page: Page, projectId: string): Promise<BoardRulesAnswer> {
  return page.evaluate(async (project) => {
    const response = await fetch('/v1/functions/commands/executions', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': project },
      body: JSON.stringify({ path: '/rules', method: 'GET', async: false, body: '' }),
    });
    const execution = (await response.json()) as { responseBody: string };
    return (JSON.parse(execution.responseBody) as { data: BoardRulesAnswer }).data;
  }, projectId);
}

journey(
  'the board administrator excludes for-profit organisations from community hours, sees it in the history, and a teacher reads the new revision',
  async ({ portal, window, focus }) => {
    const board = await window('/signin');
    await signIn(board, { email: `${DEMO_BOARD_ADMIN.local}@${portal.schoolDomain}`, password: DEMO_BOARD_ADMIN.password });
    await followNav(board, 'Board');
    const section = board.getByRole('region', { name: 'Youth-work rules' });
    await section.getByRole('radio', { name: /^Ontario/ }).waitFor();
    expect(await section.getByRole('radio', { name: /^Ontario/ }).isChecked()).toBe(true);
    // The pack's rules are listed with their sources.
    await section
      .getByRole('link', { name: /Reg\. 851/ })
      .first()
      .waitFor();
    const before = await readRules(board, portal.projectId);

    // The administrator adds the exclusion with the keyboard and saves.
    const add = section.getByRole('form', { name: 'Add an exclusion from community hours' });
    await add.getByLabel('What does not count').selectOption({ label: 'Every for-profit organisation' });
    await add.getByLabel('The board’s reason').fill(REASON);
    await add.getByRole('button', { name: 'Add exclusion' }).press('Enter');
    await section.getByRole('listitem', { name: 'Hours at for-profit organisations do not count' }).waitFor();
    await section.getByRole('button', { name: `Save the rules (revision ${before.rules.revision + 1})` }).click();
    await section.getByRole('status').filter({ hasText: 'The youth-work rules are saved.' }).waitFor();

    // The history says who did what.
    const history = section.getByRole('list', { name: 'Change history' });
    const newest = history.getByRole('listitem', { name: `Revision ${before.rules.revision + 1}` });
    await newest.getByText(DEMO_BOARD_ADMIN.name).waitFor();
    await newest.getByText(/Added: hours at for-profit organisations do not count/).waitFor();
    // On the narrowest phone the section never scrolls sideways.
    await board.setViewportSize({ width: 320, height: 800 });
    const wide = await board.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > 321)
        .slice(0, 8)
        .map((element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
    );
    expect(await board.evaluate(() => document.documentElement.scrollWidth), wide.join(' | ')).toBeLessThanOrEqual(320);
    await board.setViewportSize({ width: 1280, height: 900 });

    // A teacher reads the rules: the new revision, with the board's exclusion.
    const teacherPage = await window('/signin');
    await signIn(teacherPage, portal.people.nguyen!);
    const asTeacher = await readRules(teacherPage, portal.projectId);
    expect(asTeacher.rules.revision).toBe(before.rules.revision + 1);
    expect(asTeacher.rules.additions.exclusions).toEqual([expect.objectContaining({ forProfit: true, text: REASON })]);
    expect(asTeacher.version.boardRevision).toBe(before.rules.revision + 1);

    // The administrator takes it away again; the history keeps both changes.
    focus(board);
    await section.getByRole('button', { name: 'Remove: Hours at for-profit organisations do not count' }).click();
    await section.getByRole('button', { name: `Save the rules (revision ${before.rules.revision + 2})` }).click();
    await history
      .getByRole('listitem', { name: `Revision ${before.rules.revision + 2}` })
      .getByText(/Removed: hours at for-profit/)
      .waitFor();
    expect((await readRules(teacherPage, portal.projectId)).rules.additions.exclusions).toEqual([]);
  },
);
