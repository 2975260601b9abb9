import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { bundleCss } from './bundle-css.ts';
import { PACKAGE_DIR, SRC_DIR } from './paths.ts';
import { sizeOf, type Size } from './sizes.ts';

/**
 * The widgets library: `dist/index.js` (ES module) with React, React DOM, signals and the SDK left
 * to the application as peers, and `dist/styles.css` with every widget's stylesheet.
 */

export interface LibraryBuild {
  file: string;
  js: Size;
  css: Size;
}

const PEERS = /^(react|react-dom|@preact\/signals-react|@opportunity-kit\/sdk)(\/.*)?$/;
// The voice SDK is a dependency the application's bundler resolves: the interview room imports it
// dynamically, so it becomes the application's own lazy chunk instead of a part of `dist/index.js`.
const LAZY_DEPENDENCIES = /^@elevenlabs\/react$/;

export async function buildLibrary(outDir: string, options: { minify: boolean }): Promise<LibraryBuild> {
  const bundle = await rollup({
    input: join(SRC_DIR, 'index.ts'),
    external: (id) => PEERS.test(id) || LAZY_DEPENDENCIES.test(id),
    plugins: [
      nodeResolve({ extensions: ['.ts', '.tsx', '.mjs', '.js'], rootDir: PACKAGE_DIR }),
      esbuild({ jsx: 'automatic', jsxImportSource: 'react', minify: options.minify, target: 'es2022', legalComments: 'none' }),
    ],
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const code = output[0].code;
  const css = await bundleCss(join(SRC_DIR, 'styles.css'), options.minify);
  await mkdir(outDir, { recursive: true });
  const file = join(outDir, 'index.js');
  await writeFile(file, code);
  await writeFile(join(outDir, 'styles.css'), css);
  return { file, js: sizeOf(code), css: sizeOf(css) };
}
