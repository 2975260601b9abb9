import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { build } from 'vite';
import { buildEmbed } from '../../widgets/build/embed-build.ts';
import { CONFIG_FILE, DIST_DIR, PORTAL_DIR, REPO_ROOT } from './paths.ts';

/**
 * Builds the portal with Vite, or reuses the build in `dist/` when nothing it is made of changed
 * since: the portal, widgets and SDK sources, the lockfile, and the VITE_* settings in the root
 * `.env` (they are baked into the build). Several processes may ask at once (`pnpm start`, test
 * workers): one builds, under a lock, into a folder of its own that then replaces `dist/` in one
 * rename, and the others wait for it and reuse its build.
 */

/** What a build was made from; a different fingerprint means the build is stale. */
interface BuildStamp {
  newestInput: number;
  settings: Record<string, string>;
}

// Inside dist/.vite/, next to Vite's manifest: the static server never serves dot-folders.
const stampFile = (dist: string) => join(dist, '.vite', 'portal-build.json');
// Under node_modules (ignored by git, on the same disk as dist/, so a rename moves a whole build).
const WORK_DIR = join(PORTAL_DIR, 'node_modules', '.cache', 'portal-build');
const LOCK_FILE = join(WORK_DIR, 'build.lock');
const LOCK_WAIT_MS = 5 * 60_000;

const INPUTS = [
  join(PORTAL_DIR, 'index.html'),
  join(PORTAL_DIR, 'vite.config.ts'),
  join(PORTAL_DIR, 'package.json'),
  join(PORTAL_DIR, 'src'),
  join(PORTAL_DIR, 'public'),
  // The privacy notice, terms and help a school edits.
  join(PORTAL_DIR, 'content'),
  join(REPO_ROOT, 'packages', 'widgets', 'src'),
  join(REPO_ROOT, 'packages', 'widgets', 'package.json'),
  // The embed the portal serves, and how it is bundled.
  join(REPO_ROOT, 'packages', 'widgets', 'build'),
  join(REPO_ROOT, 'packages', 'sdk', 'src'),
  join(REPO_ROOT, 'packages', 'sdk', 'package.json'),
  join(REPO_ROOT, 'pnpm-lock.yaml'),
];

export interface PortalBuild {
  /** The folder with index.html and assets/. */
  outDir: string;
  /** False when an up-to-date build was reused. */
  built: boolean;
  /** Milliseconds the build took (0 when reused). */
  took: number;
}

/** One JavaScript chunk of a build, as the size checks need it. */
export interface BuiltChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module the chunk stands for (a lazy route's page), if any. */
  facadeModuleId: string | null;
  /** Chunks it imports statically (they load with it). */
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
}

/** Builds into `outDir` (default `dist/`) unconditionally, and answers its chunks. */
export async function buildPortal(options: { outDir?: string; log?: boolean } = {}): Promise<PortalBuild & { chunks: BuiltChunk[] }> {
  const outDir = options.outDir ?? DIST_DIR;
  const started = Date.now();
  // Vite takes NODE_ENV from the process when it is set (vitest sets `test`), and React and the
  // router would then ship their development builds: a production build is what gets served.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      configFile: CONFIG_FILE,
      mode: 'production',
      logLevel: options.log ? 'info' : 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  // The school websites' job board is served by the portal too, so a school's page needs no file of its own:
  // `<script src="{portal}/embed/opportunity-board.js">` always matches the portal's version.
  await buildEmbed(join(outDir, 'embed'));
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((entry) => ('output' in entry ? entry.output : []));
  const chunks: BuiltChunk[] = [];
  for (const item of outputs) {
    if (item.type !== 'chunk') continue;
    chunks.push({
      fileName: item.fileName,
      code: item.code,
      isEntry: item.isEntry,
      isDynamicEntry: item.isDynamicEntry,
      facadeModuleId: item.facadeModuleId,
      imports: [...item.imports],
      dynamicImports: [...item.dynamicImports],
      moduleIds: [...item.moduleIds],
    });
  }
  return { outDir, built: true, took: Date.now() - started, chunks };
}

/** `dist/` as it is when it is up to date; otherwise a fresh build there. */
export async function ensurePortalBuild(options: { log?: (line: string) => void } = {}): Promise<PortalBuild> {
  const wanted: BuildStamp = { newestInput: newestMtime(INPUTS), settings: viteSettings() };
  const reuse: PortalBuild = { outDir: DIST_DIR, built: false, took: 0 };
  if (upToDate(wanted)) return reuse;
  return withBuildLock(async () => {
    // Another process may have built it while this one waited for the lock.
    if (upToDate(wanted)) return reuse;
    options.log?.('Building the portal with Vite…');
    const fresh = join(WORK_DIR, `build-${process.pid}`);
    const result = await buildPortal({ outDir: fresh });
    writeFileSync(stampFile(fresh), JSON.stringify(wanted));
    const old = join(WORK_DIR, `old-${process.pid}`);
    rmSync(old, { recursive: true, force: true });
    if (existsSync(DIST_DIR)) renameSync(DIST_DIR, old);
    renameSync(fresh, DIST_DIR);
    rmSync(old, { recursive: true, force: true });
    return { outDir: DIST_DIR, built: true, took: result.took };
  });
}

function upToDate(wanted: BuildStamp): boolean {
  return sameStamp(readStamp(), wanted) && existsSync(join(DIST_DIR, 'index.html'));
}

/** Runs `build` while holding the build lock; a lock whose process is gone is taken over. */
async function withBuildLock<T>(build: () => Promise<T>): Promise<T> {
  mkdirSync(WORK_DIR, { recursive: true });
  const giveUp = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      writeFileSync(LOCK_FILE, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!lockHolderAlive()) {
        rmSync(LOCK_FILE, { force: true });
        continue;
      }
      if (Date.now() > giveUp) throw new Error(`The portal build lock ${LOCK_FILE} is held for too long; delete it if no build runs.`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await build();
  } finally {
    rmSync(LOCK_FILE, { force: true });
  }
}

function lockHolderAlive(): boolean {
  let text: string;
  try {
    text = readFileSync(LOCK_FILE, 'utf8');
  } catch {
    // Released in the meantime: the next try takes it.
    return true;
  }
  // Created but not written yet: its holder is at work.
  if (text === '') return true;
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The VITE_* settings Vite will read: the root `.env` and the environment (which wins, as in Vite). */
function viteSettings(): Record<string, string> {
  const dotenvPath = join(REPO_ROOT, '.env');
  const dotenv = existsSync(dotenvPath) ? parseEnv(readFileSync(dotenvPath, 'utf8')) : {};
  const merged: Record<string, string> = {};
  for (const [name, value] of [...Object.entries(dotenv), ...Object.entries(process.env)]) {
    if (name.startsWith('VITE_') && value !== undefined) merged[name] = value;
  }
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
}

function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        newest = Math.max(newest, newestMtime([join(path, entry)]));
      }
      // A deleted file changes only its folder's mtime.
      newest = Math.max(newest, stat.mtimeMs);
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

function readStamp(): BuildStamp | undefined {
  try {
    return JSON.parse(readFileSync(stampFile(DIST_DIR), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
}

function sameStamp(a: BuildStamp | undefined, b: BuildStamp): boolean {
  return a !== undefined && a.newestInput === b.newestInput && JSON.stringify(a.settings) === JSON.stringify(b.settings);
}
