import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn } from './support/accounts.ts';

/**
 * Issue 25, item 3: a posting's one primary action per role is above the fold, on a phone (in its
 * sticky bottom bar) and on a desktop (in the header area beside the facts), and a student meets one
 * way to apply, not two competing ones.
 */

useChromium();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
// A demo posting with everything that pushed the action down: an image, eight facts, a contact
// address and an external website.
const FULL_POSTING = 'Cashier (part-time, evenings and weekends)';

/**
 * Opens the demo posting from the listing of Jobs, searched for, and waits for its title: journeys
 * running beside this one post Jobs too, which can push it off the listing's first page.
 */
async function openFullPosting(page: Page): Promise<void> {
  await page.goto('/job?q=cashier');
  await page.getByRole('main').getByRole('link', { name: FULL_POSTING }).first().click();
  await page.getByRole('heading', { level: 1, name: FULL_POSTING }).waitFor();
}

/** The top of `control` in the window, in CSS pixels, once it is laid out. */
async function topOf(control: Locator): Promise<number> {
  await control.waitFor();
  const box = await control.boundingBox();
  if (!box) throw new Error('The control has no box');
  return box.y;
}

/** Every link or button of the page whose name speaks of applying. */
function applyControls(page: Page): Locator {
  return page.getByRole('main').locator('a, button').filter({ hasText: /apply/i });
}

journey("a student's one way to apply is above the fold on a phone and on a desktop", async ({ portal, window }) => {
  const page = await window();
  await signIn(page, portal.people.aisha!);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await openFullPosting(page);
    const apply = page.getByRole('link', { name: 'Apply To Opportunity' });
    expect(await topOf(apply), `Apply at ${viewport.width}x${viewport.height}`).toBeLessThan(viewport.height);
    expect(await applyControls(page).count(), `apply controls at ${viewport.width}`).toBe(1);
  }
  // Scrolled to the end of a phone's page, the bar still carries the action.
  await page.setViewportSize(PHONE);
  await openFullPosting(page);
  await page.evaluate(() => globalThis.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => globalThis.scrollY)).toBeGreaterThan(0);
  const bottom = await page.getByRole('link', { name: 'Apply To Opportunity' }).boundingBox();
  expect(bottom && bottom.y + bottom.height).toBeLessThanOrEqual(PHONE.height);
});

journey("the creator's Edit and a teacher's Assign are above the fold", async ({ portal, window }) => {
  const creator = await window();
  await signIn(creator, portal.people.jordan!);
  const teacher = await window();
  await signIn(teacher, portal.people.park!);
  for (const viewport of [PHONE, DESKTOP]) {
    await creator.setViewportSize(viewport);
    await openFullPosting(creator);
    expect(await topOf(creator.getByRole('link', { name: 'Edit Opportunity' })), `Edit at ${viewport.width}`).toBeLessThan(viewport.height);
    await teacher.setViewportSize(viewport);
    await openFullPosting(teacher);
    const assign = teacher.getByRole('button', { name: /Assign|Change Student Assignment/ }).first();
    expect(await topOf(assign), `Assign at ${viewport.width}`).toBeLessThan(viewport.height);
  }
});
