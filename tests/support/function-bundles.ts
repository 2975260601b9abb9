import { ensureFunctionBundles } from '../../packages/functions/build/bundle-functions.ts';

/**
 * Global setup: the backends of the tests run the functions from their deployable bundles
 * (packages/functions/dist/, as appwrite.config.json says), so the bundles are brought up to date
 * once before any test file starts.
 */
export default async function setup(): Promise<void> {
  await ensureFunctionBundles();
}
