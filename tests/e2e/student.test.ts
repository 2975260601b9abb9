import { greetingFor, MESSAGES } from '@opportunity-kit/sdk/domain';
import { Client, Query, TablesDB } from 'node-appwrite';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2eContext } from './support/global-setup.ts';
import { journey, useChromium } from './support/journey.ts';
import { DEMO_SCHOOLS } from '../../scripts/demo/demo-data.ts';
import { signUp } from './support/accounts.ts';
import { askToJoin, confirmByTeacher } from './support/schools.ts';
import { countIn, files, outboxLink, unique } from './support/steps.ts';

/**
 * A new student: signs up with a school address, verifies it through the development outbox, then
 * browses, filters, searches and sorts the listings, opens a posting (one more view) and applies.
 */

useChromium();

const LISTINGS = [
  { card: 'Jobs', path: '/job', heading: 'Job opportunities' },
  { card: 'Gigs', path: '/gigs', heading: 'Gig opportunities' },
  { card: 'Enrichment', path: '/enrichment', heading: 'Enrichment opportunities' },
  { card: 'Volunteering', path: '/volunteer', heading: 'Volunteering opportunities' },
] as const;

/** The cards of the listing shown, once its status line says how many there are. */
async function cardsOf(page: Page): Promise<Locator> {
  const results = page.getByRole('region', { name: /opportunities$/ });
  await results
    .getByRole('status')
    .filter({ hasText: /^\d+ opportunit/ })
    .waitFor();
  return results.getByRole('listitem').filter({ has: page.getByRole('article') });
}

/**
 * The view counts of the cards' postings, top to bottom. A student's cards do not show them (issue 25:
 * views are for the poster and staff), so they are read from the table the listing sorts by.
 */
async function viewCounts(portal: E2eContext, cards: Locator): Promise<number[]> {
  const ids = await cards.locator('a[data-job-id]').evaluateAll((links) => links.map((link) => link.getAttribute('data-job-id') ?? ''));
  if (ids.length === 0) return [];
  const tables = new TablesDB(new Client().setEndpoint(`${portal.url}/v1`).setProject(portal.projectId).setKey(portal.apiKey));
  const { rows } = await tables.listRows({ databaseId: 'portal', tableId: 'jobs', queries: [Query.equal('$id', ids), Query.limit(ids.length)] });
  const viewsById = new Map(rows.map((row) => [row.$id, Number(row['viewCount'])]));
  return ids.map((id) => viewsById.get(id) ?? Number.NaN);
}

journey('a student signs up, verifies, browses, filters, opens a posting and applies with a PDF', async ({ portal, window }) => {
  const name = unique('Sam Student');
  const email = `1${unique('e2e').split(' ')[1]}@${portal.schoolDomain}`;
  const page = await window('/welcome');

  // Sign up with a school address; until it is verified the portal asks for the e-mailed link.
  await page.getByRole('link', { name: 'Sign Up Now' }).click();
  await signUp(page, { name, email, password: 'e2e-student-pass' });
  await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
  await page.goto(await outboxLink(portal, email));
  await page.getByText('Your e-mail address is verified.').waitFor();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL('**/landing');

  // A student who signed up alone asks to join their school, and a teacher there confirms them (issue 23).
  await askToJoin(page, DEMO_SCHOOLS.escarpment);
  const teacherPage = await window();
  await confirmByTeacher(teacherPage, portal, { name, email });
  await teacherPage.close();
  await page.goto('/landing');

  // The greeting by display name and hour, and a student's navigation once the role arrived.
  await page.waitForURL('**/landing');
  await page.getByRole('heading', { level: 1, name: `${greetingFor(new Date())}, ${name}` }).waitFor();
  await page.getByText(MESSAGES.opportunityQuestion).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'My applications' }).waitFor();
  expect(await nav.getByRole('link', { name: 'Applications', exact: true }).count()).toBe(0);
  expect(await nav.getByRole('link', { name: 'Post Opportunity' }).count()).toBe(0);
  await expect.poll(() => page.getByRole('heading', { name: 'Verify your e-mail address' }).count()).toBe(0);

  // Each type from its category card.
  for (const listing of LISTINGS) {
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('navigation', { name: 'Opportunity categories' }).getByRole('link', { name: listing.card }).click();
    await page.waitForURL(`**${listing.path}`);
    await page.getByRole('heading', { level: 1, name: listing.heading }).waitFor();
    expect(await (await cardsOf(page)).count(), listing.heading).toBeGreaterThan(0);
  }

  // Jobs: search, then a location option, then sort by views.
  await nav.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('navigation', { name: 'Opportunity categories' }).getByRole('link', { name: 'Jobs' }).click();
  let cards = await cardsOf(page);
  const everything = await cards.count();
  const filters = page.getByRole('search', { name: 'Filter opportunities' });
  await filters.getByRole('searchbox', { name: 'Search' }).fill('greenleaf');
  await expect.poll(async () => (await cardsOf(page)).count()).toBeLessThan(everything);
  cards = await cardsOf(page);
  for (const text of await cards.allTextContents()) expect(text.toLowerCase()).toContain('greenleaf');

  await filters.getByRole('searchbox', { name: 'Search' }).fill('');
  // The options sit in a collapsed disclosure (a <summary>, which has no ARIA role to find it by).
  await filters.locator('summary', { hasText: 'Location' }).click();
  await filters.getByRole('checkbox', { name: 'Toronto' }).check();
  await expect.poll(async () => (await cardsOf(page)).count()).toBeLessThan(everything);
  cards = await cardsOf(page);
  expect(await cards.count()).toBeGreaterThan(0);
  for (const text of await cards.allTextContents()) expect(text).toContain('Toronto');
  await filters.getByRole('checkbox', { name: 'Toronto' }).uncheck();
  await expect.poll(async () => (await cardsOf(page)).count()).toBe(everything);

  // The switch is drawn over its checkbox: a person clicks its label.
  const sortByViews = filters.getByRole('switch', { name: 'Sort based on Views' });
  await filters.getByText('Sort based on Views').click();
  expect(await sortByViews.isChecked()).toBe(true);
  await expect
    .poll(async () => {
      const counts = await viewCounts(portal, await cardsOf(page));
      return counts.length > 1 && counts.every((count, index) => index === 0 || counts[index - 1]! >= count);
    })
    .toBe(true);

  // Opening a card counts one view. The journeys share one server and the AI journey opens a demo
  // posting several times, which then tops this list: the least viewed card on the page is one no other
  // journey opens, so its count moves by this page's view alone.
  cards = await cardsOf(page);
  const counts = await viewCounts(portal, cards);
  const chosen = cards.nth(counts.length - 1);
  const title = (await chosen.getByRole('heading').textContent())!;
  const before = counts[counts.length - 1]!;
  await chosen.getByRole('link', { name: title }).click();
  const heading = page.getByRole('heading', { level: 1, name: title });
  await heading.waitFor();
  // The view is recorded while the page opens; the page follows the posting live and shows it, exactly once.
  const views = page.locator('dt', { hasText: /^Views$/ }).locator('xpath=following-sibling::dd[1]');
  await expect.poll(async () => countIn(await views.textContent())).toBe(before + 1);

  // Issue 14: when it was posted, and the way back to the results as they were (forward again to the posting).
  await page.getByText(/^Posted .+/).waitFor();
  await page.getByRole('link', { name: 'Back to Job listings' }).click();
  // The listing is as it was left: still sorted by views, as its address says (issue 25).
  await page.waitForURL(/\/job\?sort=views$/);
  await expect.poll(() => sortByViews.isChecked()).toBe(true);
  await page.goForward();
  await heading.waitFor();

  // Apply: a text file is refused, so is a text file renamed .pdf (by its content, as soon as it is
  // chosen, in one error that a submit does not repeat), and a PDF is taken.
  await page.getByRole('link', { name: 'Apply To Opportunity' }).click();
  await page.getByRole('heading', { name: `Apply to ${title}` }).waitFor();
  await page.getByLabel('Relevant experiences').fill('Two summers at a day camp.');
  await page.getByLabel('Why are you interested in this role?').fill('I like working with people.');
  await page.getByLabel('What are your career goals?').fill('To study business.');
  const resume = page.getByLabel('Resume (PDF)');
  await resume.setInputFiles(files.text());
  await page.getByRole('alert').filter({ hasText: MESSAGES.onlyPdf }).waitFor();
  await resume.setInputFiles(files.pdf());
  await page.getByText('resume.pdf', { exact: true }).waitFor();
  await expect.poll(() => page.getByText(MESSAGES.onlyPdf).count()).toBe(0);
  await resume.setInputFiles({ ...files.text('renamed.pdf'), mimeType: 'application/pdf' });
  await page.getByRole('alert').filter({ hasText: MESSAGES.onlyPdf }).waitFor();
  await page.getByText('No file chosen').waitFor();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect.poll(() => resume.evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await page.getByText(MESSAGES.onlyPdf).count()).toBe(1);
  await resume.setInputFiles(files.pdf());
  await page.getByText('resume.pdf', { exact: true }).waitFor();
  await expect.poll(() => page.getByText(MESSAGES.onlyPdf).count()).toBe(0);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.getByRole('status').filter({ hasText: MESSAGES.applicationSubmitted }).waitFor();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();

  // Applied (issue 14): the posting says so, with the status in words, instead of inviting again.
  await page.getByRole('region', { name: 'Applied' }).getByText(MESSAGES.applicationPending).waitFor();
  expect(await page.getByRole('link', { name: 'Apply To Opportunity' }).count()).toBe(0);
  // ...and so does its card on the listing.
  await page.getByRole('link', { name: 'Back to Job listings' }).click();
  await page.waitForURL(/\/job$/);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) })
    .getByText('Applied', { exact: true })
    .waitFor();

  // The student's own applications show the status.
  await nav.getByRole('link', { name: 'My applications' }).click();
  const mine = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await mine.getByText(MESSAGES.applicationPending).waitFor();
});

journey('a new student with no applications is pointed to the four listings', async ({ portal, window }) => {
  const email = `1${unique('e2e').split(' ')[1]}@${portal.schoolDomain}`;
  const page = await window('/signup');
  await signUp(page, { name: unique('Nia Newcomer'), email, password: 'e2e-student-pass' });
  await page.goto(await outboxLink(portal, email));
  await page.getByText('Your e-mail address is verified.').waitFor();
  await page.goto('/my-applications');
  await page.getByText("You haven't applied yet").waitFor();
  const listings = page.getByRole('navigation', { name: 'Opportunity listings' });
  expect(await listings.getByRole('link').allTextContents()).toEqual(['Jobs', 'Gigs', 'Enrichment', 'Volunteering']);
  await listings.getByRole('link', { name: 'Gigs' }).click();
  await page.waitForURL('**/gigs');
  await page.getByRole('heading', { level: 1, name: 'Gig opportunities' }).waitFor();
});
