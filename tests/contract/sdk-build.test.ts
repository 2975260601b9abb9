import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The published shape of `@opportunity-kit/sdk`: the rollup build (ESM and declarations for `.`,
 * `./domain` and `./public`) into a temporary folder, and the API report of its declarations compared
 * with the committed `packages/sdk/etc/sdk.api.md`. A public API change without an updated report
 * fails here; `pnpm --filter @opportunity-kit/sdk build && pnpm --filter @opportunity-kit/sdk api`
 * updates it.
 */

const SDK_DIR = fileURLToPath(new URL('../../packages/sdk/', import.meta.url));
// The build tools are the SDK package's own dev dependencies.
const sdkRequire = createRequire(join(SDK_DIR, 'package.json'));
const run = promisify(execFile);

/** The part of api-extractor's API this test uses (the package is the SDK's dev dependency, not the tests'). */
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

let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ok-sdk-build-'));
  const rollupBin = join(sdkRequire.resolve('rollup/package.json'), '..', 'dist', 'bin', 'rollup');
  await run(process.execPath, [rollupBin, '-c', '--silent'], { cwd: SDK_DIR, env: { ...process.env, SDK_BUILD_DIR: outDir } });
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
    expect(readFileSync(join(outDir, 'public/index.js'), 'utf8')).not.toContain('appwrite\'');
  });

  it('has the public API the committed report describes', () => {
    const { Extractor, ExtractorConfig } = sdkRequire('@microsoft/api-extractor') as ApiExtractor;
    const configPath = join(SDK_DIR, 'api-extractor.json');
    const configObject = ExtractorConfig.loadFile(configPath);
    configObject.mainEntryPointFilePath = join(outDir, 'index.d.ts');
    configObject.compiler = { overrideTsconfig: { ...configObject.compiler?.overrideTsconfig, files: [join(outDir, 'index.d.ts')] } };
    configObject.apiReport = { ...configObject.apiReport, reportTempFolder: join(outDir, 'api-report') };
    const config = ExtractorConfig.prepare({ configObject, configObjectFullPath: configPath, packageJsonFullPath: join(SDK_DIR, 'package.json') });
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
  });
});
