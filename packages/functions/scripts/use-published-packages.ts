import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Appwrite builds this folder on its own, outside the pnpm workspace, so `workspace:` ranges cannot
 * resolve there. The build command (`commands` in appwrite.config.json) runs this first: each
 * `workspace:` range becomes the published package's range, `OPPORTUNITY_KIT_SDK_VERSION` (a
 * function variable) or else `latest`. Nothing else in package.json changes.
 */
const path = new URL('../package.json', import.meta.url);
const manifest = JSON.parse(readFileSync(path, 'utf8')) as { dependencies?: Record<string, string> };
const published = process.env.OPPORTUNITY_KIT_SDK_VERSION || 'latest';
for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
  if (!range.startsWith('workspace:')) continue;
  const rest = range.slice('workspace:'.length);
  manifest.dependencies![name] = ['*', '^', '~', ''].includes(rest) ? published : rest;
}
writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
