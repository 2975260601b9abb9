import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Four suites, all run by `pnpm test`:
 * - `node`: unit tests of the packages and the contract, size and embed suites under tests/;
 * - `e2e`: journeys through the portal as `pnpm start` serves it, in Debian's Chromium (one shared
 *   server with the demo seed, started by the suite's global setup only when e2e files run);
 * - `widgets`: React view tests of the widgets and the portal in happy-dom;
 * - `storybook`: every story, with its play function and axe (addon-a11y), in Debian's Chromium.
 */

// Debian's Chromium; nothing here downloads a browser (see .ci/run).
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
});

// Browser code resolves workspace packages to their sources too, on top of the browser's own conditions.
const browserResolve = { conditions: ['source', ...defaultClientConditions] };

export default defineConfig({
  resolve: {
    // Workspace packages resolve to their TypeScript sources, so tests need no build first.
    conditions: ['source'],
  },
  // Node-side tests (and the functions the local backend loads in-process) resolve through the SSR
  // environment, whose conditions are separate: without `source` there, a package whose `default`
  // export is its built `dist` would need a build before `pnpm test`.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'tests/**/*.test.ts'],
          globalSetup: ['tests/support/function-bundles.ts'],
          exclude: [...configDefaults.exclude, 'tests/e2e/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/function-bundles.ts', 'tests/e2e/support/global-setup.ts'],
          testTimeout: 150_000,
          hookTimeout: 120_000,
          // A page settles in its own time on a busy machine: polls give it that long.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      {
        extends: true,
        plugins: [react()],
        resolve: browserResolve,
        test: {
          name: 'widgets',
          include: ['packages/widgets/src/**/*.test.tsx', 'packages/portal/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['packages/widgets/src/testing/view-test-setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        resolve: browserResolve,
        test: {
          name: 'storybook',
          browser: { enabled: true, headless: true, provider: chromium, instances: [{ browser: 'chromium' }] },
        },
      },
    ],
  },
});
