import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleFunctions, FUNCTION_IDS, type FunctionBundle } from '../../packages/functions/build/bundle-functions.ts';
import { kb } from '../../packages/widgets/build/sizes.ts';

/**
 * Each function deploys as the tar.gz of its bundle folder (what `appwrite push functions` uploads).
 * Budget: under 5 MB each, and nothing in the folder but the bundle and its package.json: no
 * node_modules, which the CLI would follow through pnpm's symlinks (62 MB before bundling).
 */
const BUDGET = 5 * 1024 * 1024;
let outDir: string;
let bundles: FunctionBundle[];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ok-functions-'));
  bundles = await bundleFunctions(outDir);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it.each(FUNCTION_IDS)('the %s deployment is self-contained and its tar.gz stays under 5 MB', (id) => {
  const bundle = bundles.find((candidate) => candidate.id === id);
  expect(bundle).toBeDefined();
  const folder = join(outDir, id);
  expect(readdirSync(folder).sort()).toEqual(['main.js', 'package.json']);
  const archive = join(outDir, `${id}.tar.gz`);
  execFileSync('tar', ['-czf', archive, '-C', folder, '.']);
  const size = statSync(archive).size;
  console.log(`${id}: bundle ${kb(bundle?.bytes ?? 0)}, deployment ${kb(size)} tar.gz (budget ${kb(BUDGET)})`);
  expect(size).toBeLessThanOrEqual(BUDGET);
});
