import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The published shape of `@opportunity-kit/widgets`: its build script (ESM, one rolled-up `.d.ts`,
 * `styles.css` and the embed script) into a temporary folder, the package's `exports` pointing at
 * what it built, and the API report of its declarations compared with the committed
 * `packages/widgets/etc/widgets.api.md`. A public API change without an updated report fails here;
 * `pnpm --filter @opportunity-kit/widgets build && pnpm --filter @opportunity-kit/widgets api`
 * updates it.
 */

const WIDGETS_DIR = fileURLToPath(new URL('../../packages/widgets/', import.meta.url));
// api-extractor is the widgets package's own dev dependency.
const widgetsRequire = createRequire(join(WIDGETS_DIR, 'package.json'));
const run = promisify(execFile);

/** The part of api-extractor's API this test uses (the package is the widgets' dev dependency, not the tests'). */
interface ApiExtractor {
  ExtractorConfig: {
    loadFile(path: string): ExtractorConfigFile;
    prepare(options: { configObject: ExtractorConfigFile; configObjectFullPath: string; packageJsonFullPath: string }): unknown;
  };
  Extractor: {
    invoke(
      config: unknown,
      options: { localBuild: boolean; messageCallback: (message: { logLevel: string; text: string; handled: boolean }) => void },
    ): { succeeded: boolean; apiReportChanged: boolean };
  };
}
interface ExtractorConfigFile {
  mainEntryPointFilePath: string;
  compiler?: { overrideTsconfig?: Record<string, unknown> };
  apiReport?: Record<string, unknown>;
}

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
  await run(process.execPath, ['--import', 'tsx', 'build/build.ts'], { cwd: WIDGETS_DIR, env: { ...process.env, WIDGETS_BUILD_DIR: outDir } });
}, 60_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('the built package', () => {
  it('builds every file its exports name outside the sources', () => {
    const targets = Object.entries(manifest.exports).flatMap(([, target]) =>
      typeof target === 'string' ? [target] : Object.entries(target).filter(([condition]) => condition !== 'source').map(([, path]) => path),
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
    for (const specifier of imported) expect(peers.some((peer) => specifier === peer || specifier.startsWith(`${peer}/`)), specifier).toBe(true);
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
    const { Extractor, ExtractorConfig } = widgetsRequire('@microsoft/api-extractor') as ApiExtractor;
    const configPath = join(WIDGETS_DIR, 'api-extractor.json');
    const configObject = ExtractorConfig.loadFile(configPath);
    configObject.mainEntryPointFilePath = join(outDir, 'index.d.ts');
    configObject.compiler = { overrideTsconfig: { ...configObject.compiler?.overrideTsconfig, files: [join(outDir, 'index.d.ts')] } };
    configObject.apiReport = { ...configObject.apiReport, reportTempFolder: join(outDir, 'api-report') };
    const config = ExtractorConfig.prepare({ configObject, configObjectFullPath: configPath, packageJsonFullPath: join(WIDGETS_DIR, 'package.json') });
    const problems: string[] = [];
    const result = Extractor.invoke(config, {
      localBuild: false,
      messageCallback: (message) => {
        if (message.logLevel === 'error' || message.logLevel === 'warning') problems.push(message.text);
        message.handled = true;
      },
    });
    expect(problems).toEqual([]);
    expect(result.apiReportChanged).toBe(false);
    expect(result.succeeded).toBe(true);
    // Every exported symbol carries a summary and a release tag.
    const report = readFileSync(join(WIDGETS_DIR, 'etc/widgets.api.md'), 'utf8');
    expect(report).not.toContain('(undocumented)');
    expect(report).not.toContain('// Warning:');
  });
});
