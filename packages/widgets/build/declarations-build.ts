import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { PACKAGE_DIR, SRC_DIR } from './paths.ts';

/**
 * `dist/index.d.ts`: the declarations of the main entry rolled into one file, which is what
 * applications type-check against and what api-extractor reports on. Every package import stays an
 * import; the SDK's types are read from its sources (the `source` condition), so no SDK build first.
 */
export async function buildDeclarations(outDir: string): Promise<string> {
  const entry = join(SRC_DIR, 'index.ts');
  // Rolling up drops the entry's leading `@packageDocumentation` comment; it goes back on top.
  const packageDoc = /^\/\*\*[\s\S]*?\*\//.exec(await readFile(entry, 'utf8'))?.[0] ?? '';
  const bundle = await rollup({
    input: entry,
    plugins: [dts({ tsconfig: join(PACKAGE_DIR, 'tsconfig.build.json') })],
  });
  const file = join(outDir, 'index.d.ts');
  await bundle.write({ file, format: 'es', banner: packageDoc });
  await bundle.close();
  return file;
}
