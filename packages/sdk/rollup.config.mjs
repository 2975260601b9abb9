import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

/**
 * The published build: ESM and type declarations for the three entry points. `appwrite` stays a
 * dependency (never bundled); the domain code the entries share goes into shared chunks.
 */
const input = {
  index: 'src/index.ts',
  'domain/index': 'src/domain/index.ts',
  'public/index': 'src/public/index.ts',
};
const external = (id) => id === 'appwrite' || id.startsWith('appwrite/');
const outDir = process.env.SDK_BUILD_DIR ?? 'dist';
// The pure domain is shared by all three entries: one chunk, named for what it is.
const manualChunks = (id) => (id.includes('/src/domain/') ? 'domain' : undefined);

export default [
  {
    input,
    external,
    plugins: [typescript({ tsconfig: './tsconfig.build.json', declaration: false, outDir, sourceMap: false })],
    output: { dir: outDir, format: 'es', entryFileNames: '[name].js', chunkFileNames: 'shared/[name].js', manualChunks },
  },
  {
    input,
    external,
    plugins: [dts({ tsconfig: './tsconfig.build.json' })],
    output: { dir: outDir, format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'shared/[name].d.ts', manualChunks },
  },
];
