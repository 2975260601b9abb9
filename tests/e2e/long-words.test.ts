import type { Page } from 'playwright-core';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn } from './support/accounts.ts';
import { files, unique } from './support/steps.ts';

/**
 * Issue 25, item 1: one long word of an employer (a company name without a space, a long URL in a
 * description) must wrap or be cut, never widen the page: at 320 px no page scrolls sideways.
 */

useChromium();

const NARROW = { width: 320, height: 700 };
const LONG_COMPANY = 'TheOakvilleDowntownBusinessImprovementAssociationFarmersMarketCommittee';
const LONG_URL = `https://oakvilledowntown.example/${'farmers-market-committee-volunteer-information-'.repeat(4)}`.slice(0, 200);

/** How wide the page is, in CSS pixels, once `ready` shows: more than the window means a sideways scroll. */
async function pageWidth(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<number> {
  await page.goto(path);
  await ready(page);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

journey('a company name of one long word and a long URL never widen a 320 px page', async ({ portal, window, focus }) => {
  const { jordan: recruiter, liam: student } = portal.people;
  const title = unique('Market Day Helper');
  const page = await window();
  await signIn(page, recruiter!);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post Opportunity' }).click();
  const form = page.getByRole('form', { name: 'Post a New Opportunity' });
  await form.getByLabel('Posting type').selectOption('Gig');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Company or organization').fill(LONG_COMPANY);
  await form.getByLabel('Description').fill(`Hand out maps on market day. Details: ${LONG_URL}`);
  await form.getByLabel('Location').selectOption('Oakville');
  await form.getByRole('button', { name: 'Post Opportunity' }).click();
  await page.waitForURL(/\/job\/[^/]+$/);
  const postingPath = new URL(page.url()).pathname;

  // A student applies, so the posting and its company also show in the recruiter's manager and bell.
  const applicant = await window(postingPath);
  await signIn(applicant, student!);
  await applicant.goto(postingPath);
  await applicant.getByRole('link', { name: 'Apply To Opportunity' }).click();
  await applicant.getByLabel('Relevant experiences').fill('Farmers market stall on Saturdays.');
  await applicant.getByLabel('Why are you interested in this role?').fill('I like the market.');
  await applicant.getByLabel('What are your career goals?').fill('Run events.');
  await applicant.getByLabel('Resume (PDF)').setInputFiles(files.pdf());
  await applicant.getByRole('button', { name: 'Submit application' }).click();
  await applicant.getByText(MESSAGES.applicationSubmitted).waitFor();
  // …and saves it, so it shows among the saved postings too.
  await applicant.goto(postingPath);
  const save = applicant.getByRole('button', { name: `Save ${title}` });
  await save.click();
  await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');

  await applicant.setViewportSize(NARROW);
  await page.setViewportSize(NARROW);
  const heading = (name: string | RegExp) => (shown: Page) => shown.getByRole('heading', { level: 1, name }).first().waitFor();
  const card = (shown: Page) => shown.getByRole('main').getByText(title).first().waitFor();
  const studentHome = (shown: Page) => shown.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  // The employer's home has loaded its tables, with the new posting among them.
  const recruiterHome = (shown: Page) => shown.getByRole('main').getByRole('link', { name: title }).first().waitFor();
  const widths: Record<string, number> = {
    '/gigs (student)': await pageWidth(applicant, '/gigs', card),
    'detail (student)': await pageWidth(applicant, postingPath, heading(title)),
    '/search (student)': await pageWidth(applicant, `/search?q=${LONG_COMPANY}`, card),
    '/landing (student)': await pageWidth(applicant, '/landing', studentHome),
    '/saved (student)': await pageWidth(applicant, '/saved', card),
    'detail (recruiter)': await pageWidth(page, postingPath, heading(title)),
    '/application-manager (recruiter)': await pageWidth(page, '/application-manager', card),
    '/landing (recruiter)': await pageWidth(page, '/landing', recruiterHome),
    'the bell open (recruiter)': await pageWidth(page, '/landing', async (shown) => {
      await recruiterHome(shown);
      await shown
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: /^Notifications, \d+ unread$/ })
        .click();
      await shown.getByRole('heading', { name: 'Notifications' }).waitFor();
    }),
  };
  focus(page);
  const tooWide = Object.fromEntries(Object.entries(widths).filter(([, width]) => width > NARROW.width));
  expect(tooWide, JSON.stringify(widths)).toEqual({});
});

journey('the posting form, with its "Who can take it" section, fits a 320 px screen', async ({ portal, window }) => {
  const page = await window();
  await page.setViewportSize(NARROW);
  await signIn(page, portal.people.jordan!);
  // The workplace list holds the longest option ("Surface mine or mining plant (not the working face)").
  const width = await pageWidth(page, '/post-job', (shown) => shown.getByLabel('Workplace').waitFor());
  expect(width).toBeLessThanOrEqual(NARROW.width);
});
