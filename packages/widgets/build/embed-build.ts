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
 * Its views are the widgets' own React components and run on Preact: `react` is the part of its API
 * they use (`src/embed/react-on-preact.ts`), and their signals a small implementation of the same
 * semantics (`src/embed/lite-signals.ts`), which keeps the whole embed small. Its stylesheet is
 * minified into the script as text for the shadow root.
 */

export interface EmbedBuild {
  file: string;
  /** The whole script, stylesheet text included. */
  js: Size;
  /** The stylesheet alone. */
  css: Size;
  /** What the script is made of: each module's length before minifying, largest first. */
  modules: { id: string; renderedLength: number }[];
}

const ENTRY = join(SRC_DIR, 'embed/opportunity-board.ts');
const REACT_ON_PREACT = join(SRC_DIR, 'embed/react-on-preact.ts');
const LITE_SIGNALS = join(SRC_DIR, 'embed/lite-signals.ts');

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
          { find: /^react(\/jsx(-dev)?-runtime|-dom\/client)?$/, replacement: REACT_ON_PREACT },
          // Signals without their React integration: the views read state through `useWidgetController` alone.
          { find: /^@preact\/signals-react$/, replacement: LITE_SIGNALS },
        ],
      }),
      nodeResolve({
        browser: true,
        exportConditions: ['source'],
        extensions: ['.ts', '.tsx', '.mjs', '.js'],
        rootDir: PACKAGE_DIR,
        modulePaths: [MODULES_DIR],
      }),
      // ES2022, as the library: class fields stay as written.
      esbuild({ jsx: 'automatic', jsxImportSource: 'react', minify: true, target: 'es2022', legalComments: 'none' }),
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
  const modules = Object.entries(output[0].modules)
    .map(([id, module]) => ({ id, renderedLength: module.renderedLength }))
    .sort((a, b) => b.renderedLength - a.renderedLength);
  return { file, js: sizeOf(code), css: sizeOf(stylesheets.join('')), modules };
}
