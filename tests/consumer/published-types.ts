import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageDir } from '../support/package-build.ts';
import { REPO_ROOT, runOutside } from './outside-process.ts';

/**
 * The published tarballs judged by two linters of package manifests: are-the-types-wrong (can
 * TypeScript find types for every entry point, and do they describe the JavaScript it resolves?) and
 * publint (do `exports`, `files` and the formats agree?). Each answers a list of readable problems.
 */

/** One problem in attw's JSON report. */
interface AttwProblem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
}

/**
 * Both packages are ESM only (`"type": "module"`, no `require` condition) on purpose: attw's
 * `esm-only` profile leaves out `node10` and `node16-cjs`, the resolutions of CommonJS programs.
 */
const CJS_RESOLUTIONS = new Set(['node10', 'node16-cjs']);

/**
 * Entry points that are no TypeScript modules: a stylesheet is imported for its side effect and typed
 * by the bundler's client types (Vite's `*.css`), so attw can only report it unresolved.
 */
const NOT_MODULES = ['./styles.css'];

function attwBin(): string {
  const manifest = join(REPO_ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), bin['attw'] ?? 'dist/index.js');
}

/** attw's problems with the tarball under the resolutions of ESM programs and bundlers. */
export async function typesWrongProblems(tarball: string): Promise<string[]> {
  // `--no-definitely-typed`: the packages ship their own types; attw need not look for `@types` ones.
  const args = [attwBin(), tarball, '--format', 'json', '--profile', 'esm-only', '--no-definitely-typed', '--exclude-entrypoints', ...NOT_MODULES];
  const reportFile = `${tarball}.attw.json`;
  // attw exits 1 when it finds problems, which are read from its report either way.
  const { output } = await runOutside(process.execPath, args, dirname(tarball), { stdoutFile: reportFile });
  const text = readFileSync(reportFile, 'utf8');
  if (!text.trimStart().startsWith('{')) throw new Error(`attw answered no report:\n${output}`);
  const report = JSON.parse(text) as { analysis?: { problems?: AttwProblem[] } };
  if (!report.analysis?.problems) throw new Error(`attw's report has no problem list:\n${text.slice(0, 2000)}`);
  return report.analysis.problems
    .filter((problem) => !problem.resolutionKind || !CJS_RESOLUTIONS.has(problem.resolutionKind))
    .map((problem) => `${problem.kind} at ${problem.entrypoint ?? '(package)'} under ${problem.resolutionKind ?? 'every resolution'}`);
}

/** The part of publint's API used here (publint is the published packages' dev dependency, not the tests'). */
interface Publint {
  publint(options: {
    pack: { tarball: ArrayBuffer };
    strict: boolean;
    level: 'suggestion';
  }): Promise<{ messages: PublintMessage[]; pkg: Record<string, unknown> }>;
}
interface PublintMessage {
  code: string;
  type: string;
}
interface PublintUtils {
  formatMessage(message: PublintMessage, pkg: Record<string, unknown>, options: { color: boolean }): string | undefined;
}

/** Every publint message (suggestions included, warnings counted as errors) about the tarball. */
export async function publintProblems(tarball: string): Promise<string[]> {
  const sdkRequire = createRequire(join(packageDir('sdk'), 'package.json'));
  const { publint } = (await import(pathToFileURL(sdkRequire.resolve('publint')).href)) as Publint;
  const { formatMessage } = (await import(pathToFileURL(sdkRequire.resolve('publint/utils')).href)) as PublintUtils;
  const bytes = readFileSync(tarball);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const { messages, pkg } = await publint({ pack: { tarball: data }, strict: true, level: 'suggestion' });
  return messages.map((message) => `${message.type} ${message.code}: ${formatMessage(message, pkg, { color: false }) ?? ''}`);
}
