import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildEmbed } from './embed-build.ts';
import { buildLibrary } from './library-build.ts';
import { DIST_DIR } from './paths.ts';
import { kb } from './sizes.ts';

/** `pnpm --filter @opportunity-kit/widgets build`: the library and the embed into dist/, with their sizes. */
await rm(DIST_DIR, { recursive: true, force: true });
const library = await buildLibrary(DIST_DIR, { minify: false });
const embed = await buildEmbed(join(DIST_DIR, 'embed'));
console.log(`library  ${library.file}: ${kb(library.js.bytes)} (${kb(library.js.gzip)} gzip), styles.css ${kb(library.css.gzip)} gzip`);
console.log(`embed    ${embed.file}: ${kb(embed.js.bytes)} (${kb(embed.js.gzip)} gzip), of which CSS ${kb(embed.css.gzip)} gzip`);
