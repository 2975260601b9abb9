import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWidgets, checkApiReport, packageDir } from '../support/package-build.ts';

/**
 * The published shape of `@opportunity-kit/widgets`: its build script (ESM, one rolled-up `.d.ts`,
 * `styles.css` and the embed script) into a temporary folder, the package's `exports` pointing at
 * what it built, and the API report of its declarations compared with the committed
 * `packages/widgets/etc/widgets.api.md`. A public API change without an updated report fails here;
 * `pnpm --filter @opportunity-kit/widgets build && pnpm --filter @opportunity-kit/widgets api`
 * updates it.
 */

const WIDGETS_DIR = packageDir('widgets');

/** An `exports` target: a path, or conditions mapping to paths. */
type ExportTarget = string | Record<string, string>;
const manifest = JSON.parse(readFileSync(join(WIDGETS_DIR, 'package.json'), 'utf8')) as {
  exports: Record<string, ExportTarget>;
  peerDependencies: Record<string, string>;
};

let outDir: string;
const built = (file: string) => readFileSync(join(outDir, file), 'utf8');

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ok-widgets-build-'));
  await buildWidgets(outDir);
}, 60_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('the built package', () => {
  it('builds every file its exports name outside the sources', () => {
    const targets = Object.entries(manifest.exports).flatMap(([, target]) =>
      typeof target === 'string'
        ? [target]
        : Object.entries(target)
            .filter(([condition]) => condition !== 'source')
            .map(([, path]) => path),
    );
    const fromDist = targets.filter((path) => path.startsWith('./dist/'));
    expect(fromDist).toEqual(expect.arrayContaining(['./dist/index.js', './dist/index.d.ts', './dist/styles.css', './dist/embed/opportunity-board.js']));
    for (const path of fromDist) expect(existsSync(join(outDir, path.slice('./dist/'.length))), path).toBe(true);
  });

  it('emits ESM and declarations that leave the peers and the voice SDK to the application', () => {
    const main = built('index.js');
    expect(main).toMatch(/^export \{/m);
    expect(main).toContain('function JobBoard(');
    const imported = [...main.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]!);
    const peers = Object.keys(manifest.peerDependencies);
    for (const specifier of imported)
      expect(
        peers.some((peer) => specifier === peer || specifier.startsWith(`${peer}/`)),
        specifier,
      ).toBe(true);
    expect(imported).toEqual(expect.arrayContaining(['react', 'react/jsx-runtime', '@preact/signals-react', '@opportunity-kit/sdk']));
    // The voice SDK is a lazy chunk of the application, loaded when an interview starts.
    expect(main).toContain("import('@elevenlabs/react')");
    expect(main).not.toMatch(/^import .*@elevenlabs/m);

    const types = built('index.d.ts');
    expect(types).toMatch(/@packageDocumentation/);
    expect(types).toMatch(/^declare function JobBoard\(/m);
    expect(types).toMatch(/^export \{/m);
  });

  it('emits every widget stylesheet in styles.css and the embed as one classic script', () => {
    const css = built('styles.css');
    for (const block of ['.ok-greeting', '.ok-job-card', '.ok-job-board', '.ok-confirm-dialog', '.ok-interview']) expect(css).toContain(block);
    expect(css).not.toContain('@import');
    const embed = built('embed/opportunity-board.js');
    expect(embed).not.toMatch(/^\s*(import|export)\s/m);
    expect(embed).toContain('opportunity-board');
  });

  it('has the public API the committed report describes', () => {
    const { problems, apiReportChanged, succeeded } = checkApiReport(WIDGETS_DIR, outDir);
    expect(problems).toEqual([]);
    expect(apiReportChanged).toBe(false);
    expect(succeeded).toBe(true);
    // Every exported symbol carries a summary and a release tag.
    const report = readFileSync(join(WIDGETS_DIR, 'etc/widgets.api.md'), 'utf8');
    expect(report).not.toContain('(undocumented)');
    expect(report).not.toContain('// Warning:');
  });
});
