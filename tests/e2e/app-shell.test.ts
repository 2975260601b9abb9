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

/** Holds the app's scripts back until `release` is called: what shows meanwhile is the HTML's own copy. */
async function holdScripts(page: import('playwright-core').Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

journey('a listing the member saw before shows its postings before the app runs, and signing out forgets it', async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.maya!);
  await page.goto('/job');
  const cards = page.getByRole('main').locator('.ok-job-card__title');
  await cards.first().waitFor();
  // The copy is kept once the postings are on screen.
  await expect.poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('portal.listingCopies') ?? '{}')))).toEqual(['/job']);
  const seen = await cards.allTextContents();

  const release = await holdScripts(page);
  await page.goto('/job', { waitUntil: 'domcontentloaded' });
  const copied = page.locator('#portal-app-shell .ok-job-card__title');
  await expect.poll(() => copied.count()).toBe(seen.length);
  expect(await copied.allTextContents()).toEqual(seen);
  // A filtered address is another view: its first paint is the heading alone, never the unfiltered postings.
  await page.goto('/job?q=cashier', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => page.locator('#portal-app-shell h1').textContent()).toBe('Job opportunities');
  expect(await copied.count()).toBe(0);

  release();
  await page.goto('/job');
  await expect.poll(() => page.locator('#portal-app-shell').count()).toBe(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(/\/signin|\/welcome/);
  expect(await page.evaluate(() => localStorage.getItem('portal.listingCopies'))).toBeNull();
});

journey("a public posting's page shows its title and description before the app runs; a private one shows nothing of itself", async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.maya!);
  const [publicPosting, privatePosting] = await page.evaluate(async (project) => {
    const first = async (visible: boolean) => {
      const query = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'visible', values: [visible] }));
      const response = await fetch(`/v1/tablesdb/portal/tables/jobs/rows?queries[0]=${query}`, {
        headers: { 'X-Appwrite-Project': project },
        credentials: 'include',
      });
      const { rows } = (await response.json()) as { rows: Array<{ $id: string; title: string; description: string }> };
      return rows[0]!;
    };
    return [await first(true), await first(false)];
  }, portal.projectId);

  const release = await holdScripts(page);
  await page.goto(`/job/${publicPosting.$id}`, { waitUntil: 'domcontentloaded' });
  const shell = page.locator('#portal-app-shell');
  await expect.poll(() => shell.locator('h1').textContent()).toBe(publicPosting.title);
  expect(await shell.locator('.ok-job-detail__description').textContent()).toBe(publicPosting.description);

  // Maya may read the private posting assigned to her, but the copy asks as a guest: it paints only the bar.
  const refused = page.waitForResponse((response) => response.url().includes(`/tables/jobs/rows/${privatePosting.$id}?`));
  await page.goto(`/job/${privatePosting.$id}`, { waitUntil: 'domcontentloaded' });
  expect((await refused).status()).toBe(404);
  // The copy asks for the app's files once the answer is weighed.
  await expect.poll(() => page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
  expect(await shell.textContent()).not.toContain(privatePosting.title);
  expect(await shell.locator('.ok-job-detail').count()).toBe(0);

  // The app takes over from the copy: the posting's own page, with its action, and no copy left.
  release();
  await page.goto(`/job/${publicPosting.$id}`);
  await page.locator('.ok-job-detail[data-state="ready"]').waitFor();
  await expect.poll(() => shell.count()).toBe(0);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(publicPosting.title);
});
