import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';

/**
 * Issue 25, items 4, 5 and 7: the listings on a phone as students know them from Indeed or LinkedIn:
 * several postings on the first screen, the filters in a sheet behind "Filters (n)" with touch targets
 * of at least 44 px, filters that live in the address (reload and Back keep them), and a search that
 * ranks by how much of the query a posting matches and offers a correction when nothing does.
 */

useChromium();

const PHONE = { width: 390, height: 844 };
const TOUCH_TARGET_PX = 44;

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const filters = (page: Page) => page.getByRole('search', { name: 'Filter opportunities' });

journey('on a phone, /job shows at least four postings on the first screen, and its filters in a sheet with 44 px targets', async ({ portal, window }) => {
  const page = await window('/signin');
  await page.setViewportSize(PHONE);
  await signIn(page, portal.people.liam!);
  await page.goto('/job');
  await cards(page).nth(3).waitFor();

  // Four cards lie whole within the first screen, below the portal's header.
  const header = await page.getByRole('banner').first().boundingBox();
  const boxes = await Promise.all((await cards(page).all()).map((card) => card.boundingBox()));
  const whole = boxes.filter((box) => box !== null && box.y >= (header?.y ?? 0) + (header?.height ?? 0) && box.y + box.height <= PHONE.height);
  expect(whole.length, `card boxes ${JSON.stringify(boxes.slice(0, 5))}`).toBeGreaterThanOrEqual(4);

  // The search stays in view; the rest is behind "Filters".
  await filters(page).getByRole('searchbox', { name: 'Search' }).waitFor();
  const open = filters(page).getByRole('button', { name: 'Filters', exact: true });
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.waitFor();
  await sheet.locator('summary', { hasText: 'Location' }).click();
  await sheet.getByRole('checkbox', { name: 'Toronto' }).check();
  await sheet.locator('summary', { hasText: 'Cluster' }).click();

  // Every control of the sheet is at least 44 px high (a checkbox's target is its whole row, its label).
  const targets = sheet.locator('button, summary, input:not([type="checkbox"]), label:has(input[type="checkbox"])');
  const heights = await targets.evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({ text: element.textContent?.trim().slice(0, 30) || element.getAttribute('type'), height: element.getBoundingClientRect().height })),
  );
  expect(heights.length).toBeGreaterThan(30);
  expect(heights.filter((target) => target.height < TOUCH_TARGET_PX)).toEqual([]);

  // Escape closes the sheet and gives the focus back to the button, which now counts the location.
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden' });
  const counted = filters(page).getByRole('button', { name: 'Filters (1)', exact: true });
  await counted.waitFor();
  expect(await counted.evaluate((button) => button === document.activeElement)).toBe(true);
  // Toronto's postings and no other's (an empty list would say nothing).
  await expect
    .poll(async () => {
      const texts = await cards(page).allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes('Toronto'));
    })
    .toBe(true);
});

journey('the filters live in the address: a reload keeps them, and Back returns to the previous filter', async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.liam!);
  await page.goto('/job');
  const searchbox = filters(page).getByRole('searchbox', { name: 'Search' });
  const toronto = filters(page).getByRole('checkbox', { name: 'Toronto' });

  // Typing replaces the entry; checking a location adds one.
  await searchbox.fill('cashier');
  await page.waitForURL((url) => url.pathname === '/job' && url.search === '?q=cashier');
  await filters(page).locator('summary', { hasText: 'Location' }).click();
  await toronto.check();
  await page.waitForURL((url) => url.search === '?q=cashier&location=Toronto');
  await cards(page).first().waitFor();

  // A reload (or the address shared) shows the same filtered list.
  await page.reload();
  await expect.poll(() => searchbox.inputValue()).toBe('cashier');
  await filters(page).locator('summary', { hasText: 'Location' }).click();
  expect(await toronto.isChecked()).toBe(true);
  await cards(page).first().waitFor();
  for (const text of await cards(page).allTextContents()) expect(text).toContain('Toronto');

  // Back: the search alone, as it was before the location was checked.
  await page.goBack();
  await page.waitForURL((url) => url.search === '?q=cashier');
  await expect.poll(() => searchbox.inputValue()).toBe('cashier');
  await filters(page).locator('summary', { hasText: 'Location' }).click();
  expect(await toronto.isChecked()).toBe(false);
});

journey('a search ranks the posting matching more of it first, and a search that finds nothing offers a correction', async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.liam!);
  await page.goto('/job');
  const searchbox = filters(page).getByRole('searchbox', { name: 'Search' });
  const firstTitle = () => cards(page).first().getByRole('heading').textContent();

  // Both words, both in the title, come before a newer posting that holds one of them in its description.
  await searchbox.fill('Cashier evenings');
  await page.getByRole('link', { name: 'Tax Clinic Assistant', exact: true }).waitFor();
  await expect.poll(firstTitle).toBe('Cashier (part-time, evenings and weekends)');

  // A typo finds nothing; the correction comes from the words of the postings the student may see.
  await searchbox.fill('cashr');
  await page.getByText('No Job opportunities match your search and filters.').waitFor();
  await page.getByRole('button', { name: 'Did you mean cashier?' }).click();
  await expect.poll(() => searchbox.inputValue()).toBe('cashier');
  await expect.poll(firstTitle).toBe('Cashier (part-time, evenings and weekends)');

  // The global search offers the same correction, as a link to its results.
  await page.goto('/search?q=cashr');
  await page.getByRole('link', { name: 'Did you mean cashier?' }).click();
  await page.getByRole('heading', { level: 1, name: 'Search results for “cashier”' }).waitFor();
});
