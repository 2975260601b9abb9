import { build } from 'esbuild';

/** One stylesheet with its `@import`s inlined, minified or not. */
export async function bundleCss(entry: string, minify: boolean): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, minify, write: false, logLevel: 'silent', legalComments: 'none' });
  return result.outputFiles[0]!.text;
}
