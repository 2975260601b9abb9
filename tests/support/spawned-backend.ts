import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestBackend } from './backend.ts';

/**
 * The local backend in a process of its own, for tests that kill it (SIGKILL) mid-way and start it
 * again on the same data folder: started as the CLI starts it (`startLocalBackend` on a data folder
 * and a project folder, printing its endpoint and key), with abuse limits off as a test suite runs
 * it, since hundreds of sign-ups come from one address.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const STARTER = `
import { startLocalBackend } from '@opportunity-kit/local-backend';
const [dataDir, projectRoot] = process.argv.slice(1);
const backend = await startLocalBackend({ port: 0, dataDir, projectRoot, abuseLimits: false, log: () => {} });
console.log('endpoint: ' + backend.endpoint + '\\nAPI key: ' + backend.apiKey);
`;

export interface SpawnedBackend {
  child: ChildProcess;
  backend: TestBackend;
}

/** Every child spawned by this test file, so `killSpawnedBackends` leaves none behind. */
const children = new Set<ChildProcess>();

export async function spawnBackend(dataDir: string, projectRoot: string): Promise<SpawnedBackend> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', STARTER, dataDir, projectRoot], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const ready = new Promise<{ endpoint: string; apiKey: string }>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`the backend did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const endpoint = /endpoint:\s+(\S+)/.exec(output)?.[1];
      const apiKey = /API key:\s+(\S+)/.exec(output)?.[1];
      if (endpoint && apiKey) {
        clearTimeout(timer);
        resolveReady({ endpoint, apiKey });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the backend exited with ${code}:\n${output}`));
    });
  });
  const { endpoint, apiKey } = await ready;
  const backend: TestBackend = {
    endpoint,
    apiKey,
    projectId: 'opportunity-kit',
    local: undefined,
    restart: () => Promise.reject(new Error('spawned backends restart by spawning again')),
    close: () => stopProcess(child, 'SIGTERM'),
  };
  return { child, backend };
}

/** Sends `signal` to the child and resolves once it has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill(signal);
  return exited;
}

/** Kills every backend this test file spawned that still runs (for `afterAll`). */
export async function killSpawnedBackends(): Promise<void> {
  await Promise.all([...children].map((child) => stopProcess(child, 'SIGKILL')));
}

/** Polls `condition` until it holds or `timeoutMs` passed; answers its last value. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return condition();
}
