import type { Page } from 'playwright-core';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';

/**
 * Saved postings and saved searches (issue 17), end to end: a student saves a posting from its card,
 * finds it on /saved and unsaves it there, and keeps a listing search as a saved search.
 */

useChromium();

const TITLE = 'Bakery Counter Associate';

/** Searches the Jobs listing and waits for the posting's card. */
async function searchJobs(page: Page, words: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs', exact: true }).click();
  await page.getByRole('search', { name: 'Filter opportunities' }).getByRole('searchbox', { name: 'Search' }).fill(words);
  await page.getByRole('link', { name: TITLE }).waitFor();
}

journey('a student saves a posting from its card, finds it on Saved, unsaves it, and saves a search', async ({ portal, window }) => {
  const page = await window();
  await signIn(page, portal.people.aisha!);
  await searchJobs(page, 'bakery');

  const save = page.getByRole('button', { name: `Save ${TITLE}` });
  await save.click();
  await page.waitForFunction((name) => document.querySelector(`button[aria-label="Save ${name}"]`)?.getAttribute('aria-pressed') === 'true', TITLE);

  await page.getByRole('button', { name: 'Save this search' }).click();
  await page.getByText("Saved. We'll tell you about new matches.").waitFor();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved', exact: true }).click();
  await page.waitForURL('**/saved');
  const postings = page.getByRole('region', { name: 'Saved postings' });
  await postings.getByRole('link', { name: TITLE }).waitFor();
  const searches = page.getByRole('region', { name: 'Saved searches' });
  const search = searches.getByRole('listitem').filter({ hasText: '\u201cbakery\u201d' }).first();
  await search.waitFor();

  await postings.getByRole('button', { name: `Unsave ${TITLE}` }).click();
  await page.getByText(`${TITLE} was removed from your saved postings.`).waitFor();
  await postings.getByRole('link', { name: TITLE }).waitFor({ state: 'detached' });

  // The posting's card no longer says Saved; the saved search is deleted so a later run starts clean.
  await search.getByRole('button', { name: /^Delete saved search/ }).click();
  await page.getByText('The saved search was deleted.').waitFor();
  await searchJobs(page, 'bakery');
  await page.waitForFunction((name) => document.querySelector(`button[aria-label="Save ${name}"]`)?.getAttribute('aria-pressed') === 'false', TITLE);
});
