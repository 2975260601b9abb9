import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveChromium } from './chromium.ts';
import { startDemoProcess } from './demo-process.ts';
import type { DemoPortalInfo } from './demo-portal.ts';
import { RESULTS_DIR } from './screenshots.ts';

/** What every e2e file receives through `inject('e2e')`. */
export interface E2eContext extends DemoPortalInfo {
  chromiumPath: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

/**
 * Once per run, for all e2e files: find Chromium (failing with how to install it), then start one
 * portal server with the demo seed, shared by every journey. Journeys make their own accounts and
 * postings with unique names where they change data, so they can run side by side.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = resolveChromium();
  rmSync(RESULTS_DIR, { recursive: true, force: true });
  const portal = await startDemoProcess({ logFile: join(RESULTS_DIR, 'server.log') });
  const { stop, ...info } = portal;
  project.provide('e2e', { ...info, chromiumPath });
  return stop;
}
