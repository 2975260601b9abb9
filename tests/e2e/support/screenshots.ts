import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the suite leaves its screenshots (git-ignored): test-results/e2e/<file>--<test>.png. */
export const RESULTS_DIR = fileURLToPath(new URL('../../../test-results/e2e/', import.meta.url));

export function screenshotPath(testFile: string, testName: string): string {
  const file = basename(testFile).replace(/\.test\.ts$/, '');
  const full = testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  // A long name is cut at a word boundary.
  const slug = full.length <= 100 ? full : full.slice(0, 101).replace(/-[^-]*$/, '');
  return join(RESULTS_DIR, `${file}--${slug}.png`);
}
