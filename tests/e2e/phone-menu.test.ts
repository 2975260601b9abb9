import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn } from './support/accounts.ts';

/**
 * Issue 25, item 22: on a phone the open menu keeps the keyboard inside it (Tab from its last item
 * comes back to the Menu button, Shift+Tab the other way, Escape closes it), the career coach's button
 * does not sit over the open menu, and the page leaves room so the button never covers its last card.
 */

useChromium();

const PHONE = { width: 390, height: 844 };

/** Whether the focused element is inside the main navigation. */
const focusInNav = (page: Page) => page.evaluate(() => document.activeElement?.closest('nav[aria-label="Main"]') !== null);

journey('the open phone menu traps the keyboard, and the coach button neither covers it nor the last card', async ({ portal, window }) => {
  const page = await window('/signin');
  await page.setViewportSize(PHONE);
  await signIn(page, portal.people.liam!);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menuButton = nav.getByRole('button', { name: 'Menu' });
  const coach = page.getByRole('button', { name: 'Career coach' });
  await coach.waitFor();

  // Scrolled to the page's end, the last card and every footer link end above the coach button.
  const lastCard = page.getByRole('main').locator('.ok-category-card').last();
  await lastCard.waitFor();
  const footerLinks = page.getByRole('contentinfo').getByRole('link');
  await expect
    .poll(async () => {
      // Scrolled again on each try: the page may still grow while its parts load.
      await page.evaluate(() => document.documentElement.scrollTo(0, document.documentElement.scrollHeight));
      const button = await coach.boundingBox();
      const boxes = [await lastCard.boundingBox(), ...(await Promise.all((await footerLinks.all()).map((link) => link.boundingBox())))];
      return button !== null && boxes.every((box) => box !== null && box.y + box.height <= button.y);
    })
    .toBe(true);

  // Open by keyboard: Tab through every item, and the focus never leaves the menu.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
  // The coach button does not sit over the open menu.
  await expect.poll(() => coach.isVisible()).toBe(false);
  const stops = await nav.locator('a[href], button:not([disabled]), input').count();
  for (let press = 0; press < stops + 2; press += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInNav(page), `Tab ${press + 1}`).toBe(true);
  }
  // Shift+Tab from the Menu button goes to the menu's last item (Sign Out), not to the page behind.
  await menuButton.focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Sign Out');

  // Escape closes the menu, gives the focus back to the Menu button, and brings the coach back.
  await page.keyboard.press('Escape');
  await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
  expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
  await coach.waitFor();
});
