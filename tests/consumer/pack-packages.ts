import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { buildSdk, buildWidgets, packageDir } from '../support/package-build.ts';
import { runOutsideOrThrow } from './outside-process.ts';

/**
 * The two published packages as `pnpm publish` would send them: each package folder copied (without
 * its `node_modules` and any local `dist`), its library build written into the copy's `dist`, and
 * `pnpm pack` run there, so the work tree is never written to. pnpm, not npm, packs because it is what
 * publishes a pnpm workspace: it turns `workspace:` ranges into versions and applies `publishConfig`.
 */

/** The `exports` value of one subpath: a file, or conditions (possibly nested) leading to files. */
export type ExportTarget = string | { [condition: string]: ExportTarget };

/** The fields of a packed `package.json` the proof reads. */
export interface PackedManifest {
  name: string;
  version: string;
  exports: Record<string, ExportTarget>;
  sideEffects?: boolean | string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface PackedPackage {
  /** The tarball's absolute path. */
  tarball: string;
  /** `package.json` as it is inside the tarball. */
  manifest: PackedManifest;
  /** Every file in the tarball, relative to its `package/` folder. */
  files: string[];
}

export interface PackedPackages {
  sdk: PackedPackage;
  widgets: PackedPackage;
}

/** pnpm's `pack --json` answer. */
interface PackReport {
  filename: string;
  files: { path: string }[];
}

function stagePackage(name: 'sdk' | 'widgets', stageRoot: string): string {
  const source = packageDir(name);
  const staged = join(stageRoot, name);
  const skipped = new Set([join(source, 'node_modules'), join(source, 'dist')]);
  cpSync(source, staged, { recursive: true, filter: (path) => !skipped.has(path) });
  // pnpm reads the installed version of a `workspace:` dependency from node_modules.
  symlinkSync(join(source, 'node_modules'), join(staged, 'node_modules'), 'dir');
  return staged;
}

async function pack(staged: string, destination: string): Promise<PackedPackage> {
  const report = JSON.parse(await runOutsideOrThrow('pnpm', ['pack', '--json', '--pack-destination', destination], staged)) as PackReport;
  const manifestText = await runOutsideOrThrow('tar', ['-xOzf', report.filename, 'package/package.json'], destination);
  return { tarball: report.filename, manifest: JSON.parse(manifestText) as PackedManifest, files: report.files.map((file) => file.path).sort() };
}

/** Builds and packs both packages under `workDir` (`stage/` for the copies, `tarballs/` for the results). */
export async function packPackages(workDir: string): Promise<PackedPackages> {
  const stageRoot = join(workDir, 'stage');
  const tarballs = join(workDir, 'tarballs');
  mkdirSync(tarballs, { recursive: true });
  const sdkDir = stagePackage('sdk', stageRoot);
  const widgetsDir = stagePackage('widgets', stageRoot);
  await settled([buildSdk(join(sdkDir, 'dist')), buildWidgets(join(widgetsDir, 'dist'))]);
  const [sdk, widgets] = await settled([pack(sdkDir, tarballs), pack(widgetsDir, tarballs)]);
  return { sdk, widgets };
}

/** Like `Promise.all`, but waits for every child process to end before failing, so cleanup never races a build still writing. */
async function settled<T extends readonly unknown[]>(work: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const outcomes = await Promise.allSettled(work);
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Every file an `exports` target names, through all conditions. */
export function exportedFiles(target: ExportTarget): string[] {
  return typeof target === 'string' ? [target] : Object.values(target).flatMap(exportedFiles);
}

/** The conditions used anywhere in an `exports` target. */
export function exportConditions(target: ExportTarget): string[] {
  return typeof target === 'string' ? [] : Object.entries(target).flatMap(([condition, inner]) => [condition, ...exportConditions(inner)]);
}
