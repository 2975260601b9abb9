import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';

/** The repository's root, where `eslint.config.js`, `.prettierrc.json` and `.prettierignore` live. */
export const REPOSITORY_ROOT = join(import.meta.dirname, '../..');

/** What `prettier --check .` honours besides its own ignore file. */
const IGNORE_FILES = ['.gitignore', '.prettierignore'].map((name) => join(REPOSITORY_ROOT, name));
/** Never walked, as the Prettier and ESLint command lines never walk them. */
const NEVER_WALKED = new Set(['node_modules', '.git']);

/** ESLint with the repository's own configuration (`eslint.config.js`), as `pnpm lint` runs it. */
export function repositoryEslint(): ESLint {
  return new ESLint({ cwd: REPOSITORY_ROOT });
}

/** Every error and warning of `results`, one line each: `file:line:column rule message`. */
export function eslintProblems(results: readonly ESLint.LintResult[]): string[] {
  return results.flatMap((result) =>
    result.messages.map(
      (message) => `${repositoryPath(result.filePath)}:${message.line}:${message.column} ${message.ruleId ?? 'parse-error'} ${message.message}`,
    ),
  );
}

/** The files `prettier --check .` looks at: those it has a parser for and that no ignore file excludes. */
export async function formattableFiles(directory = REPOSITORY_ROOT): Promise<string[]> {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      // A directory an ignore file excludes (`dist/`, `tests/fixtures/`) excludes any file in it.
      if (NEVER_WALKED.has(entry.name) || (await prettier.getFileInfo(join(path, 'probe.ts'), { ignorePath: IGNORE_FILES })).ignored) continue;
      files.push(...(await formattableFiles(path)));
    } else if (entry.isFile()) {
      const info = await prettier.getFileInfo(path, { ignorePath: IGNORE_FILES });
      if (!info.ignored && info.inferredParser) files.push(path);
    }
  }
  return files;
}

/** True when `source` is exactly what Prettier prints for a file at `path`, with the configuration that applies there. */
export async function isFormatted(path: string, source: string): Promise<boolean> {
  const options = await prettier.resolveConfig(path, { editorconfig: true });
  return prettier.check(source, { ...options, filepath: path });
}

/** Each of `files` that Prettier would change, as a line that says how to fix it. */
export async function formattingProblems(files: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const file of files) {
    if (!(await isFormatted(file, readFileSync(file, 'utf8')))) {
      problems.push(`${repositoryPath(file)}: not as Prettier prints it (pnpm exec prettier --write ${repositoryPath(file)})`);
    }
  }
  return problems;
}

/** A path as the repository names it, with forward slashes on every platform. */
export function repositoryPath(path: string): string {
  return relative(REPOSITORY_ROOT, path).split(sep).join('/');
}
