/**
 * `pnpm screenshots`: full-page screenshots of the portal's main screens, for a phone (390x844, touch)
 * and a laptop (1366x900), written to docs/screenshots/portal/<width>x<height>/<screen>.png.
 *
 * The portal runs as `pnpm start` serves it (its Vite build and the demo seed, data in memory, a free
 * port), driven by Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium, or Playwright's own if present);
 * nothing is downloaded. Each screen is taken once it settled: its own content shown, no "Loading..."
 * left, fonts and images loaded. A person's screens that fail are reported and the rest still taken;
 * the exit code is then 1.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { signIn } from '../tests/e2e/support/accounts.ts';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/support/chromium.ts';
import type { DemoPerson } from '../tests/e2e/support/demo-portal.ts';
import { DEMO_BOARD_ADMIN } from './demo/demo-data.ts';
import { startDemoProcess, type DemoProcess } from '../tests/e2e/support/demo-process.ts';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUTPUT_DIR = join(REPO_ROOT, 'docs/screenshots/portal');
const STEP_TIMEOUT_MS = 30_000;

interface Device {
  name: string;
  viewport: { width: number; height: number };
  phone: boolean;
}

const DEVICES: readonly Device[] = [
  { name: '390x844', viewport: { width: 390, height: 844 }, phone: true },
  { name: '1366x900', viewport: { width: 1366, height: 900 }, phone: false },
];

/** Saves the page as `<name>.png` once `ready` is on it and the page settled. */
type Shoot = (name: string, ready: Locator) => Promise<void>;

interface Tour {
  who: string;
  /** Signs in first; a visitor's tour stays signed out. */
  person?: (portal: DemoProcess) => Pick<DemoPerson, 'email' | 'password'>;
  visit: (page: Page, shoot: Shoot, device: Device) => Promise<void>;
}

// Demo postings (scripts/demo/demo-postings.ts): one any student may apply to, and a teacher's private
// co-op placement that is already assigned to a student.
const STUDENT_POSTING = { listing: '/job', title: 'STEM Camp Assistant' };
// The demo student was accepted at STEM Camp, so its application page says so: the form is shown on one
// they have not applied to.
const APPLY_POSTING = { listing: '/job', title: 'Produce Associate' };
const TEACHER_POSTING = { listing: '/job', title: 'Co-op Placement: Veterinary Clinic Assistant' };

const h1 = (page: Page, name?: string) => page.getByRole('heading', { level: 1, ...(name ? { name, exact: true } : {}) }).first();

/** Opens a posting from its listing's search, as a member finds it, and answers its id. */
async function openPosting(page: Page, posting: { listing: string; title: string }): Promise<string> {
  await page.goto(posting.listing);
  await page.getByRole('search', { name: 'Filter opportunities' }).getByRole('searchbox', { name: 'Search' }).fill(posting.title);
  await page
    .getByRole('region', { name: /opportunities$/ })
    .getByRole('link', { name: posting.title, exact: true })
    .click();
  await page.waitForURL(/\/job\/[^/]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

const TOURS: readonly Tour[] = [
  {
    who: 'visitor',
    visit: async (page, shoot) => {
      await page.goto('/welcome');
      await shoot('visitor-welcome', page.getByRole('link', { name: 'Sign Up Now' }));
      await page.goto('/signin');
      await shoot('visitor-sign-in', page.getByRole('button', { name: 'Sign In', exact: true }));
      await page.goto('/signup');
      await shoot('visitor-sign-up', page.getByRole('button', { name: 'Sign Up', exact: true }));
    },
  },
  {
    who: 'student',
    person: (portal) => portal.people.maya!,
    visit: async (page, shoot, device) => {
      await shoot('student-landing', page.getByRole('navigation', { name: 'Opportunity categories' }));
      if (device.phone) {
        const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
        await menu.click();
        await shoot('phone-menu-open', page.getByRole('navigation', { name: 'Main' }).locator('[aria-expanded="true"]'));
        await menu.click();
      }
      await page.getByRole('button', { name: 'Career coach' }).click();
      await shoot('student-career-coach', page.getByRole('region', { name: MESSAGES.coachTitle }));
      await page.goto('/job');
      await shoot('student-jobs', page.getByRole('status').filter({ hasText: /^\d+ opportunit/ }));
      await page.goto('/gigs');
      await shoot('student-gigs', page.getByRole('status').filter({ hasText: /^\d+ opportunit/ }));
      await page.goto('/job');
      const id = await openPosting(page, STUDENT_POSTING);
      await shoot('student-job-detail', h1(page, STUDENT_POSTING.title));
      const applyId = await openPosting(page, APPLY_POSTING);
      await page.goto(`/job/${applyId}/application`);
      await shoot('student-apply', page.getByRole('heading', { name: `Apply to ${APPLY_POSTING.title}` }));
      await page.goto(`/resume/${id}`);
      await shoot('student-resume-review', page.getByRole('heading', { name: `Review your resume for ${STUDENT_POSTING.title}` }));
      await page.goto('/my-applications');
      await shoot('student-my-applications', h1(page));
      await page.goto('/blog');
      await shoot('student-blog', h1(page));
      await page.goto('/network');
      await shoot('student-network', h1(page));
      await page.goto('/search?q=Mississauga');
      await shoot('student-search', page.getByRole('status').filter({ hasText: /matched “Mississauga”/ }));
    },
  },
  {
    who: 'teacher',
    person: (portal) => portal.people.nguyen!,
    visit: async (page, shoot) => {
      await shoot('teacher-landing', page.getByRole('heading', { name: /^Your students at / }));
      await page.goto('/post-job');
      await shoot('teacher-post-job', page.getByRole('form', { name: 'Post a New Opportunity' }));
      await openPosting(page, TEACHER_POSTING);
      await page.getByRole('button', { name: /Student Assignment|Assign Job to Student/ }).click();
      await shoot('teacher-job-assign', page.getByLabel('Student name or e-mail'));
    },
  },
  {
    who: 'board admin',
    person: (portal) => ({ email: `${DEMO_BOARD_ADMIN.local}@${portal.schoolDomain}`, password: DEMO_BOARD_ADMIN.password }),
    visit: async (page, shoot) => {
      await shoot('board-admin-landing', page.getByRole('table', { name: 'Figures per school' }));
      await page.goto('/board');
      await shoot('board-schools', page.getByRole('heading', { level: 1, name: 'Schools of the board' }));
    },
  },
  {
    who: 'school admin',
    person: (portal) => portal.people.park!,
    visit: async (page, shoot) => {
      await shoot('school-admin-landing', page.getByRole('table', { name: 'Figures per school' }));
      await page.goto('/school');
      await shoot('school-admin-staff', h1(page));
    },
  },
  {
    who: 'recruiter',
    person: (portal) => portal.people.jordan!,
    visit: async (page, shoot) => {
      await shoot('recruiter-landing', page.getByRole('table', { name: 'Applicants per posting' }));
      await page.goto('/application-manager');
      await shoot('recruiter-applications', page.getByRole('region', { name: 'Applications' }));
      await page.goto('/post-job');
      await shoot('recruiter-post-job', page.getByRole('form', { name: 'Post a New Opportunity' }));
    },
  },
];

/** Waits until the page shows its content and has nothing left on its way. */
async function settle(page: Page, ready: Locator): Promise<void> {
  await ready.waitFor({ state: 'attached' });
  await page.waitForFunction((loading) => !document.body.innerText.includes(loading), MESSAGES.loading);
  // A full-page screenshot shows what lies below the window too: lazy images there must load now.
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => ((image as HTMLImageElement).loading = 'eager')));
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.evaluate(async () => {
    // A sticky header stays where the window was scrolled to, in the middle of a full-page shot.
    window.scrollTo(0, 0);
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function takeTour(browser: Browser, portal: DemoProcess, device: Device, tour: Tour, taken: string[]): Promise<void> {
  const context = await browser.newContext({ baseURL: portal.url, viewport: device.viewport, isMobile: device.phone, hasTouch: device.phone });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  const shoot: Shoot = async (name, ready) => {
    await settle(page, ready);
    const path = join(OUTPUT_DIR, device.name, `${name}.png`);
    await page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' });
    taken.push(path);
  };
  try {
    if (tour.person) await signIn(page, tour.person(portal));
    await tour.visit(page, shoot, device);
    if (pageErrors.length) throw new Error(`uncaught errors in the page:\n${pageErrors.join('\n')}`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const chromiumPath = resolveChromium();
  console.log('Starting the portal as `pnpm start` serves it (demo data, in memory)…');
  const portal = await startDemoProcess();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
  const taken: string[] = [];
  const failures: string[] = [];
  try {
    for (const device of DEVICES) {
      // The folder holds this run's screens only, none left from a screen since renamed.
      rmSync(join(OUTPUT_DIR, device.name), { recursive: true, force: true });
      mkdirSync(join(OUTPUT_DIR, device.name), { recursive: true });
      for (const tour of TOURS) {
        await takeTour(browser, portal, device, tour, taken).catch((error: unknown) => {
          failures.push(`${device.name} ${tour.who}: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  for (const path of taken) console.log(`${(statSync(path).size / 1024).toFixed(1).padStart(8)} KB  ${relative(REPO_ROOT, path)}`);
  console.log(`\n${taken.length} screenshots.`);
  if (!failures.length) return 0;
  console.log(`\nNot taken (the rest of that person's screens were skipped):\n${failures.map((line) => `  - ${line}`).join('\n')}`);
  return 1;
}

process.exitCode = await main();
