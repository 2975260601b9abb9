import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

/**
 * The published build: ESM and type declarations for the three entry points. `appwrite` stays a
 * dependency (never bundled). The JavaScript keeps one file per source module, so an application's
 * bundler splits it as finely as the sources: the portal client's modules load lazily, each with only
 * the domain code it needs (a listing page must not load the posting form's rule packs).
 */
const input = {
  index: 'src/index.ts',
  'domain/index': 'src/domain/index.ts',
  'public/index': 'src/public/index.ts',
};
const external = (id) => id === 'appwrite' || id.startsWith('appwrite/');
const outDir = process.env.SDK_BUILD_DIR ?? 'dist';
// The pure domain is shared by all three entries: one chunk of declarations, named for what it is.
const manualChunks = (id) => (id.includes('/src/domain/') ? 'domain' : undefined);

export default [
  {
    input,
    external,
    plugins: [typescript({ tsconfig: './tsconfig.build.json', declaration: false, outDir, sourceMap: false })],
    output: { dir: outDir, format: 'es', preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
  },
  {
    input,
    external,
    plugins: [dts({ tsconfig: './tsconfig.build.json' })],
    output: { dir: outDir, format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'shared/[name].d.ts', manualChunks },
  },
];
