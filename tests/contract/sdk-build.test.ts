import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdk, checkApiReport, packageDir } from '../support/package-build.ts';

/**
 * The published shape of `@opportunity-kit/sdk`: the rollup build (ESM and declarations for `.`,
 * `./domain` and `./public`) into a temporary folder, and the API report of its declarations compared
 * with the committed `packages/sdk/etc/sdk.api.md`. A public API change without an updated report
 * fails here; `pnpm --filter @opportunity-kit/sdk build && pnpm --filter @opportunity-kit/sdk api`
 * updates it.
 */

const SDK_DIR = packageDir('sdk');

let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ok-sdk-build-'));
  await buildSdk(outDir);
}, 60_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('the built package', () => {
  it('emits ESM and declarations for every entry point, with appwrite left external', () => {
    for (const entry of ['index', 'domain/index', 'public/index']) {
      expect(readFileSync(join(outDir, `${entry}.js`), 'utf8')).toMatch(/^export /m);
      expect(readFileSync(join(outDir, `${entry}.d.ts`), 'utf8')).toMatch(/^export /m);
    }
    const main = readFileSync(join(outDir, 'index.js'), 'utf8');
    expect(main).toMatch(/from 'appwrite';/);
    expect(main).toContain('function createPortalClient(');
    // The embed's client must not pull in the appwrite SDK.
    expect(readFileSync(join(outDir, 'public/index.js'), 'utf8')).not.toContain("appwrite'");
  });

  it('has the public API the committed report describes', () => {
    const { problems, apiReportChanged, succeeded } = checkApiReport(SDK_DIR, outDir);
    expect(problems).toEqual([]);
    expect(apiReportChanged).toBe(false);
    expect(succeeded).toBe(true);
  });
});
