import { randomBytes } from 'node:crypto';
import { ALERT_MESSAGES } from '@opportunity-kit/sdk/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from './support/accounts.ts';
import { digestMailTo, runDigestNow } from './support/digest.ts';
import { journey, useChromium } from './support/journey.ts';
import { postVolunteering } from './support/postings.ts';

/**
 * Saved searches and notifications (issue 17), end to end: a student saves a search on a listing, a
 * teacher posts a match in another browser, the student's bell shows it live, the list links to the
 * posting and marks it read, and the daily digest mails it with an unsubscribe link that works on a
 * phone with no session.
 */

useChromium();

const PHONE = { width: 390, height: 844 };

/** The bell in the top navigation, whatever its count. */
const anyBell = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications, \d+ unread$/ });

/** How many notifications the bell says are unread, once it is there. */
async function unreadCount(page: Page): Promise<number> {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await button.waitFor();
  return Number(/(\d+) unread/.exec((await button.getAttribute('aria-label')) ?? '')?.[1]);
}

journey(
  'a student saves a search, a teacher posts a match, the bell shows it live, and the daily digest mails it with a working unsubscribe link',
  async ({ portal, window, focus }) => {
    const { aisha: student, nguyen: teacher } = portal.people;
    // A made-up word nothing else in the demo or another journey contains.
    const word = `zq${randomBytes(4).toString('hex')}`;
    const title = `Aquarium helper ${word}`;

    // The student saves a search for the word on the Volunteering listing.
    const page = await window();
    await signIn(page, student!);
    const before = await unreadCount(page);
    await page.goto('/volunteer');
    await page.getByRole('search', { name: 'Filter opportunities' }).getByRole('searchbox', { name: 'Search' }).fill(word);
    // The listing has answered the search before its button is pressed: on a loaded machine a press
    // during the reload that the search sets off can land on a button about to be replaced.
    await page.getByText('No Volunteering opportunities match your search and filters.').waitFor();
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByRole('status').filter({ hasText: "Saved. We'll tell you about new matches." }).waitFor();

    // A teacher posts a match in another browser; the student's bell counts it without a reload.
    const teacherPage = await window();
    await signIn(teacherPage, teacher!);
    const postingPath = await postVolunteering(teacherPage, title);

    focus(page);
    // The `alerts` function runs on the posting's event after the command answered: on a loaded
    // machine it may wait its turn behind the other journeys' executions.
    // Other journeys share the demo and its daily runs, so the count is compared, never expected exact.
    await expect.poll(() => unreadCount(page), { timeout: 60_000 }).toBeGreaterThan(before);
    await anyBell(page).click();
    const list = page.getByRole('region', { name: 'Notifications' });
    const item = list.getByRole('listitem').filter({ hasText: title });
    const link = item.getByRole('link', { name: `New match for your saved search: ${title} at Harbour Aquarium` });
    expect(await link.getAttribute('href')).toBe(postingPath);
    await item.getByText('Unread').waitFor();

    // Mark as read takes it off the count; the link still leads to the posting.
    const unreadBeforeMark = await unreadCount(page);
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => unreadCount(page)).toBeLessThan(unreadBeforeMark);
    expect(await item.getByText('Unread').count()).toBe(0);
    await link.click();
    await page.waitForURL(`**${postingPath}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // Read on the server too: a fresh page shows it read.
    await page.reload();
    await anyBell(page).click();
    const again = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: title });
    await again.waitFor();
    expect(await again.getByText('Unread').count()).toBe(0);

    // The daily digest, run now, mails the match with a one-click unsubscribe link.
    await runDigestNow(portal);
    const digest = await digestMailTo(portal, student!.email);
    expect(digest.text).toContain(title);
    // Each kind in the mail has its own stop link (issue 24); the last one stops every e-mail.
    const links = digest.links.map((candidate) => new URL(candidate)).filter((link) => link.pathname === '/unsubscribe');
    expect(links.filter((link) => link.searchParams.get('kind') === 'alert-match')).toHaveLength(1);
    const unsubscribe = links.find((link) => !link.searchParams.has('kind'))!;
    expect(unsubscribe.searchParams.get('token')).toBeTruthy();

    // Opened on a phone that never signed in, the link unsubscribes with one click.
    const phone = await window('about:blank');
    await phone.setViewportSize(PHONE);
    await phone.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    await phone.getByRole('heading', { level: 1, name: 'Daily digest e-mail' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.getByRole('button', { name: 'Unsubscribe from the daily digest' }).click();
    await phone.getByRole('status').filter({ hasText: ALERT_MESSAGES.unsubscribed }).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/unsubscribe');
  },
  240_000,
);

journey('the bell stays in a phone’s bar, and its list fits the screen and closes with Escape', async ({ portal, window }) => {
  const page = await window();
  await page.setViewportSize(PHONE);
  await signIn(page, portal.people.liam!);
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await button.click();
  const list = page.getByRole('region', { name: 'Notifications' });
  await list.waitFor();
  const box = await list.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.keyboard.press('Escape');
  await expect.poll(() => list.count()).toBe(0);
  expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
});
