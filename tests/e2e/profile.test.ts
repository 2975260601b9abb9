import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signUp } from './support/accounts.ts';
import { outboxLink, unique } from './support/steps.ts';

/** A member saves a public profile and finds it in the network grid; once private, it is gone. */

useChromium();

/**
 * Saves the profile: the page stays on the form with "Profile updated successfully!" and focus on the
 * button that saved (issue 25), and no longer jumps to the network.
 */
async function saveProfile(page: Page) {
  const form = page.getByRole('form', { name: 'Edit your profile' });
  const save = form.getByRole('button', { name: 'Save profile' });
  await save.click();
  await form.getByRole('status').filter({ hasText: MESSAGES.profileUpdated }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/profile');
  await expect.poll(() => save.evaluate((button) => button === document.activeElement)).toBe(true);
}

/** The network grid, once it has loaded (a public demo teacher's profile is always there). */
async function openNetwork(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Network' }).click();
  await page.waitForURL('**/network');
  const grid = page.getByRole('region', { name: MESSAGES.discoverNetwork });
  await grid.getByRole('link', { name: 'Ms. Linh Nguyen' }).waitFor();
  // Every public profile, not only the first page of them.
  const more = grid.getByRole('button', { name: 'Show more' });
  while (await more.isVisible()) {
    const shown = await grid.getByRole('link').count();
    await more.click();
    await expect.poll(() => grid.getByRole('link').count()).toBeGreaterThan(shown);
  }
  return grid;
}

journey('a member saves a public profile that appears in the network, and a private one that does not', async ({ portal, window }) => {
  const name = unique('Robin Recruiter');
  const email = `${name.split(' ').pop()}.robin@northwind.example`;
  const page = await window('/signup');
  await signUp(page, { name, email, password: 'e2e-recruiter-pass' });
  // Only a verified account is in the network, and sees it (issue 15).
  await page.goto(await outboxLink(portal, email));
  await page.getByText('Your e-mail address is verified.').waitFor();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL('**/landing');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();

  const form = page.getByRole('form', { name: 'Edit your profile' });
  await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(name);
  const saved = `${name} (Northwind)`;
  await form.getByLabel('Name').fill(saved);
  await form.getByLabel('School').fill('Northwind Robotics');
  await form.getByLabel('Interests').fill('Robotics, Mentoring');
  await form.getByLabel('Location').fill('Waterloo');
  await form.getByLabel('Bio').fill('I hire students for our robotics camps.');
  expect(await form.getByRole('switch', { name: 'Public profile' }).isChecked()).toBe(true);
  await saveProfile(page);

  let grid = await openNetwork(page);
  const card = grid.getByRole('listitem').filter({ has: page.getByRole('link', { name: saved }) });
  await card.getByText('Northwind Robotics').waitFor();
  await card.getByText('Mentoring', { exact: true }).waitFor();
  // A demo student keeps her profile private: never in the grid. And students are minors: a recruiter
  // sees no student who has not applied to one of their postings, not even one with a public profile.
  expect(await grid.getByRole('link', { name: 'Aisha Rahman' }).count()).toBe(0);
  expect(await grid.getByRole('link', { name: 'Maya Patel' }).count()).toBe(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(saved);
  await form.getByText('Public profile', { exact: true }).click();
  expect(await form.getByRole('switch', { name: 'Public profile' }).isChecked()).toBe(false);
  await form.getByText('Only you can see your profile.').waitFor();
  await saveProfile(page);

  grid = await openNetwork(page);
  expect(await grid.getByRole('link', { name: saved }).count()).toBe(0);
});
