import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn } from './support/accounts.ts';

/**
 * Issue 25, item 21: on a slow connection (400 ms round trip, 400 kbps) the listing and a posting's
 * page show placeholder shapes in the page's layout before their content, never a bare heading or a
 * bare "Loading...".
 */

useChromium();

const POSTING = 'Cashier (part-time, evenings and weekends)';
const KBPS_400 = (400 * 1000) / 8;

/** Slows the window's network down as Chrome's DevTools would. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: KBPS_400, uploadThroughput: KBPS_400 });
}

/**
 * Records, from the first byte of every document, in which order the page showed the placeholder
 * shapes (`.ok-skeleton`), its first heading, and the posting's title in the main content. Shapes
 * that come no later than the heading mean the page never stood there with a bare heading.
 */
async function recordWhatShowsFirst(page: Page): Promise<void> {
  await page.addInitScript((title: string) => {
    const seen: string[] = [];
    Object.assign(window, { whatShowedFirst: seen });
    const look = () => {
      if (!seen.includes('skeleton') && document.querySelector('.ok-skeleton')) seen.push('skeleton');
      if (!seen.includes('heading') && document.querySelector('h1')) seen.push('heading');
      if (!seen.includes('content') && document.querySelector('main')?.textContent?.includes(title)) seen.push('content');
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  }, POSTING);
}

const whatShowedFirst = (page: Page) => page.evaluate(() => (window as unknown as { whatShowedFirst: string[] }).whatShowedFirst);

journey(
  'on a slow connection the listing and a posting show placeholder shapes before their content',
  async ({ portal, window }) => {
    const page = await window();
    await signIn(page, portal.people.aisha!);
    await page.goto('/job?q=cashier'); // searched: journeys beside this one post Jobs that push it off the first page
    await page.getByRole('main').getByRole('link', { name: POSTING }).first().click();
    await page.getByRole('heading', { level: 1, name: POSTING }).waitFor();
    const postingPath = new URL(page.url()).pathname;

    await recordWhatShowsFirst(page);
    await throttle(page);
    for (const path of ['/job', postingPath]) {
      await page.goto(path, { waitUntil: 'commit' });
      await page.getByRole('main').getByText(POSTING).first().waitFor({ timeout: 60_000 });
      expect(await whatShowedFirst(page), path).toEqual(['skeleton', 'heading', 'content']);
    }
  },
  240_000,
);
