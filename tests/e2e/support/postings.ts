import type { Page } from 'playwright-core';

/** A teacher posts a public Volunteering opportunity from /post-job, for `organisation`; answers its path. */
export async function postVolunteering(page: Page, title: string, organisation = 'Harbour Aquarium'): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post Opportunity' }).click();
  const form = page.getByRole('form', { name: 'Post a New Opportunity' });
  await form.getByLabel('Posting type').selectOption('Volunteering');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Company or organization').fill(organisation);
  await form.getByLabel('Description').fill('Feed the fish and talk to visitors on weekends.');
  await form.getByLabel('Location').selectOption('Milton');
  await form
    .getByRole('group', { name: /Visibility/ })
    .getByRole('radio', { name: 'Public' })
    .check();
  await form.getByRole('button', { name: 'Post Opportunity' }).click();
  await page.waitForURL(/\/job\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return new URL(page.url()).pathname;
}
