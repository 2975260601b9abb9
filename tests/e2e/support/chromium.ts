import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * The Chromium the e2e suite and the Lighthouse script drive: CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium, else a browser Playwright installed itself. Nothing here downloads one.
 */
export const CHROMIUM_MISSING = "Chromium not found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH";

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function resolveChromium(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!existsSync(configured)) throw new Error(`${CHROMIUM_MISSING} (CHROMIUM_PATH=${configured} does not exist)`);
    return configured;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const bundled = playwrightChromium();
  if (bundled && existsSync(bundled)) return bundled;
  throw new Error(CHROMIUM_MISSING);
}

/** Where Playwright keeps its own browser, if this version of it knows one for this platform. */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
