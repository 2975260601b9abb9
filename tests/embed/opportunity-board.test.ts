import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyListingMessage, MESSAGES } from '@opportunity-kit/sdk/domain';
import { buildEmbed } from '../../packages/widgets/build/embed-build.ts';
import type { TestBackend } from '../support/backend.ts';
import { command, recruiter, startPortalBackend, teacher, type Member } from '../support/portal.ts';
import { aPosting, type PostingBody } from '../support/postings.ts';
import { boardPage, serveSite, type StaticSite } from './static-server.ts';

/**
 * The built `<opportunity-board>` script on a plain page, in Debian's Chromium, against the
 * product's backend: what a visitor of a school website sees and can do.
 */

const PORTAL = 'https://portal.school.example';

let backend: TestBackend;
let site: StaticSite;
let browser: Browser;
let outDir: string;
let hr: Member;
const ids: Record<string, string> = {};
const pageErrors: string[] = [];

async function post(as: Member, key: string, overrides: Partial<PostingBody>): Promise<void> {
  const answer = await command<{ id: string }>(as, 'POST', '/jobs', aPosting(overrides));
  expect(answer.error).toBeUndefined();
  ids[key] = answer.data!.id;
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ok-embed-'));
  const embed = await buildEmbed(outDir);
  site = await serveSite(embed.file);
  // The school registers its site as a web platform, as the README's embed section says.
  backend = await startPortalBackend({ webOrigins: [site.origin] });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let mrsLee: Member;
  [hr, mrsLee] = await Promise.all([recruiter(backend), teacher(backend)]);
  await post(hr, 'barista', { title: 'Barista', company: 'Bean There Cafe', location: 'Oakville', address: '12 Lakeshore Rd' });
  await post(hr, 'tutor', {
    postingType: 'Enrichment',
    title: 'Math tutor',
    company: 'Learning Lab',
    location: 'Toronto',
    cluster: null,
    hourlyRate: null,
    description: 'Tutor grade 9 algebra after school.',
  });
  await post(hr, 'gig', {
    postingType: 'Gig',
    title: 'Dog walker',
    company: 'Paws',
    location: 'Guelph',
    companyWebsite: null,
    cluster: null,
    hourlyRate: null,
    description: 'Walk two friendly dogs.',
  });
  await post(mrsLee, 'private', { title: 'Library helper', company: 'School library', visible: false, description: 'Shelve books.' });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await backend?.close();
  rmSync(outDir, { recursive: true, force: true });
});

/** Opens a school's page with a board; `suffix` is what follows the page's path (`?opportunity=…`, `#…`). */
async function open(attributes: Record<string, string> = {}, suffix = ''): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const url = site.page(
    `board-${Math.random().toString(36).slice(2)}`,
    boardPage({ endpoint: backend.endpoint, project: backend.projectId, 'portal-url': PORTAL, ...attributes }),
  );
  await page.goto(url + suffix);
  return page;
}

afterEach(() => {
  // A script error on the school's page (in any callback of the element) fails the test that caused it.
  expect(pageErrors.splice(0)).toEqual([]);
});

const cardTitles = (page: Page) => page.locator('opportunity-board .ok-board-card__open').allTextContents();

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe's WCAG 2.1 A and AA findings on the page, the board's shadow root included. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> };
    };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
  });
}

describe('<opportunity-board>', () => {
  it('shows the public postings as cards, never a private one', async () => {
    const page = await open();
    await expect.poll(() => cardTitles(page)).toEqual(['Dog walker', 'Math tutor', 'Barista']);
    expect(await page.getByRole('status').textContent()).toBe('3 opportunities');
    expect(await page.locator('opportunity-board').evaluate((board) => board.shadowRoot !== null)).toBe(true);
    await page.close();
  });

  it('filters by search text, type and location', async () => {
    const page = await open();
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    await page.getByLabel('Search').fill('algebra');
    await expect.poll(() => cardTitles(page)).toEqual(['Math tutor']);
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Search').press('Enter');
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    await page.getByLabel('Type').selectOption('Gig');
    await expect.poll(() => cardTitles(page)).toEqual(['Dog walker']);
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Location').selectOption('Oakville');
    await expect.poll(() => cardTitles(page)).toEqual(['Barista']);
    await page.close();
  });

  it('opens a posting by keyboard, writes its JobPosting JSON-LD, and returns focus on Escape', async () => {
    const page = await open();
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    await page.getByRole('link', { name: 'Barista' }).focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'Barista', level: 2 });
    await expect.poll(() => heading.evaluate((node) => node === (node.getRootNode() as Document | ShadowRoot).activeElement)).toBe(true);
    expect(await page.getByRole('link', { name: 'Apply on the portal' }).getAttribute('href')).toBe(`${PORTAL}/job/${ids.barista}`);

    const ld = JSON.parse((await page.locator('opportunity-board > script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Barista',
      description: 'Prepare drinks and keep the counter tidy on weekend mornings.',
      hiringOrganization: { '@type': 'Organization', name: 'Bean There Cafe', sameAs: 'https://beanthere.example' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Oakville', streetAddress: '12 Lakeshore Rd' } },
      identifier: { '@type': 'PropertyValue', value: ids.barista },
      url: `${PORTAL}/job/${ids.barista}`,
    });
    expect(Number.isNaN(Date.parse(ld.datePosted))).toBe(false);
    expect(Date.parse(ld.validThrough)).toBeGreaterThan(Date.now());

    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('opportunity-board > script[type="application/ld+json"]').count()).toBe(0);
    const card = page.getByRole('link', { name: 'Barista' });
    await expect.poll(() => card.evaluate((node) => node === (node.getRootNode() as Document | ShadowRoot).activeElement)).toBe(true);
    await page.close();
  });

  it("gives every posting its own address on the school's page: loading it shows that posting and its JobPosting, with no click", async () => {
    const list = await open();
    await expect.poll(() => cardTitles(list)).toHaveLength(3);
    const pageUrl = list.url();
    const hrefs = await list.locator('opportunity-board a.ok-board-card__open').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs).toEqual([ids.gig, ids.tutor, ids.barista].map((id) => `${pageUrl}?opportunity=${id}`));
    await list.close();

    // A crawler: the address alone, no interaction beyond loading it.
    const crawled = await open({}, `?opportunity=${ids.barista}`);
    const blocks = crawled.locator('script[type="application/ld+json"]');
    await expect.poll(() => blocks.count()).toBe(1);
    const ld = JSON.parse((await blocks.textContent()) ?? '{}');
    for (const property of ['title', 'description', 'datePosted', 'hiringOrganization', 'jobLocation', 'validThrough', 'identifier']) {
      expect(ld, property).toHaveProperty(property);
    }
    expect(ld).toMatchObject({ '@type': 'JobPosting', title: 'Barista', hiringOrganization: { name: 'Bean There Cafe' } });
    expect(await crawled.getByRole('heading', { name: 'Barista', level: 2 }).isVisible()).toBe(true);
    await crawled.close();

    // A posting with its pay, kind of work and address in parts gives a crawler all of them.
    const details = await command<{ id: string }>(
      hr,
      'POST',
      '/jobs',
      aPosting({
        title: 'Stock clerk',
        location: 'Brampton',
        address: null,
        streetAddress: '50 Main St N',
        postalCode: 'L6V 1N6',
        employmentType: 'PART_TIME',
        payRate: 17.6,
        payUnit: 'hour',
      }),
    );
    expect(details.error).toBeUndefined();
    const complete = await open({}, `?opportunity=${details.data!.id}`);
    const block = complete.locator('script[type="application/ld+json"]');
    await expect.poll(() => block.count()).toBe(1);
    const full = JSON.parse((await block.textContent()) ?? '{}');
    expect(full).toMatchObject({
      employmentType: 'PART_TIME',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'CAD', value: { '@type': 'QuantitativeValue', value: 17.6, unitText: 'HOUR' } },
      jobLocation: {
        address: {
          '@type': 'PostalAddress',
          streetAddress: '50 Main St N',
          addressLocality: 'Brampton',
          addressRegion: 'ON',
          postalCode: 'L6V 1N6',
          addressCountry: 'CA',
        },
      },
    });
    // The deadline's whole day in Ontario: 23:59:59 at Toronto's offset, never midnight UTC before it.
    expect(full.validThrough).toMatch(/T23:59:59-0[45]:00$/);
    await complete.close();
    await command(hr, 'DELETE', `/jobs/${details.data!.id}`);
  });

  it('adds an opened posting to the history: Back and Escape return to the list, with focus on its card, without leaving the page', async () => {
    const page = await open();
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    const listUrl = page.url();
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const focusedCard = (name: string) =>
      page.getByRole('link', { name }).evaluate((node) => node === (node.getRootNode() as Document | ShadowRoot).activeElement);

    await page.getByRole('link', { name: 'Math tutor' }).click();
    await page.getByRole('heading', { name: 'Math tutor', level: 2 }).waitFor();
    expect(page.url()).toBe(`${listUrl}?opportunity=${ids.tutor}`);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(listUrl);
    await expect.poll(() => focusedCard('Math tutor')).toBe(true);
    expect(await page.locator('opportunity-board > script').count()).toBe(0);

    await page.getByRole('link', { name: 'Dog walker' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dog walker', level: 2 }).waitFor();
    expect(page.url()).toBe(`${listUrl}?opportunity=${ids.gig}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.url()).toBe(listUrl);
    await expect.poll(() => focusedCard('Dog walker')).toBe(true);
    // Forward reopens it, as the browser's own history would.
    await page.goForward();
    await page.getByRole('heading', { name: 'Dog walker', level: 2 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await page.close();
  });

  it('takes the heading level the school page gives it', async () => {
    const page = await open({ 'heading-level': '3' });
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Dog walker', 'Math tutor', 'Barista']);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(0);
    await page.getByRole('link', { name: 'Barista' }).click();
    await page.getByRole('heading', { name: 'Barista', level: 3 }).waitFor();
    await page.close();
  });

  it("shows the spec's empty message when nothing matches", async () => {
    const page = await open({ 'posting-type': 'Volunteering' });
    await expect.poll(() => page.getByRole('status').textContent()).toBe(emptyListingMessage('Volunteering'));
    expect(await cardTitles(page)).toEqual([]);
    await page.close();
  });

  it('shows an error with a retry when the backend cannot answer', async () => {
    const page = await open({ project: 'no-such-project' });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(MESSAGES.genericError);
    await expect.poll(() => page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await page.close();
  });

  it('tells a visitor of a site the school has not registered whom to ask, and the console which origin to register', async () => {
    const stranger = await serveSite(join(outDir, 'opportunity-board.js'));
    try {
      const page = await browser.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(stranger.page('board', boardPage({ endpoint: backend.endpoint, project: backend.projectId, 'portal-url': PORTAL })));
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain("not registered with the school's opportunity portal");
      expect(await alert.textContent()).toContain(stranger.origin);
      // Trying again can never succeed, so the board does not offer it.
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await cardTitles(page)).toEqual([]);
      expect(consoleErrors.some((text) => text.includes('<opportunity-board>') && text.includes(stranger.origin) && text.includes('WEB_ORIGINS'))).toBe(true);
      await page.close();
    } finally {
      await stranger.close();
    }
  });

  it('opens a linked posting, and says "Job not found" for a private one', async () => {
    // An older `#opportunity=` link still opens its posting.
    const linked = await open({}, `#opportunity=${ids.gig}`);
    await expect.poll(() => linked.getByRole('heading', { level: 2 }).textContent()).toBe('Dog walker');
    await linked.close();
    const hidden = await open({}, `?opportunity=${ids.private}`);
    await expect.poll(() => hidden.getByRole('heading', { level: 2 }).textContent()).toBe(MESSAGES.jobNotFound);
    expect(await hidden.locator('opportunity-board > script').count()).toBe(0);
    await hidden.close();
  });

  it('takes its accent colour, theme and type from attributes, also when they change', async () => {
    const page = await open({ accent: 'rgb(10, 125, 85)', theme: 'dark' });
    const search = page.getByRole('button', { name: 'Search' });
    await expect.poll(() => search.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(10, 125, 85)');
    expect(await page.locator('opportunity-board .ok-board').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(22, 27, 38)');
    await page.locator('opportunity-board').evaluate((board) => board.setAttribute('accent', 'rgb(200, 0, 0)'));
    await expect.poll(() => search.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(200, 0, 0)');
    await page.locator('opportunity-board').evaluate((board) => board.setAttribute('posting-type', 'Gig'));
    await expect.poll(() => cardTitles(page)).toEqual(['Dog walker']);
    await page.close();
  });

  it('reads at WCAG AA in the dark theme whatever the accent, and keeps the default for an accent that is not a colour', async () => {
    for (const accent of ['#0a7d55', '#ffeb3b', '#000080', 'rgb(200, 0, 0)', '#777777']) {
      const page = await open({ accent, theme: 'dark' });
      await expect.poll(() => cardTitles(page)).toHaveLength(3);
      expect(await axeViolations(page), `list, accent ${accent}`).toEqual([]);
      await page.getByRole('link', { name: 'Barista' }).click();
      await page.getByRole('link', { name: 'Apply on the portal' }).waitFor();
      expect(await axeViolations(page), `posting, accent ${accent}`).toEqual([]);
      await page.close();
    }
    const page = await open({ accent: 'not-a-colour' });
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    const search = page.getByRole('button', { name: 'Search' });
    expect(await search.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(36, 86, 227)');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("brings the theme tokens' defaults into its shadow root, and takes a token the page sets on the element", async () => {
    const styleOf = (page: Page, selector: string, property: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((node, name) => getComputedStyle(node).getPropertyValue(name), property);
    const plain = await open();
    await expect.poll(() => cardTitles(plain)).toHaveLength(3);
    expect(await styleOf(plain, 'opportunity-board .ok-board__button', 'background-color')).toBe('rgb(36, 86, 227)');
    expect(await styleOf(plain, 'opportunity-board .ok-board', 'background-color')).toBe('rgb(255, 255, 255)');
    expect(await styleOf(plain, 'opportunity-board .ok-board', 'font-family')).toBe('system-ui, sans-serif');
    expect(await styleOf(plain, 'opportunity-board .ok-board-card', 'border-top-left-radius')).toBe('12px');
    await plain.close();
    const themed = await open({ style: '--ok-color-accent: rgb(170, 0, 170); --ok-radius: 2px' });
    await expect.poll(() => cardTitles(themed)).toHaveLength(3);
    expect(await styleOf(themed, 'opportunity-board .ok-board__button', 'background-color')).toBe('rgb(170, 0, 170)');
    expect(await styleOf(themed, 'opportunity-board .ok-board-card', 'border-top-left-radius')).toBe('2px');
    await themed.close();
  });

  it("takes the tokens a school's page sets on an ancestor, :root included, over the defaults", async () => {
    const page = await open();
    await expect.poll(() => cardTitles(page)).toHaveLength(3);
    // The school's own stylesheet, loaded after the board put its defaults on the document.
    await page.addStyleTag({ content: ':root { --ok-color-accent: rgb(0, 128, 0); } body { --ok-radius: 3px; }' });
    const button = page.locator('opportunity-board .ok-board__button').first();
    await expect.poll(() => button.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(0, 128, 0)');
    const card = page.locator('opportunity-board .ok-board-card').first();
    expect(await card.evaluate((node) => getComputedStyle(node).borderTopLeftRadius)).toBe('3px');
    // One copy of the defaults on the document, however many boards the page holds.
    expect(await page.locator('style[data-opportunity-kit-tokens]').count()).toBe(1);
    await page.close();
  });

  // Issue 25: last, as it adds a posting the tests above do not count.
  it('breaks a company name of one long word on a 320 px page instead of scrolling sideways', async () => {
    const company = 'TheOakvilleDowntownBusinessImprovementAssociationFarmersMarketCommittee';
    await post(hr, 'long', { title: 'Market day helper', company, description: `Details: https://oakvilledowntown.example/${'market-'.repeat(24)}` });
    const page = await open();
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => cardTitles(page)).toContain('Market day helper');
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width(), 'the list').toBeLessThanOrEqual(320);
    await page.getByRole('link', { name: 'Market day helper' }).click();
    await page.getByRole('heading', { name: 'Market day helper', level: 2 }).waitFor();
    expect(await width(), 'the posting').toBeLessThanOrEqual(320);
    await page.close();
  });
});
