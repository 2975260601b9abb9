import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn, signUp } from './support/accounts.ts';
import { outboxLink, unique } from './support/steps.ts';

/**
 * Finding one's way (issue 14): the phone menu, the four listings and the global search from every
 * page with the current page marked; who may post, said before the form; a server that cannot be
 * reached, said as such with a way to try again; the verification notice at once and in place, and
 * a used link in plain words.
 */

useChromium();

const PHONE = { width: 390, height: 844 };
const NOT_REACHED = /could not reach the server/i;

/** True when the whole of `locator` lies inside the window, so a person sees it without scrolling sideways. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

/** The `aria-controls` of the focused element: which menu button has the focus. */
const focusedControls = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-controls') ?? null);

journey('on a phone, the menu opens the whole navigation, by touch and by keyboard', async ({ portal, window }) => {
  const page = await window('/signin');
  await page.setViewportSize(PHONE);
  await signIn(page, portal.people.jordan!);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menuButton = nav.getByRole('button', { name: 'Menu' });
  const signOut = nav.getByRole('button', { name: 'Sign Out' });
  const post = nav.getByRole('link', { name: 'Post Opportunity' });

  // Closed: only the logo and the Menu button; nothing hides off screen.
  expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
  expect(await signOut.isVisible()).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  // Open: everything of the navigation is on the screen, and following a link closes the menu.
  await menuButton.click();
  expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
  const menuId = await menuButton.getAttribute('aria-controls');
  expect(menuId).toBeTruthy();
  await post.waitFor();
  expect(await onScreen(page, post)).toBe(true);
  expect(await onScreen(page, signOut)).toBe(true);
  for (const label of ['Home', 'Jobs', 'Gigs', 'Enrichment', 'Volunteering', 'Blog', 'Network', 'Profile', 'Applications']) {
    await nav.getByRole('link', { name: label, exact: true }).waitFor();
  }
  await nav.getByRole('link', { name: 'Gigs', exact: true }).click();
  await page.waitForURL('**/gigs');
  await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
  await menuButton.click();
  await expect.poll(() => nav.getByRole('link', { name: 'Gigs', exact: true }).getAttribute('aria-current')).toBe('page');
  expect(await nav.getByRole('link', { name: 'Jobs', exact: true }).getAttribute('aria-current')).toBeNull();

  // The listing's filters take under 40% of the screen, so the first card shows whole on the first screen.
  const filters = await page.getByRole('search', { name: 'Filter opportunities' }).boundingBox();
  expect(filters?.height ?? Infinity).toBeLessThan(PHONE.height * 0.4);
  const firstCard = page.getByRole('main').getByRole('article').first();
  await firstCard.waitFor();
  const card = await firstCard.boundingBox();
  expect((card?.y ?? Infinity) + (card?.height ?? 0)).toBeLessThan(PHONE.height);

  // Keyboard: Escape closes and gives the focus back to the button; Enter opens; Tab reaches the search first.
  await page.keyboard.press('Escape');
  await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
  expect(await focusedControls(page)).toBe(menuId);
  await page.keyboard.press('Enter');
  await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Mississauga');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/search\?q=Mississauga$/);
  await page.getByRole('heading', { level: 1, name: 'Search results for “Mississauga”' }).waitFor();
  await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');

  // Sign Out by keyboard alone: from the button, Tab through the open menu until it has the focus.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  let steps = 0;
  while (!(await page.evaluate(() => document.activeElement?.textContent === 'Sign Out')) && steps < 25) {
    await page.keyboard.press('Tab');
    steps += 1;
  }
  expect(await onScreen(page, signOut)).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/signin');
});

journey('on a wide screen the listings and the search are in the bar, the page marked; the search lists every type', async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.maya!);
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await nav.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
  await nav.getByRole('link', { name: 'Volunteering', exact: true }).click();
  await page.waitForURL('**/volunteer');
  await expect.poll(() => nav.getByRole('link', { name: 'Volunteering', exact: true }).getAttribute('aria-current')).toBe('page');
  expect(await nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBeNull();

  // The search: matches of several types, each group with its count and cards, its words kept in the field.
  const field = nav.getByRole('searchbox', { name: 'Search all opportunities' });
  await field.fill('Mississauga');
  await field.press('Enter');
  await page.waitForURL(/\/search\?q=Mississauga$/);
  await page
    .getByRole('status')
    .filter({ hasText: /\d+ opportunit(y|ies) matched “Mississauga”/ })
    .waitFor();
  expect(await field.inputValue()).toBe('Mississauga');
  const groups = page.getByRole('region');
  expect(await groups.count()).toBeGreaterThanOrEqual(2);
  for (const group of await groups.all()) {
    const heading = await group.getByRole('heading', { level: 2 }).textContent();
    const [, label, count] = /^(Jobs|Gigs|Enrichment|Volunteering) \((\d+)\)$/.exec(heading ?? '') ?? [];
    expect(label, `group heading "${heading}"`).toBeTruthy();
    const cards = await group.getByRole('article').count();
    expect(cards).toBeGreaterThan(0);
    expect(Number(count)).toBeGreaterThanOrEqual(cards);
    await group.getByRole('link', { name: new RegExp(`^(Go to|Browse all) ${label}`) }).waitFor();
  }
  // "Go to"/"Browse all" opens that listing with the same search, its results the group's.
  const firstGroup = groups.first();
  const groupCards = await firstGroup.getByRole('article').count();
  await firstGroup.getByRole('link', { name: /^(Go to|Browse all) / }).click();
  await page.waitForURL(/\?q=Mississauga$/);
  expect(await page.getByRole('main').getByRole('searchbox', { name: 'Search', exact: true }).inputValue()).toBe('Mississauga');
  await expect.poll(() => page.getByRole('main').getByRole('article').count()).toBeGreaterThanOrEqual(groupCards);
  await page.goBack();
  await page.waitForURL(/\/search\?q=Mississauga$/);

  const first = groups.first().getByRole('article').first().getByRole('link');
  const title = await first.textContent();
  await first.click();
  await page.waitForURL(/\/job\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: title ?? '' }).waitFor();

  // Words nothing matches say so, and offer the listings.
  await field.fill('qzxvbn');
  await field.press('Enter');
  const empty = page.getByRole('status').filter({ hasText: 'Nothing matched “qzxvbn”' });
  await empty.waitFor();
  await empty.getByRole('link', { name: 'Enrichment' }).waitFor();
});

journey("a visitor's phone header keeps the logo's name on one line, Sign In and Sign Up beside it", async ({ window }) => {
  const page = await window('/welcome');
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const logo = nav.getByRole('link', { name: 'Opportunity Kit' });
    const signIn = nav.getByRole('link', { name: 'Sign In', exact: true });
    const signUp = nav.getByRole('link', { name: 'Sign Up', exact: true });
    await signUp.waitFor();
    await logo.locator('span').waitFor();
    const [name, inBox, upBox] = await Promise.all([logo.locator('span').boundingBox(), signIn.boundingBox(), signUp.boundingBox()]);
    // One line of the name (before issue 25 it broke over two, 56 px), and both buttons on the logo's row.
    expect(name?.height ?? Infinity, `name at ${width} px`).toBeLessThan(32);
    expect(Math.abs((inBox?.y ?? 0) + (inBox?.height ?? 0) / 2 - ((upBox?.y ?? 0) + (upBox?.height ?? 0) / 2)), `buttons at ${width} px`).toBeLessThan(4);
    expect(await onScreen(page, signUp)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

journey("on a wide screen a teacher's pages fit one row, the school's tools in one menu the keyboard opens", async ({ portal, window }) => {
  const page = await window('/signin');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, portal.people.nguyen!);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const tools = nav.getByRole('button', { name: 'School tools', exact: true });
  await tools.waitFor();
  // Every page of the bar lies on one row (before issue 25 the teacher's wrapped to two).
  const rows = await page.evaluate(
    () => new Set([...document.querySelectorAll('.portal-nav__items > li')].map((item) => Math.round(item.getBoundingClientRect().top))).size,
  );
  expect(rows).toBe(1);
  const roster = nav.getByRole('link', { name: 'Roster', exact: true });
  expect(await roster.isVisible()).toBe(false);

  // Enter opens the menu with every tool; Escape closes it and gives the focus back.
  await tools.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('true');
  for (const label of ['Hours review', 'Roster', 'Moderation', 'Approvals', 'School']) await nav.getByRole('link', { name: label, exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('false');
  expect(await page.evaluate(() => document.activeElement?.textContent?.startsWith('School tools') ?? false)).toBe(true);

  // Following a tool closes the menu; the button then says the current page is one of its tools.
  await tools.click();
  await roster.click();
  await page.waitForURL('**/roster');
  await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('false');
  expect(await tools.getAttribute('data-current')).toBe('true');
  // A click outside closes an open menu.
  await tools.click();
  await roster.waitFor();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('false');
});

journey('a student and an unverified account learn why they cannot post before any form', async ({ portal, window }) => {
  const student = await window('/signin');
  await signIn(student, portal.people.maya!);
  await student.goto('/post-job');
  await student.getByRole('heading', { name: 'Students cannot post opportunities' }).waitFor();
  expect(await student.getByRole('form', { name: 'Post a New Opportunity' }).count()).toBe(0);
  await student.getByRole('main').getByRole('link', { name: 'Browse Jobs' }).click();
  await student.waitForURL('**/job');

  const email = `${unique('e2e-poster').replace(' ', '-')}@recruiting.example`;
  const newcomer = await window('/signup');
  await signUp(newcomer, { name: unique('Pat Poster'), email, password: 'e2e-poster-pass' });
  await newcomer.goto('/post-job');
  await newcomer.getByRole('heading', { name: 'Verify your e-mail address first' }).waitFor();
  await newcomer.getByRole('main').getByText(email).first().waitFor();
  expect(await newcomer.getByRole('form', { name: 'Post a New Opportunity' }).count()).toBe(0);
});

journey('when the server cannot be reached, pages say so and Try again loads them once it answers', async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.maya!);
  // The portal's own files still load; every call to the API gets no answer, as offline.
  await page.route('**/v1/**', (route) => route.abort('internetdisconnected'));
  for (const path of ['/blog', '/network', '/my-applications']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await main.getByText(NOT_REACHED).first().waitFor();
    await main.getByRole('button', { name: 'Try again' }).first().waitFor();
    expect(await main.getByText('Please sign in first.').count(), path).toBe(0);
    expect(await main.getByText('An error occurred', { exact: false }).count(), path).toBe(0);
  }
  await page.unroute('**/v1/**');
  // Every part that failed offers its own retry (My applications: the list, and what is assigned to the student).
  const retries = page.getByRole('main').getByRole('button', { name: 'Try again' });
  for (let left = await retries.count(); left > 0; left = await retries.count()) await retries.first().click();
  await page.getByRole('main').getByRole('link').first().waitFor();
  expect(await page.getByRole('main').getByText(NOT_REACHED).count()).toBe(0);
});

journey('a page whose code cannot be downloaded says the connection failed, and offers to reload', async ({ portal, window }) => {
  const page = await window('/signin');
  await signIn(page, portal.people.maya!);
  // The connection drops before the member opens a page not visited yet: its code cannot arrive.
  await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true }).click();
  const failure = page.getByRole('alert');
  await failure.getByText(NOT_REACHED).waitFor();
  await failure.getByRole('button', { name: 'Reload the page' }).waitFor();
  expect(await failure.getByText(/dynamically imported module/).count()).toBe(0);
});

journey('the verification notice comes with the first page after sign-up, stays in place, and a spent link says what to do', async ({ portal, window }) => {
  const email = `${unique('e2e-verify').replace(' ', '-')}@recruiting.example`;
  const name = unique('Vera Verify');
  const page = await window('/signup');
  await page.setViewportSize(PHONE);
  await signUp(page, { name, email, password: 'e2e-verify-pass' });

  // At once, not after the role poll gives up; and nothing that arrives later moves the page below it.
  const notice = page.getByRole('region', { name: 'Verify your e-mail address' });
  await notice.waitFor({ timeout: 2_000 });
  const greeting = page.getByRole('heading', { level: 1, name: new RegExp(name) });
  await greeting.waitFor();
  const before = await greeting.boundingBox();
  await notice.getByRole('link', { name: 'development outbox' }).waitFor();
  expect(await greeting.boundingBox()).toEqual(before);
  const notYetVerified = await notice.boundingBox();
  expect(notYetVerified?.height ?? 0).toBeLessThan(200);

  // A link that no longer works: plain words and a new link, never the server's "Invalid token".
  const first = await outboxLink(portal, email);
  await page.goto(first.replace(/([?&]secret=)[^&]+/, '$1not-the-secret'));
  await page.getByRole('alert').filter({ hasText: 'This verification link no longer works' }).waitFor();
  expect(await page.getByText(/invalid token/i).count()).toBe(0);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Link sent to ${email}.` })
    .waitFor();
  let fresh = first;
  await expect.poll(async () => (fresh = await outboxLink(portal, email))).not.toBe(first);
  await page.goto(fresh);
  await page.getByText('Your e-mail address is verified.').waitFor();

  // The same link again, once verified: nothing to do but go on.
  await page.goto(fresh);
  await page.getByText('This link was used already, and your e-mail address is verified.').waitFor();
  expect(await page.getByText(/invalid token/i).count()).toBe(0);
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.waitForURL('**/landing');
});
