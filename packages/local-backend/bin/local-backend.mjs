#!/usr/bin/env node
// The server runs from TypeScript sources through tsx, so the CLI needs no build step. Functions it loads
// from a workspace import our packages under the `source` export condition, so the process must run with it.
import { spawnSync } from 'node:child_process';

if (!process.execArgv.includes('--conditions=source')) {
  const { status } = spawnSync(process.execPath, ['--conditions=source', ...process.execArgv, import.meta.filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/cli.ts');
