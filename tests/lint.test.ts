import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ESLint } from 'eslint';
import { eslintProblems, formattableFiles, formattingProblems, isFormatted, REPOSITORY_ROOT, repositoryEslint, repositoryPath } from './support/lint.ts';

// `pnpm lint` runs the same two checks from the command line; here they are part of `pnpm test`, so CI runs them.
// A whole-repository pass takes some 10-20 s each on two cores.
const WHOLE_REPOSITORY_MS = 180_000;

describe('ESLint (eslint.config.js)', () => {
  let results: ESLint.LintResult[];
  beforeAll(async () => {
    results = await repositoryEslint().lintFiles(['.']);
  }, WHOLE_REPOSITORY_MS);

  it('finds no problem in the repository', () => {
    expect(eslintProblems(results)).toEqual([]);
  });

  it('lints every part of the repository, and nothing generated', () => {
    const linted = results.map((result) => repositoryPath(result.filePath));
    expect(linted).toEqual(
      expect.arrayContaining([
        'packages/sdk/src/index.ts',
        'packages/widgets/src/index.ts',
        'packages/widgets/build/build.ts',
        'packages/portal/src/app/app.tsx',
        'packages/functions/src/roles/main.ts',
        'packages/local-backend/src/server.ts',
        'packages/local-backend/bin/local-backend.mjs',
        'scripts/start.ts',
        'tests/lint.test.ts',
        'bench/tablesdb.bench.ts',
        '.storybook/main.ts',
      ]),
    );
    expect(linted.filter((path) => /(^|\/)(dist|storybook-static|node_modules|test-results)\//.test(path))).toEqual([]);
  });

  it('reports a hook that reads a value its dependency list leaves out, as file:line rule', async () => {
    const source = [
      "import { useEffect } from 'react';",
      '',
      'export function Probe({ id }: { id: string }) {',
      '  useEffect(() => console.log(id), []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    const filePath = join(REPOSITORY_ROOT, 'packages/widgets/src/lint-probe/lint-probe.tsx');
    const problems = eslintProblems(await repositoryEslint().lintText(source, { filePath }));
    expect(problems).toEqual([expect.stringMatching(/^packages\/widgets\/src\/lint-probe\/lint-probe\.tsx:4:\d+ react-hooks\/exhaustive-deps /)]);
  });

  it('reports an unused import and an inaccessible image', async () => {
    const source = ["import { useState } from 'react';", '', 'export const Probe = () => <img src="/a.png" />;', ''].join('\n');
    const filePath = join(REPOSITORY_ROOT, 'packages/portal/src/lint-probe.tsx');
    const rules = (await repositoryEslint().lintText(source, { filePath }))[0]?.messages.map((message) => message.ruleId);
    expect(rules).toEqual(['@typescript-eslint/no-unused-vars', 'jsx-a11y/alt-text']);
  });
});

describe('Prettier (.prettierrc.json, .prettierignore)', () => {
  let files: string[];
  beforeAll(async () => {
    files = await formattableFiles();
  }, WHOLE_REPOSITORY_MS);

  it(
    'finds every file formatted as Prettier prints it',
    async () => {
      expect(await formattingProblems(files)).toEqual([]);
    },
    WHOLE_REPOSITORY_MS,
  );

  it('checks sources, styles and manifests, and leaves generated files, prose and data alone', () => {
    const checked = files.map(repositoryPath);
    expect(checked).toEqual(
      expect.arrayContaining([
        'packages/widgets/src/index.ts',
        'packages/widgets/src/styles.css',
        'packages/sdk/package.json',
        '.storybook/preview.ts',
        'eslint.config.js',
      ]),
    );
    for (const left of ['pnpm-lock.yaml', 'README.md', 'packages/sdk/etc/sdk.api.md', 'appwrite.config.json', 'scripts/demo/demo-postings.ts']) {
      expect(checked).not.toContain(left);
    }
    expect(checked.filter((path) => /^tests\/fixtures\/|(^|\/)(dist|node_modules)\//.test(path))).toEqual([]);
  });

  it('tells a file in the repository style from one that is not', async () => {
    const path = join(REPOSITORY_ROOT, 'packages/sdk/src/lint-probe.ts');
    expect(await isFormatted(path, "export const probe = { id: 'a', tags: ['b', 'c'] };\n")).toBe(true);
    expect(await isFormatted(path, 'export const probe = { id: "a", tags: ["b", "c"] };\n')).toBe(false);
    expect(await isFormatted(path, "export const probe = {id: 'a'}\n")).toBe(false);
  });
});
