import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { postVolunteering } from './support/postings.ts';
import { unique } from './support/steps.ts';

/** A student comes back to pages they used before (issue 25): what they did is said before anything else. */

useChromium();

const CASHIER = 'Cashier (part-time, evenings and weekends)';

/** Opens a demo posting from its listing and answers its address. */
async function openPosting(page: Page, listing: string, title: string): Promise<string> {
  await page.goto(listing);
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return new URL(page.url()).pathname;
}

journey('re-opening the application form after applying says so, with the status, and shows no form', async ({ portal, window }) => {
  // Maya applied to the cashier posting in the demo seed; it waits for the employer.
  const page = await window('/signin');
  await signIn(page, portal.people.maya!);
  const posting = await openPosting(page, '/job', CASHIER);

  await page.goto(`${posting}/application`);
  const applied = page.getByRole('region', { name: 'Applied' });
  await applied.getByText('You have already applied to this opportunity.').waitFor();
  await applied.getByText(MESSAGES.applicationPending).waitFor();
  expect(await page.getByRole('button', { name: 'Submit application' }).count()).toBe(0);
  expect(await page.getByLabel('Relevant experiences').count()).toBe(0);
  await applied.getByRole('link', { name: 'My applications' }).click();
  await page.waitForURL('**/my-applications');
});

journey('a posting that is gone says why when the student can know it, and always links back', async ({ portal, window, focus }) => {
  const title = unique('Aquarium greeter');
  const teacher = await window('/signin');
  await signIn(teacher, portal.people.nguyen!);
  const posting = await postVolunteering(teacher, title);

  // The student saves it, then its teacher removes it.
  const page = await window('/signin');
  await signIn(page, portal.people.aisha!);
  await page.goto(posting);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('button', { name: `Save ${title}` }).click();
  await expect.poll(() => page.getByRole('button', { name: `Save ${title}` }).getAttribute('aria-pressed')).toBe('true');
  await teacher.getByRole('button', { name: 'Remove Opportunity' }).click();
  await teacher.getByRole('alertdialog', { name: 'Remove Opportunity' }).getByRole('button', { name: 'Remove' }).click();
  await teacher.waitForURL('**/volunteer');

  focus(page);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: MESSAGES.jobNotFound }).waitFor();
  await page.getByText('This posting was removed.').waitFor();
  await page.getByRole('link', { name: 'Back to Volunteering listings' }).click();
  await page.waitForURL('**/volunteer');

  // An id the student cannot know anything of: the spec's words, said as for any posting not theirs to see.
  await page.goto('/job/no-such-posting');
  await page.getByRole('heading', { level: 1, name: MESSAGES.jobNotFound }).waitFor();
  await page.getByText('It may have been removed, or it is not open to you.').waitFor();
  await page.getByRole('link', { name: 'Browse opportunities' }).click();
  await page.waitForURL('**/landing');
});

journey('a saved search opens its listing with its criteria applied', async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.ethan!);
  await page.goto('/job');
  const filters = page.getByRole('search', { name: 'Filter opportunities' });
  await filters.getByRole('searchbox', { name: 'Search' }).fill('cashier');
  await filters.locator('summary', { hasText: 'Location' }).click();
  await filters.getByRole('checkbox', { name: 'Toronto' }).check();
  await page.getByRole('link', { name: CASHIER, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save this search' }).click();
  await page.getByText("Saved. We'll tell you about new matches.").waitFor();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved', exact: true }).click();
  const search = page
    .getByRole('region', { name: 'Saved searches' })
    .getByRole('listitem')
    .filter({ hasText: '\u201ccashier\u201d' })
    .filter({ hasText: 'Toronto' })
    .first();
  await search.getByRole('link', { name: /^Open saved search/ }).click();

  // A new visit of the listing (no remembered filters): the criteria come with the link.
  await page.waitForURL(/\/job\?/);
  await expect.poll(() => filters.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('cashier');
  await filters.locator('summary', { hasText: 'Location' }).click();
  expect(await filters.getByRole('checkbox', { name: 'Toronto' }).isChecked()).toBe(true);
  await page.getByRole('link', { name: CASHIER, exact: true }).waitFor();

  // Deleted, so a later run starts clean.
  await page.goBack();
  await search.getByRole('button', { name: /^Delete saved search/ }).click();
  await page.getByText('The saved search was deleted.').waitFor();
});
