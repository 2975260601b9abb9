import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * What the build contract tests of the published packages share: the package folder, running its
 * build with Node, and comparing the API report of the built declarations with the committed one.
 */

const run = promisify(execFile);

/** The absolute folder (with a trailing slash) of `packages/<name>`. */
export function packageDir(name: string): string {
  return fileURLToPath(new URL(`../../packages/${name}/`, import.meta.url));
}

/** Runs `node <args>` in `cwd` with extra environment variables (how each package's build is told its output folder). */
export async function runNode(args: readonly string[], cwd: string, env: Record<string, string>): Promise<void> {
  await run(process.execPath, [...args], { cwd, env: { ...process.env, ...env } });
}

/** Builds `@opportunity-kit/sdk` (its rollup config: ESM and declarations of every entry) into `outDir`. */
export async function buildSdk(outDir: string): Promise<void> {
  const dir = packageDir('sdk');
  // Rollup is the SDK package's own dev dependency.
  const rollupBin = join(createRequire(join(dir, 'package.json')).resolve('rollup/package.json'), '..', 'dist', 'bin', 'rollup');
  await runNode([rollupBin, '-c', '--silent'], dir, { SDK_BUILD_DIR: outDir });
}

/** Builds `@opportunity-kit/widgets` (its build script: library, declarations, styles and embed) into `outDir`. */
export async function buildWidgets(outDir: string): Promise<void> {
  await runNode(['--import', 'tsx', 'build/build.ts'], packageDir('widgets'), { WIDGETS_BUILD_DIR: outDir });
}

/** The part of api-extractor's API these tests use (the package is each package's dev dependency, not the tests'). */
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

export interface ApiReportCheck {
  /** The errors and warnings api-extractor reported. */
  problems: string[];
  apiReportChanged: boolean;
  succeeded: boolean;
}

/**
 * Runs the package's own api-extractor (its `api-extractor.json`) on `<outDir>/index.d.ts`, writing
 * the temporary report into `outDir` so the committed report is only compared, never rewritten.
 */
export function checkApiReport(dir: string, outDir: string): ApiReportCheck {
  const packageRequire = createRequire(join(dir, 'package.json'));
  const { Extractor, ExtractorConfig } = packageRequire('@microsoft/api-extractor') as ApiExtractor;
  const configPath = join(dir, 'api-extractor.json');
  const configObject = ExtractorConfig.loadFile(configPath);
  configObject.mainEntryPointFilePath = join(outDir, 'index.d.ts');
  configObject.compiler = { overrideTsconfig: { ...configObject.compiler?.overrideTsconfig, files: [join(outDir, 'index.d.ts')] } };
  configObject.apiReport = { ...configObject.apiReport, reportTempFolder: join(outDir, 'api-report') };
  const config = ExtractorConfig.prepare({ configObject, configObjectFullPath: configPath, packageJsonFullPath: join(dir, 'package.json') });
  const problems: string[] = [];
  const result = Extractor.invoke(config, {
    localBuild: false,
    messageCallback: (message) => {
      if (message.logLevel === 'error' || message.logLevel === 'warning') problems.push(message.text);
      message.handled = true;
    },
  });
  return { problems, apiReportChanged: result.apiReportChanged, succeeded: result.succeeded };
}
