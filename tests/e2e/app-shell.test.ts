import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn } from './support/accounts.ts';

/**
 * Speed on a phone (issue 14): a signed-in member's home screen and listings show their navigation
 * bar and heading from the HTML itself, before the app's scripts arrive (build/app-shell.ts); the app
 * then takes over with one heading on the page.
 */

useChromium();

journey("a member's home screen and listings show their heading before the app's scripts arrive", async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.maya!);

  // The app's scripts are held back: what shows is the HTML's own copy.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/job', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Job opportunities');
  await page.goto('/landing', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Good (morning|afternoon|evening), Maya Patel$/);
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Opportunity Kit' }).isVisible()).toBe(true);

  // Once the scripts arrive, the app replaces the copy: one heading, and the page's own content under it.
  release();
  await page.getByRole('navigation', { name: 'Opportunity categories' }).waitFor();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Good (morning|afternoon|evening), Maya Patel$/);
  await expect.poll(() => page.locator('#portal-app-shell').count()).toBe(0);
});
