import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildDeclarations } from './declarations-build.ts';
import { buildEmbed } from './embed-build.ts';
import { buildLibrary } from './library-build.ts';
import { DIST_DIR } from './paths.ts';
import { kb } from './sizes.ts';

/**
 * `pnpm --filter @opportunity-kit/widgets build`: the library (`index.js`, `index.d.ts`, `styles.css`)
 * and the embed into dist/, with their sizes. `WIDGETS_BUILD_DIR` builds elsewhere (tests use a
 * temporary folder).
 */
const outDir = process.env.WIDGETS_BUILD_DIR || DIST_DIR;
await rm(outDir, { recursive: true, force: true });
const library = await buildLibrary(outDir, { minify: false });
await buildDeclarations(outDir);
const embed = await buildEmbed(join(outDir, 'embed'));
console.log(`library  ${library.file}: ${kb(library.js.bytes)} (${kb(library.js.gzip)} gzip), styles.css ${kb(library.css.gzip)} gzip`);
console.log(`embed    ${embed.file}: ${kb(embed.js.bytes)} (${kb(embed.js.gzip)} gzip), of which CSS ${kb(embed.css.gzip)} gzip`);
