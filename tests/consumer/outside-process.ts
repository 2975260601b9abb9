import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Running the tools of the consumer proof (pnpm, npm, tsc, vite, attw) the way they would run on an
 * application developer's machine: in a folder outside this workspace, with none of this test
 * run's own settings in their environment.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `pnpm test` runs vitest as a package script, which exports the workspace's settings (`npm_config_*`,
 * `npm_package_*`) and vitest's own (`NODE_ENV=test`, `VITEST*`); a consumer's npm, tsc and Vite see
 * none of them. `NODE_OPTIONS` could carry `--conditions=source`, which resolves our packages to
 * their TypeScript sources instead of what was published.
 */
const RUN_SPECIFIC = /^(npm_|pnpm_|VITEST|VITE_|__VITEST)|^(NODE_OPTIONS|NODE_ENV|TEST|INIT_CWD)$/i;

export function outsideEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !RUN_SPECIFIC.test(name)));
}

/** Throws unless `dir` is outside the workspace, where no `.npmrc` or `node_modules` of ours is found by walking up. */
export function assertOutsideWorkspace(dir: string): void {
  if (!relative(REPO_ROOT, dir).startsWith('..')) throw new Error(`${dir} is inside the workspace ${REPO_ROOT}: set TMPDIR elsewhere`);
}

export interface Outcome {
  /** The exit code; 0 for success. */
  code: number;
  /** Standard output alone (empty when it went to a file). */
  stdout: string;
  /** Standard output and error, in that order. */
  output: string;
}

export interface RunOptions {
  timeoutMs?: number;
  /**
   * Sends standard output to this file instead of a pipe: a CLI that calls `process.exit()` right after
   * a large write to a pipe loses all but its first 64 KiB (attw's JSON report does).
   */
  stdoutFile?: string;
}

/** Runs `command args` in `cwd` with the outside environment and answers its exit code and output (it never throws on a failure exit). */
export async function runOutside(command: string, args: readonly string[], cwd: string, options: RunOptions = {}): Promise<Outcome> {
  const stdoutFd = options.stdoutFile === undefined ? 'pipe' : openSync(options.stdoutFile, 'w');
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(command, [...args], { cwd, env: outsideEnvironment(), stdio: ['ignore', stdoutFd, 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`${command} did not start: ${error.message}`));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        const output = `${stdout}${stderr}`;
        if (code === null) reject(new Error(`${command} ${args.join(' ')} ended by ${signal ?? 'a signal'} (timed out?):\n${output}`));
        else resolve({ code, stdout, output });
      });
    });
  } finally {
    if (typeof stdoutFd === 'number') closeSync(stdoutFd);
  }
}

/** Like {@link runOutside}, but a failure exit throws with the command's output; answers standard output. */
export async function runOutsideOrThrow(command: string, args: readonly string[], cwd: string, options?: RunOptions): Promise<string> {
  const { code, stdout, output } = await runOutside(command, args, cwd, options);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code} in ${cwd}:\n${output}`);
  return stdout;
}
