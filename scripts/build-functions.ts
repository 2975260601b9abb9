/**
 * `pnpm build:functions`: bundles each Appwrite Function into a self-contained folder under
 * packages/functions/dist/ (the `path` of each function in appwrite.config.json), ready for
 * `appwrite push functions`, and prints each bundle's size.
 */
import { relative } from 'node:path';
import { bundleFunctions } from '../packages/functions/build/bundle-functions.ts';

const started = Date.now();
const bundles = await bundleFunctions();
for (const bundle of bundles) {
  console.log(`  ${bundle.id.padEnd(9)}${(bundle.bytes / 1_000_000).toFixed(2)} MB  ${relative(process.cwd(), bundle.folder)}`);
}
console.log(`Bundled ${bundles.length} functions in ${Date.now() - started} ms.`);
