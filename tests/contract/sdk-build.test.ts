import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
  /** A built file and every file it imports statically: what loads with it. */
  function staticImports(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const [, path] of readFileSync(join(outDir, file), 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '(\.[^']+)'/gm)) {
      staticImports(join(dirname(file), path as string), seen);
    }
    return seen;
  }
  const importsAppwrite = (file: string) => /from 'appwrite';/.test(readFileSync(join(outDir, file), 'utf8'));

  it('emits ESM and declarations for every entry point, with appwrite left external', () => {
    for (const entry of ['index', 'domain/index', 'public/index']) {
      expect(readFileSync(join(outDir, `${entry}.js`), 'utf8')).toMatch(/^export /m);
      expect(readFileSync(join(outDir, `${entry}.d.ts`), 'utf8')).toMatch(/^export /m);
    }
    expect(readFileSync(join(outDir, 'client/portal-client.js'), 'utf8')).toContain('function createPortalClient(');
    expect(importsAppwrite('client/portal-core.js')).toBe(true);
  });

  it("loads the appwrite SDK only with the portal client's modules, never with an entry point", () => {
    // The portal client imports its modules (and the web SDK under them) dynamically, when first called.
    for (const entry of ['index.js', 'domain/index.js', 'public/index.js']) {
      expect([...staticImports(entry)].filter(importsAppwrite), entry).toEqual([]);
    }
  });

  it('has the public API the committed report describes', () => {
    const { problems, apiReportChanged, succeeded } = checkApiReport(SDK_DIR, outDir);
    expect(problems).toEqual([]);
    expect(apiReportChanged).toBe(false);
    expect(succeeded).toBe(true);
  });
});
