import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations } from '../scripts/dependency-direction.ts';

describe('package dependency direction (sdk <- widgets <- portal)', () => {
  it('holds for the repository', () => {
    expect(findViolations(join(import.meta.dirname, '..'))).toEqual([]);
  });

  it('reports an SDK file that imports the widgets and a function that imports the SDK client', () => {
    const root = mkdtempSync(join(tmpdir(), 'ok-arch-'));
    try {
      mkdirSync(join(root, 'packages/sdk/src'), { recursive: true });
      mkdirSync(join(root, 'packages/functions/src'), { recursive: true });
      writeFileSync(join(root, 'packages/sdk/src/bad.ts'), "import { JobBoard } from '@opportunity-kit/widgets';\n");
      writeFileSync(join(root, 'packages/functions/src/ok.ts'), "import { roleFor } from '@opportunity-kit/sdk/domain';\n");
      writeFileSync(join(root, 'packages/functions/src/bad.ts'), "export { createPortalClient } from '@opportunity-kit/sdk';\n");
      expect(findViolations(root)).toEqual([
        { file: join('packages/sdk/src/bad.ts'), specifier: '@opportunity-kit/widgets' },
        { file: join('packages/functions/src/bad.ts'), specifier: '@opportunity-kit/sdk' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
