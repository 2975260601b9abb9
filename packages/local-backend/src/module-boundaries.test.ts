import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's rule for this server: feature modules talk to each other only through `Services`
 * and the event bus. So no file of a module's folder imports another module's folder; what several
 * modules need is a `Services` member or lives in a shared folder (`auth/`, `http/`, `platforms/`, …).
 * The composition root (`modules.ts`, `server.ts`, `services.ts`) and shared folders are not checked.
 */
const SRC = import.meta.dirname;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The module folders: those `modules.ts` registers a module from. */
function moduleFolders(): string[] {
  const registry = readFileSync(join(SRC, 'modules.ts'), 'utf8');
  return [...registry.matchAll(/from '\.\/([a-z-]+)\//g)].map((match) => match[1] as string);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importsBetweenModules(): string[] {
  const modules = moduleFolders();
  return sourceFiles(SRC).flatMap((file) => {
    const from = relative(SRC, file);
    const own = from.split('/')[0] as string;
    // Shared folders (and the composition root) may use a module's code; only modules may not use each other's.
    if (!modules.includes(own)) return [];
    return [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
      .map((match) => relative(SRC, resolve(dirname(file), match[1] as string)))
      .filter((target) => {
        const folder = target.split('/')[0] as string;
        return modules.includes(folder) && folder !== own;
      })
      .map((target) => `${from} -> ${target}`);
  });
}

describe('feature modules', () => {
  it('are the folders modules.ts registers', () => {
    expect(moduleFolders()).toEqual(expect.arrayContaining(['account', 'users', 'outbox', 'tablesdb', 'storage', 'oauth', 'realtime']));
  });

  it('import nothing from one another: shared pieces are Services members or live in shared folders', () => {
    expect(importsBetweenModules()).toEqual([]);
  });
});
