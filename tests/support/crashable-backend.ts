import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client as AdminClient } from 'node-appwrite';
import type { TestBackend } from './backend.ts';

/**
 * The local backend in a process of its own on a data folder, so a crash test can kill it with
 * SIGKILL mid-way and start it again on the same folder. Started as the CLI starts it
 * (`startLocalBackend` on a data folder and the project's config, printing its endpoint and key), with
 * abuse limits off as a test suite runs it: hundreds of requests come from one address here.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const STARTER = `
import { startLocalBackend } from '@opportunity-kit/local-backend';
const [dataDir, projectRoot] = process.argv.slice(1);
const backend = await startLocalBackend({ port: 0, dataDir, projectRoot, abuseLimits: false, log: () => {} });
console.log('endpoint: ' + backend.endpoint + '\\nAPI key: ' + backend.apiKey);
`;

export interface Spawned {
  child: ChildProcess;
  backend: TestBackend;
}

/** Every child spawned here and not yet ended, for `killAll` after a test. */
const children = new Set<ChildProcess>();

export async function spawnBackend(dataDir: string, projectRoot: string): Promise<Spawned> {
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
    close: () => stop(child, 'SIGTERM'),
  };
  return { child, backend };
}

export function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill(signal);
  return exited;
}

/** Kills every backend still running, for an `afterAll`. */
export async function killAll(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child, 'SIGKILL')));
}

export function adminOf(backend: TestBackend): AdminClient {
  return new AdminClient().setEndpoint(backend.endpoint).setProject(backend.projectId).setKey(backend.apiKey);
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
