import { randomBytes } from 'node:crypto';
import { HOURS_MESSAGES } from '@opportunity-kit/sdk/domain';
import { expect } from 'vitest';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { followNav, outboxLink, unique } from './support/steps.ts';
import { daysAgo } from '../support/hours.ts';

/**
 * The supervisor's Dispute (issue 25, item 16) is no longer one irreversible tap: it opens a dialog
 * that asks why (required) and confirms; the reason then reaches the student and the teacher.
 */

useChromium();

journey('a supervisor disputes hours with a reason in a dialog, and the student and the teacher read it', async ({ portal, window, focus }) => {
  const { nguyen: teacher, ethan: student } = portal.people;
  const organisation = unique('Dundas Valley Trail Crew');
  const supervisorEmail = `robin.${randomBytes(3).toString('hex')}@trails.example`;
  const reason = 'Ethan came for one afternoon, not four hours.';

  const page = await window();
  await signIn(page, student!);
  await page.goto('/hours');
  await page.getByRole('button', { name: 'Log hours' }).click();
  const form = page.getByRole('form', { name: 'Log hours' });
  await form.getByLabel('Organisation').fill(organisation);
  await form.getByLabel('What you did').fill('Cleared fallen branches from the trail.');
  await form.getByLabel('Date').fill(daysAgo(4));
  await form.getByLabel('Hours').fill('4');
  await form.getByLabel('Supervisor name').fill('Robin Shah');
  await form.getByLabel('Supervisor email').fill(supervisorEmail);
  await form.getByRole('button', { name: 'Submit hours' }).click();
  const entry = page.getByRole('list', { name: 'Your entries' }).getByRole('listitem').filter({ hasText: organisation });
  await entry.getByText('Waiting for Robin Shah to confirm').waitFor();

  const link = new URL(await outboxLink(portal, supervisorEmail));
  const phone = await window('about:blank');
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${link.pathname}${link.search}`);
  await phone.getByRole('region', { name: 'The hours logged' }).getByText(organisation).waitFor();

  // Dispute opens a dialog with the reason field focused; Cancel leaves the hours unanswered.
  await phone.getByRole('button', { name: 'Dispute', exact: true }).click();
  const dialog = phone.getByRole('alertdialog', { name: 'Dispute these hours?' });
  const field = dialog.getByRole('textbox', { name: /What is not right about these hours\?/ });
  await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await dialog.count()).toBe(0);
  expect(await phone.getByRole('button', { name: 'Confirm', exact: true }).isEnabled()).toBe(true);

  // Without a reason the dialog refuses and stays; with one, the hours are disputed.
  await phone.getByRole('button', { name: 'Dispute', exact: true }).click();
  await dialog.getByRole('button', { name: 'Dispute hours' }).click();
  await dialog.getByText(HOURS_MESSAGES.disputeReasonRequired).waitFor();
  await field.fill(reason);
  await dialog.getByRole('button', { name: 'Dispute hours' }).click();
  await phone
    .getByRole('status')
    .filter({ hasText: HOURS_MESSAGES.supervisorThanks('disputed') })
    .waitFor();
  expect(await dialog.count()).toBe(0);

  // The student reads the reason beside the entry.
  focus(page);
  await page.reload();
  await entry.getByText(`Robin Shah: “${reason}”`).waitFor();

  // So does the teacher, in the entry's details.
  const teacherPage = await window();
  await signIn(teacherPage, teacher!);
  await followNav(teacherPage, 'Hours review');
  const review = teacherPage.getByRole('region', { name: 'Hours review' });
  await review.getByRole('searchbox', { name: 'Search' }).fill(organisation);
  const row = review.getByRole('row').filter({ hasText: organisation });
  await row.getByRole('button', { name: /^Details: / }).click();
  await review.getByRole('article').filter({ hasText: organisation }).getByText(reason).waitFor();
});
