import { addYears, MESSAGES, todayDateString } from '@opportunity-kit/sdk/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn, signUp } from './support/accounts.ts';
import { files, outboxLink, unique } from './support/steps.ts';

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
  await form.getByLabel('Street address').fill('200 Lakeshore Rd E');
  await form.getByLabel('Postal code').fill('l6j 1h8');
  await form.getByLabel('Contact e-mail').fill(recruiter!.email);
  await form.getByLabel('External website').fill('https://greenleafmarkets.example/jobs');
  await form.getByLabel('Salary').fill('17.60/h');
  await form.getByLabel('Employment type').selectOption('PART_TIME');
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
  // Issue 14: the address and place once; Edit first on one's own posting, and no Practice Interview.
  await page
    .locator('dt', { hasText: /^Location$/ })
    .locator('xpath=following-sibling::dd[1]')
    .getByText('200 Lakeshore Rd E, Oakville, ON L6J 1H8', { exact: true })
    .waitFor();
  await page.getByRole('link', { name: 'Edit Opportunity' }).waitFor();
  expect(await page.getByRole('link', { name: 'Practice Interview for this Position' }).count()).toBe(0);
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
  await applicant.getByRole('region', { name: 'Applied' }).getByText(MESSAGES.applicationPending).waitFor();

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
  expect(await manager.getByRole('region', { name: title, exact: true }).count()).toBe(0);

  // The student reads the outcome.
  focus(applicant);
  await applicant.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My applications' }).click();
  await applicant
    .getByRole('listitem')
    .filter({ has: applicant.getByRole('link', { name: title }) })
    .getByText(MESSAGES.applicationAccepted)
    .waitFor();
});

/** Posts a Gig from /post-job as the signed-in recruiter and answers the new posting's path. */
async function postGig(page: Page, title: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post Opportunity' }).click();
  const form = page.getByRole('form', { name: 'Post a New Opportunity' });
  await form.getByLabel('Posting type').selectOption('Gig');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Company or organization').fill('Northwind Robotics');
  await form.getByLabel('Description').fill('Help at the robotics open house.');
  await form.getByLabel('Location').selectOption('Oakville');
  await form.getByRole('button', { name: 'Post Opportunity' }).click();
  await page.waitForURL(/\/job\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return new URL(page.url()).pathname;
}

async function apply(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('link', { name: 'Apply To Opportunity' }).click();
  await page.getByLabel('Relevant experiences').fill('Robotics club for two years.');
  await page.getByLabel('Why are you interested in this role?').fill('I build robots.');
  await page.getByLabel('What are your career goals?').fill('Mechatronics engineering.');
  await page.getByLabel('Resume (PDF)').setInputFiles(files.pdf());
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.getByText(MESSAGES.applicationSubmitted).waitFor();
}

journey('applications by posting: names, Rejected after a confirmation, a withdrawal, a removed posting, new decisions', async ({ portal, window, focus }) => {
  const { priya: recruiter, ethan: student } = portal.people;
  const [kept, withdrawn, removed] = [unique('Open House Guide'), unique('Demo Day Helper'), unique('Parts Sorter')];
  const page = await window();
  await signIn(page, recruiter!);
  const paths = [await postGig(page, kept), await postGig(page, withdrawn), await postGig(page, removed)];

  const applicant = await window();
  await signIn(applicant, student!);
  for (const path of paths) await apply(applicant, path);

  // Withdraw while pending: asked first, then gone with a confirmation.
  await applicant.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My applications' }).click();
  await applicant.getByRole('button', { name: `Withdraw application to ${withdrawn}` }).click();
  const dialog = applicant.getByRole('alertdialog', { name: 'Withdraw application' });
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await applicant.getByRole('status').filter({ hasText: MESSAGES.applicationWithdrawn }).waitFor();
  await expect.poll(() => applicant.getByRole('link', { name: withdrawn }).count()).toBe(0);

  // The recruiter sees applicants by name under each posting, and rejects after a confirmation.
  focus(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).click();
  const manager = page.getByRole('region', { name: 'Applications' });
  const group = manager.getByRole('region', { name: `${kept} (1 applicant)` });
  await group.getByRole('button', { name: new RegExp(`^${student!.name}`) }).click();
  expect(await manager.getByRole('region', { name: `${withdrawn} (1 applicant)` }).count()).toBe(0);
  const detail = manager.getByRole('region', { name: kept });
  expect(await detail.getByRole('link', { name: `View profile of ${student!.name}` }).getAttribute('href')).toBe(
    `/network/${encodeURIComponent(student!.email)}`,
  );
  await detail.getByRole('button', { name: 'Reject' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reject application' });
  await confirm.getByText(student!.name, { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await manager.getByRole('status').filter({ hasText: MESSAGES.statusUpdated }).waitFor();
  await manager.getByRole('group', { name: 'Show applications' }).getByRole('button', { name: 'Rejected', exact: true }).click();
  await manager
    .getByRole('region', { name: `${kept} (1 applicant)` })
    .getByRole('button', { name: /Rejected/ })
    .waitFor();

  // The recruiter removes a posting the student is still waiting on.
  await page.goto(paths[2]!);
  await page.getByRole('button', { name: 'Remove Opportunity' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Opportunity' }).getByRole('button', { name: 'Remove' }).click();
  await page.waitForURL('**/gigs');

  // The student: a notice of the new decision on the home screen, "New" once, and the removal said plainly.
  focus(applicant);
  await applicant.goto('/landing');
  const notice = applicant.getByRole('status').filter({ hasText: /You have \d+ new decisions?/ });
  await notice.getByRole('link', { name: 'See My applications' }).click();
  await applicant.waitForURL('**/my-applications');
  const rejected = applicant.getByRole('listitem').filter({ has: applicant.getByRole('link', { name: kept }) });
  await rejected.getByText(MESSAGES.applicationRejected).waitFor();
  await rejected.getByText('New', { exact: true }).waitFor();
  const gone = applicant.getByRole('listitem').filter({ hasText: removed });
  await gone.getByText(MESSAGES.applicationPostingRemoved).waitFor();
  expect(await gone.getByRole('link').count()).toBe(0);
  await applicant.reload();
  await rejected.getByText(MESSAGES.applicationRejected).waitFor();
  expect(await rejected.getByText('New', { exact: true }).count()).toBe(0);
});

journey('a new recruiter with no postings is pointed to posting a first opportunity', async ({ portal, window }) => {
  const email = `${unique('e2e-first').replace(' ', '-')}@recruiting.example`;
  const page = await window('/signup');
  await signUp(page, { name: unique('Fern First'), email, password: 'e2e-first-pass' });
  await page.goto(await outboxLink(portal, email));
  await page.getByText('Your e-mail address is verified.').waitFor();
  await page.goto('/application-manager');
  await page.getByText('Post your first opportunity').waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Post an opportunity' }).click();
  await page.waitForURL('**/post-job');
});
