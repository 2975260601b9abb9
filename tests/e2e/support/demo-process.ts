import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DemoPortalInfo } from './demo-portal.ts';

const SERVE = fileURLToPath(new URL('./serve-demo.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 180_000;

export interface DemoProcess extends DemoPortalInfo {
  stop(): Promise<void>;
}

/**
 * Starts serve-demo.ts as a child process (building the portal first when its sources changed, as
 * `pnpm start` does) and resolves once it serves. Its stderr is passed through, so a failed build
 * or seed says why.
 */
export function startDemoProcess(options: { logFile?: string } = {}): Promise<DemoProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SERVE, ...(options.logFile ? [options.logFile] : [])], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`The demo portal did not start within ${START_TIMEOUT_MS / 1000} s.`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`The demo portal exited (${signal ?? `code ${code}`}) before it served:\n${output}`)));
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n').find((entry) => entry.startsWith('READY '));
      if (!line) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ ...(JSON.parse(line.slice('READY '.length)) as DemoPortalInfo), stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
