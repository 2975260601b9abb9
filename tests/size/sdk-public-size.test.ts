import { fileURLToPath } from 'node:url';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { expect, it } from 'vitest';
import { kb, sizeOf } from '../../packages/widgets/build/sizes.ts';

/**
 * Budget of `@opportunity-kit/sdk/public`: at most 2 KB gzip once bundled and minified, since every
 * school page that embeds the board downloads it. Only types come from the domain module.
 */
const BUDGET = 2048;
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
  expect(Object.keys(output[0].modules).every((id) => id.includes('/packages/sdk/src/public/'))).toBe(true);
  expect(size.gzip).toBeLessThanOrEqual(BUDGET);
});
