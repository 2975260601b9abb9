import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The package pyramid of ARCHITECTURE.md, as data: which workspace packages each package may import.
 * `functions` may use only the SDK's pure domain entry (`@opportunity-kit/sdk/domain`), never its
 * network client; `local-backend` imports nothing of ours (it loads functions through appwrite.config.json).
 */
export const allowedImports: Record<string, readonly string[]> = {
  sdk: [],
  widgets: ['@opportunity-kit/sdk'],
  portal: ['@opportunity-kit/sdk', '@opportunity-kit/widgets'],
  functions: ['@opportunity-kit/sdk/domain'],
  'local-backend': [],
};

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry);
    if (entry === 'node_modules' || entry === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry) ? [path] : [];
  });
}

export interface Violation {
  file: string;
  specifier: string;
}

/** Lists every import of a workspace package that the pyramid does not allow. */
export function findViolations(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const [pkg, allowed] of Object.entries(allowedImports)) {
    for (const file of sourceFiles(join(root, 'packages', pkg, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? match[3] ?? '';
        if (!specifier.startsWith('@opportunity-kit/')) continue;
        const ok = allowed.some((entry) => specifier === entry || specifier.startsWith(`${entry}/`));
        if (!ok) violations.push({ file: relative(root, file), specifier });
      }
    }
  }
  return violations;
}
