import { fileURLToPath } from 'node:url';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { expect, it } from 'vitest';
import { kb, sizeOf } from '../../packages/widgets/build/sizes.ts';

/**
 * Budget of `@opportunity-kit/sdk/public`: at most 2.25 KB gzip once bundled and minified, since every
 * school page that embeds the board downloads it. From the domain module it takes the wire contract
 * (ids, the row mapper) and what that needs, tree-shaken. It was 2 KB until issue 26: a posting now
 * carries its youth-work rule fields, which the one row mapper checks against their lists (workplaces,
 * tasks, days) for every reader, the embed's too (2.15 KB); the rule packs themselves stay out. Issue 28
 * added the posting's address parts, pay unit and employment type to the row mapper, and the check that
 * tells a site the project does not know from a server that is down, with its message (2.49 KB).
 */
const BUDGET = 2662;
const ENTRY = fileURLToPath(new URL('../../packages/sdk/src/public/index.ts', import.meta.url));

it(`@opportunity-kit/sdk/public stays within ${BUDGET} bytes gzip`, async () => {
  const bundle = await rollup({
    input: ENTRY,
    plugins: [nodeResolve({ extensions: ['.ts'] }), esbuild({ minify: true, target: 'es2020', legalComments: 'none' })],
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const size = sizeOf(output[0].code);
  console.log(`@opportunity-kit/sdk/public: ${kb(size.bytes)} minified, ${kb(size.gzip)} gzip (budget ${kb(BUDGET)})`);
  // Its own files and the wire contract of the pure domain (ids, the row mapper), never the `appwrite` SDK.
  const outside = Object.keys(output[0].modules).filter((id) => !/\/packages\/sdk\/src\/(public|domain)\//.test(id));
  expect(outside).toEqual([]);
  expect(size.gzip).toBeLessThanOrEqual(BUDGET);
});
