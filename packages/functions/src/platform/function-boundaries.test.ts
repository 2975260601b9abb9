import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each function's folder (`roles`, `commands`, `ai`) is one deployable bundle. What more than one of
 * them needs lives in `platform/` (the runtime, routing, callers, the error envelope) or `portal/`
 * (the portal's rows, permissions and shared reads), so no function reaches into another's folder.
 */
const SRC = resolve(import.meta.dirname, '..');
const FUNCTION_FOLDERS = ['roles', 'commands', 'ai', 'alerts'];
const SHARED_FOLDERS = ['platform', 'portal'];
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of a source file that lands in a function folder other than the file's own. */
function importsAcrossFunctions(): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const own = relative(SRC, file).split('/')[0] as string;
    return [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
      .map((match) => relative(SRC, resolve(dirname(file), match[1] as string)))
      .filter((target) => {
        const folder = target.split('/')[0] as string;
        return FUNCTION_FOLDERS.includes(folder) && folder !== own;
      })
      .map((target) => `${relative(SRC, file)} -> ${target}`);
  });
}

describe('function folders', () => {
  it('import nothing from one another: shared code is in platform/ or portal/', () => {
    expect(importsAcrossFunctions()).toEqual([]);
  });

  it('are the functions appwrite.config.json deploys, beside the shared folders', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...FUNCTION_FOLDERS, ...SHARED_FOLDERS].sort());
  });
});
