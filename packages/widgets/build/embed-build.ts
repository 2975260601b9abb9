import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import alias from '@rollup/plugin-alias';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup, type Plugin } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { bundleCss } from './bundle-css.ts';
import { MODULES_DIR, PACKAGE_DIR, SRC_DIR } from './paths.ts';
import { sizeOf, type Size } from './sizes.ts';

/**
 * The `<opportunity-board>` embed: ONE classic script (IIFE) for a school website's `<script>` tag.
 * Its views are written against React's API and run on Preact through `preact/compat`, which keeps
 * the whole embed small; its stylesheet is minified into the script as text for the shadow root.
 */

export interface EmbedBuild {
  file: string;
  /** The whole script, stylesheet text included. */
  js: Size;
  /** The stylesheet alone. */
  css: Size;
}

const ENTRY = join(SRC_DIR, 'embed/opportunity-board.ts');

/**
 * The declarations of `@opportunity-kit/widgets/embed`: the script only defines the element when it
 * runs, so a TypeScript application importing it for that side effect finds a module with no exports.
 */
const DECLARATIONS = `/** Defines the <opportunity-board> custom element when it runs; exports nothing. */
export {};
`;

/** `import styles from './x.css?inline'` becomes the minified stylesheet as a string. */
function inlineCss(collected: string[]): Plugin {
  return {
    name: 'inline-css',
    resolveId(source, importer) {
      if (!source.endsWith('.css?inline') || !importer) return null;
      return `\0inline-css:${resolve(dirname(importer), source.slice(0, -'?inline'.length))}`;
    },
    async load(id) {
      if (!id.startsWith('\0inline-css:')) return null;
      const css = await bundleCss(id.slice('\0inline-css:'.length), true);
      collected.push(css);
      return `export default ${JSON.stringify(css)};`;
    },
  };
}

export async function buildEmbed(outDir: string): Promise<EmbedBuild> {
  const stylesheets: string[] = [];
  const bundle = await rollup({
    input: ENTRY,
    plugins: [
      inlineCss(stylesheets),
      alias({
        entries: [
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx(-dev)?-runtime$/, replacement: 'preact/compat/jsx-runtime' },
          { find: /^react(-dom)?$/, replacement: 'preact/compat' },
          // @preact/signals-react reaches useSyncExternalStore through this shim; compat has it built in.
          { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
        ],
      }),
      nodeResolve({
        browser: true,
        exportConditions: ['source'],
        extensions: ['.ts', '.tsx', '.mjs', '.js'],
        rootDir: PACKAGE_DIR,
        modulePaths: [MODULES_DIR],
      }),
      esbuild({ jsx: 'automatic', jsxImportSource: 'react', minify: true, target: 'es2020', legalComments: 'none' }),
    ],
    onwarn(warning, warn) {
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
  });
  const { output } = await bundle.generate({ format: 'iife', name: 'OpportunityBoard' });
  await bundle.close();
  const code = output[0].code;
  const file = join(outDir, 'opportunity-board.js');
  await mkdir(outDir, { recursive: true });
  await writeFile(file, code);
  await writeFile(join(outDir, 'opportunity-board.d.ts'), DECLARATIONS);
  return { file, js: sizeOf(code), css: sizeOf(stylesheets.join('')) };
}
