import { addYears, MESSAGES, todayDateString } from '@opportunity-kit/sdk/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn } from './support/accounts.ts';
import { files, unique } from './support/steps.ts';

/**
 * A recruiter posts an opportunity with an image (checking the form's conditional fields on the
 * way), a student applies to it, and the recruiter accepts the application in the manager.
 */

useChromium();

/** A date `days` after today, as the date inputs take it. */
function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return todayDateString(date);
}

async function attribute(page: Page, label: string, name: string): Promise<string | null> {
  return page.getByLabel(label).getAttribute(name);
}

journey('a recruiter posts with an image, then accepts the application in the manager', async ({ portal, window, focus }) => {
  const { jordan: recruiter, liam: student } = portal.people;
  const title = unique('Weekend Produce Clerk');
  const page = await window();
  await signIn(page, recruiter!);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post Opportunity' }).click();
  const form = page.getByRole('form', { name: 'Post a New Opportunity' });
  await form.waitFor();

  // Job (the default): cluster required, salary and website offered; no visibility choice for a recruiter.
  const type = form.getByLabel('Posting type');
  expect(await type.inputValue()).toBe('Job');
  expect(await attribute(page, 'Cluster', 'aria-required')).toBe('true');
  await form.getByLabel('Salary').waitFor();
  expect(await attribute(page, 'External website', 'type')).toBe('url');
  expect(await attribute(page, 'Contact e-mail', 'type')).toBe('email');
  expect(await form.getByRole('group', { name: /Visibility/ }).count()).toBe(0);
  await form.getByText(MESSAGES.imageHint).waitFor();

  // Gig: no salary, no website, cluster optional.
  await type.selectOption('Gig');
  await expect.poll(() => form.getByLabel('Salary').count()).toBe(0);
  expect(await form.getByLabel('External website').count()).toBe(0);
  expect(await attribute(page, 'Cluster', 'aria-required')).toBe('false');
  // Enrichment and Volunteering: the website is back, the salary stays Job's.
  for (const other of ['Enrichment', 'Volunteering']) {
    await type.selectOption(other);
    await form.getByLabel('External website').waitFor();
    expect(await form.getByLabel('Salary').count(), other).toBe(0);
  }

  // Back to Job: a submission without a cluster (or a title) is refused field by field.
  await type.selectOption('Job');
  await form.getByLabel('Salary').waitFor();
  await form.getByRole('button', { name: 'Post Opportunity' }).click();
  await form.getByText('Please choose a cluster').waitFor();
  expect(await attribute(page, 'Cluster', 'aria-invalid')).toBe('true');
  expect(await attribute(page, 'Title', 'aria-invalid')).toBe('true');

  // Dates run from today up to 10 years ahead, and the end not before the start.
  const today = todayDateString();
  for (const label of ['Start date', 'End date', 'Application deadline']) {
    expect(await attribute(page, label, 'min'), label).toBe(today);
    expect(await attribute(page, label, 'max'), label).toBe(addYears(today, 10));
  }
  await form.getByLabel('Start date').fill(inDays(7));
  await expect.poll(() => attribute(page, 'End date', 'min')).toBe(inDays(7));

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Company or organization').fill('Greenleaf Markets');
  await form.getByLabel('Description').fill('Stock produce displays on Saturdays and Sundays.');
  await form.getByLabel('Cluster').selectOption('Service (Retail, Food, etc)');
  await form.getByLabel('Location').selectOption('Oakville');
  await form.getByLabel('Address').fill('200 Lakeshore Rd E');
  await form.getByLabel('Contact e-mail').fill(recruiter!.email);
  await form.getByLabel('External website').fill('https://greenleafmarkets.example/jobs');
  await form.getByLabel('Salary').fill('17.60/h');
  await form.getByLabel('End date').fill(inDays(60));
  await form.getByLabel('Application deadline').fill(inDays(5));
  await form.getByLabel('Image').setInputFiles(files.png('produce.png', 'Produce'));
  await form.getByText('produce.png').waitFor();
  await form.getByRole('button', { name: 'Post Opportunity' }).click();

  // The new posting opens, with its image.
  await page.waitForURL(/\/job\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const image = page.getByRole('img', { name: `Image of the posting ${title}` });
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await page.getByText('$17.60/h').waitFor();
  const postingPath = new URL(page.url()).pathname;

  // A student applies.
  const applicant = await window();
  await signIn(applicant, student!);
  await applicant.goto(postingPath);
  await applicant.getByRole('link', { name: 'Apply To Opportunity' }).click();
  await applicant.getByLabel('Relevant experiences').fill('Cashier at a corner store for a year.');
  await applicant.getByLabel('Why are you interested in this role?').fill('I like fresh food and early mornings.');
  await applicant.getByLabel('What are your career goals?').fill('Run a store one day.');
  await applicant.getByLabel('Resume (PDF)').setInputFiles(files.pdf());
  await applicant.getByRole('button', { name: 'Submit application' }).click();
  await applicant.getByText(MESSAGES.applicationSubmitted).waitFor();

  // The recruiter finds it among the pending applications and accepts it.
  focus(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).click();
  const manager = page.getByRole('region', { name: 'Applications' });
  await manager.getByRole('group', { name: 'Show applications' }).getByRole('button', { name: 'Pending', exact: true }).click();
  const item = manager.getByRole('button').filter({ hasText: title });
  await item.filter({ hasText: student!.email }).filter({ hasText: 'Pending' }).waitFor();
  await item.click();
  const detail = manager.getByRole('region', { name: title });
  await detail.getByText('Cashier at a corner store for a year.').waitFor();
  await detail.getByRole('button', { name: 'Accept' }).click();
  await manager.getByRole('status').filter({ hasText: MESSAGES.statusUpdatedAccepted }).waitFor();
  await manager.getByRole('group', { name: 'Show applications' }).getByRole('button', { name: 'Accepted', exact: true }).click();
  await manager.getByRole('button').filter({ hasText: title }).filter({ hasText: 'Accepted' }).waitFor();
  expect(await manager.getByRole('region', { name: title }).count()).toBe(0);

  // The student reads the outcome.
  focus(applicant);
  await applicant.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My applications' }).click();
  await applicant
    .getByRole('listitem')
    .filter({ has: applicant.getByRole('link', { name: title }) })
    .getByText(MESSAGES.applicationAccepted)
    .waitFor();
});
