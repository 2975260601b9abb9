import { afterAll, beforeAll, inject, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.ts';
import type { E2eContext } from './global-setup.ts';
import { screenshotPath } from './screenshots.ts';

/** What a journey gets: windows on the shared portal, and what the run knows about it. */
export interface Journey {
  readonly portal: E2eContext;
  /**
   * A new browser window with its own cookies and storage (another person, or the same person on
   * another device), opened at `path`. It becomes the window the final screenshot shows.
   */
  window(path?: string): Promise<Page>;
  /** Makes `page` the window the final screenshot shows (after switching between people). */
  focus(page: Page): void;
}

// Long enough for a loaded machine (the whole `pnpm test` runs beside the journeys); no step waits
// for a fixed time, every wait ends as soon as the page shows what it waits for.
const STEP_TIMEOUT_MS = 20_000;
const JOURNEY_TIMEOUT_MS = 150_000;

let browser: Browser | undefined;

/** Starts Chromium once for the file's journeys; call it at the top of each e2e file. */
export function useChromium(): void {
  beforeAll(async () => {
    const { chromiumPath } = inject('e2e');
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
}

/**
 * One end-to-end journey as a test. Whatever happens, the window last used is saved as
 * test-results/e2e/<file>--<journey>.png, and every window is closed. An uncaught error in a page
 * fails the journey: the portal must not throw where a member can see it.
 */
export function journey(name: string, body: (journey: Journey) => Promise<void>, timeout = JOURNEY_TIMEOUT_MS): void {
  it(
    name,
    async ({ task }) => {
      if (!browser) throw new Error('journey() needs useChromium() at the top of the file.');
      const portal = inject('e2e');
      const contexts: BrowserContext[] = [];
      const pageErrors: string[] = [];
      let last: Page | undefined;
      const window = async (path = '/') => {
        const context = await browser!.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 900 } });
        context.setDefaultTimeout(STEP_TIMEOUT_MS);
        contexts.push(context);
        const page = await context.newPage();
        page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
        last = page;
        await page.goto(path);
        return page;
      };
      try {
        await body({
          portal,
          window,
          focus: (page) => {
            last = page;
          },
        });
        if (pageErrors.length) throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n')}`);
      } finally {
        await last?.screenshot({ path: screenshotPath(task.file.name, name), fullPage: true }).catch(() => undefined);
        await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      }
    },
    timeout,
  );
}
