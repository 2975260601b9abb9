import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestBackend } from './backend.ts';

/**
 * The local backend as a school (or a developer) runs it: its own process, started with the
 * package's `local-backend start` command, not in the test's process. Every child runs under
 * coreutils `timeout`, so it stops by itself when a test run dies before it could stop it.
 */

const REPOSITORY = join(import.meta.dirname, '../..');
const BACKEND_BIN = join(REPOSITORY, 'packages/local-backend/bin/local-backend.mjs');
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
/** What a child's output keeps for a failure message: the last lines, not a whole run's log. */
const OUTPUT_TAIL_CHARS = 20_000;

export interface BoundedChild {
  readonly process: ChildProcess;
  /** The child's stdout and stderr together, the last OUTPUT_TAIL_CHARS of them. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the child has ended. */
  readonly exited: Promise<number | null>;
  /** Asks the child to stop (SIGTERM), then kills it after a grace period; resolves once it has ended. */
  stop(): Promise<void>;
}

/**
 * Spawns `command args` under `timeout`: after `limitMs` the child gets SIGTERM, ten seconds later
 * SIGKILL, whatever happens to this process. `timeout` runs the command in a process group of its
 * own and signals the whole group, so grandchildren (vitest's workers) stop too.
 */
export function spawnBounded(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; limitMs: number }): BoundedChild {
  const seconds = Math.ceil(options.limitMs / 1000);
  const child = spawn('timeout', ['--kill-after=10', String(seconds), command, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => resolve(code));
    child.once('error', (error) => {
      output += `\n${String(error)}`;
      resolve(null);
    });
  });
  return {
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}

export interface BackendProcess extends TestBackend {
  readonly child: BoundedChild;
}

/**
 * `local-backend start` on a free port with an empty data folder, from an empty working folder (so
 * no `appwrite.config.json` is found, or one holding only the auth settings: an empty project,
 * nothing provisioned). `origins` are its
 * registered web platforms (`--origin`), `env` is added to a minimal environment (no developer's
 * AI keys reach the functions it runs). Resolves once the server printed its endpoint and API key.
 */
export async function startBackendProcess(options: {
  origins: readonly string[];
  env: Readonly<Record<string, string>>;
  limitMs: number;
  /** The project's auth security settings, as a school sets them (an `appwrite.config.json` holding only them). */
  authSecurity?: Readonly<Record<string, unknown>>;
}): Promise<BackendProcess> {
  const home = mkdtempSync(join(tmpdir(), 'ok-backend-process-'));
  const workdir = join(home, 'empty-project');
  mkdirSync(workdir);
  if (options.authSecurity) writeFileSync(join(workdir, 'appwrite.config.json'), JSON.stringify({ settings: { auth: { security: options.authSecurity } } }));
  const dataDir = join(home, 'data');
  const originArgs = options.origins.flatMap((origin) => ['--origin', origin]);
  const child = spawnBounded(process.execPath, [BACKEND_BIN, 'start', '--port', '0', '--host', '127.0.0.1', '--data', dataDir, ...originArgs], {
    cwd: workdir,
    env: { PATH: process.env.PATH ?? '', HOME: home, ...options.env },
    limitMs: options.limitMs,
  });
  const facts = await new Promise<{ endpoint: string; projectId: string; apiKey: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the backend did not start within ${READY_TIMEOUT_MS} ms:\n${child.output()}`)), READY_TIMEOUT_MS);
    const check = () => {
      const text = child.output();
      const endpoint = /endpoint:\s+(\S+)/.exec(text)?.[1];
      const projectId = /project id:\s+(\S+)/.exec(text)?.[1];
      const apiKey = /API key:\s+(\S+)/.exec(text)?.[1];
      if (endpoint && projectId && apiKey) {
        clearTimeout(timer);
        child.process.stdout?.off('data', check);
        resolve({ endpoint, projectId, apiKey });
      }
    };
    child.process.stdout?.on('data', check);
    void child.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the backend exited (${String(code)}) before it was ready:\n${child.output()}`));
    });
  });
  return {
    ...facts,
    child,
    local: undefined,
    restart: () => Promise.reject(new Error('a backend process is not restarted by the tests')),
    async close() {
      await child.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
