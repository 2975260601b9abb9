import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn } from './support/accounts.ts';

/**
 * Issue 25, item 24: every page has a footer with the privacy notice, the terms of use, the help and a
 * contact address, for visitors and members alike; on a phone it never widens the page.
 */

useChromium();

const PHONE = { width: 390, height: 844 };

/** Follows each of the footer's page links from `start` and checks the page it opens. */
async function followFooter(page: Page, start: string): Promise<void> {
  const pages = [
    { link: 'Privacy notice', path: '/privacy', heading: 'Privacy notice', text: 'Who sees it' },
    { link: 'Terms of use', path: '/terms', heading: 'Terms of use', text: 'Posting opportunities' },
    { link: 'Help', path: '/help', heading: 'Help', text: 'Resetting your password' },
  ];
  for (const { link, path, heading, text } of pages) {
    await page.goto(start);
    const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: link, exact: true }).click();
    await page.waitForURL(`**${path}`);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: text }).waitFor();
    // The contact address the school configured is named in the text, as a mail link.
    expect(await page.getByRole('main').locator('a[href^="mailto:"]').count(), path).toBeGreaterThan(0);
  }
  await page.goto(start);
  const contact = page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true });
  expect(await contact.getAttribute('href')).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
}

journey('the footer reaches the privacy notice, the terms and the help, signed out and signed in', async ({ portal, window }) => {
  const visitor = await window('/welcome');
  await followFooter(visitor, '/welcome');

  const member = await window('/signin');
  await signIn(member, portal.people.liam!);
  await followFooter(member, '/landing');
});

journey('on a phone the footer fits the screen and its links are wide enough to tap', async ({ portal, window }) => {
  const page = await window('/signin');
  await page.setViewportSize(PHONE);
  await signIn(page, portal.people.liam!);
  for (const path of ['/landing', '/privacy', '/welcome']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Help', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
    const box = await footer.getByRole('link', { name: 'Help', exact: true }).boundingBox();
    expect(box?.height ?? 0, path).toBeGreaterThanOrEqual(44);
  }
});
