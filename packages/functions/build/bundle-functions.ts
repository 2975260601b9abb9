import { existsSync, mkdirSync, readdirSync, renameSync, statSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Each Appwrite Function deploys as one self-contained folder: `dist/<function>/main.js`, a single
 * ES module with every dependency inside (our `sdk/domain`, node-appwrite, @google/genai, unpdf), and a
 * `package.json` that marks it as a module. Appwrite's build step then has nothing to install, so no
 * published package is needed, nothing drifts from this repository, and the upload stays small.
 * `appwrite.config.json` points each function's `path` at its folder; the local backend runs the
 * same folder, so what is tested is what is pushed.
 */

const FUNCTIONS_DIR = fileURLToPath(new URL('../', import.meta.url));
const REPO_ROOT = join(FUNCTIONS_DIR, '..', '..');
export const FUNCTIONS_DIST = join(FUNCTIONS_DIR, 'dist');
export const FUNCTION_IDS = ['roles', 'commands', 'ai', 'alerts'] as const;
export type FunctionId = (typeof FUNCTION_IDS)[number];

/** Everything a bundle is made of: newer files than the bundles mean the bundles are stale. */
const INPUTS = [
  join(FUNCTIONS_DIR, 'src'),
  join(FUNCTIONS_DIR, 'package.json'),
  join(FUNCTIONS_DIR, 'build'),
  join(REPO_ROOT, 'packages', 'sdk', 'src'),
  join(REPO_ROOT, 'pnpm-lock.yaml'),
];

// Some dependencies are CommonJS inside; an ES module bundle gives them the `require` they expect.
const REQUIRE_SHIM = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export interface FunctionBundle {
  id: FunctionId;
  folder: string;
  bytes: number;
}

/** Bundles every function into `outDir/<id>/` (default `dist/`). */
export async function bundleFunctions(outDir = FUNCTIONS_DIST): Promise<FunctionBundle[]> {
  return Promise.all(FUNCTION_IDS.map((id) => bundleFunction(id, outDir)));
}

/** Bundles again only when a source is newer than the bundles in `dist/` (for `pnpm start` and the tests). */
export async function ensureFunctionBundles(options: { log?: (line: string) => void } = {}): Promise<void> {
  const bundles = FUNCTION_IDS.map((id) => join(FUNCTIONS_DIST, id, 'main.js'));
  const oldest = Math.min(...bundles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  if (oldest > newestMtime(INPUTS)) return;
  options.log?.('Bundling the functions…');
  await bundleFunctions();
}

/**
 * For `pnpm dev`: bundles again whenever a source changes (debounced). Answers a function that stops watching.
 */
export function watchFunctionSources(options: { log?: (line: string) => void } = {}): () => void {
  let timer: NodeJS.Timeout | undefined;
  const rebundle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      bundleFunctions().then(
        () => options.log?.('Functions bundled again after a change.'),
        (error: unknown) => options.log?.(`Bundling the functions failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, 200);
  };
  const watchers = [join(FUNCTIONS_DIR, 'src'), join(REPO_ROOT, 'packages', 'sdk', 'src')].map((folder) => watch(folder, { recursive: true }, rebundle));
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}

async function bundleFunction(id: FunctionId, outDir: string): Promise<FunctionBundle> {
  const folder = join(outDir, id);
  mkdirSync(folder, { recursive: true });
  const result = await build({
    entryPoints: [join(FUNCTIONS_DIR, 'src', id, 'main.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Our workspace packages resolve to their TypeScript sources: no package build comes first.
    conditions: ['source'],
    banner: { js: REQUIRE_SHIM },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`esbuild produced no output for the ${id} function`);
  // Written next to the target and renamed over it, so a concurrent reader (another test worker,
  // the running server) never sees half a bundle.
  writeAtomically(
    join(folder, 'package.json'),
    `${JSON.stringify({ name: `opportunity-kit-${id}`, private: true, type: 'module', main: 'main.js' }, null, 2)}\n`,
  );
  writeAtomically(join(folder, 'main.js'), code);
  return { id, folder, bytes: code.byteLength };
}

function writeAtomically(file: string, contents: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime([join(path, entry)]));
  }
  return newest;
}
