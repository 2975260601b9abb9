import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { TestBackend } from './backend.ts';

/**
 * The real Appwrite CLI (npm `appwrite-cli`, pinned in the root package.json) run as a child
 * process against a backend, the way a school deploys: a folder holding `appwrite.config.json`,
 * `appwrite client` with an API key, then `appwrite push …`. HOME points at a temporary folder, so
 * the CLI's own preferences (`~/.appwrite/prefs.json`) never touch the developer's.
 */

const REPOSITORY = join(import.meta.dirname, '../..');
const CLI_ENTRY = join(dirname(createRequire(import.meta.url).resolve('appwrite-cli/package.json')), 'index.js');
const COMMAND_TIMEOUT_MS = 60_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, without the CLI's colours. */
  output: string;
}

export interface CliProject {
  /** The folder the CLI runs in (its `appwrite.config.json` is there). */
  readonly dir: string;
  /** Runs `appwrite <args>` in the folder; never throws on a non-zero exit (see `expectSuccess`). */
  run(args: readonly string[]): Promise<CliResult>;
  /** `appwrite push <resource> --all --force`: every resource of that kind, without questions. */
  push(resource: 'tables' | 'buckets' | 'functions' | 'sites' | 'teams' | 'topics'): Promise<CliResult>;
  /** Copies a file or folder of the repository into the project folder, keeping its relative path (function bundles). */
  copyFromRepository(relativePath: string): void;
  close(): void;
}

/** Removes ANSI escape codes (Node's own stripper): the CLI colours its tables and errors even when not on a terminal. */
function plain(text: string): string {
  return stripVTControlCharacters(text);
}

/**
 * A config as the CLI would write it. JSON.parse read the 64-bit bounds Appwrite reports (±(2^63 - 1)
 * and -2^63) as ±2^63, which JSON.stringify writes as ±9223372036854776000: they are written back
 * exactly, or the CLI would see every unbounded integer column as changed.
 */
function configJson(config: unknown): string {
  return JSON.stringify(config, null, 2)
    .replace(/: 9223372036854776000\b/g, ': 9223372036854775807')
    .replace(/: -9223372036854776000\b/g, ': -9223372036854775808');
}

/**
 * A deploy folder holding `config` as its `appwrite.config.json` (the repository's own by default),
 * with the CLI pointed at `backend` through `appwrite client --endpoint --project-id --key`.
 */
export async function cliProject(backend: TestBackend, options: { config?: unknown } = {}): Promise<CliProject> {
  const dir = mkdtempSync(join(tmpdir(), 'ok-cli-project-'));
  const home = mkdtempSync(join(tmpdir(), 'ok-cli-home-'));
  const configText = options.config === undefined ? readFileSync(join(REPOSITORY, 'appwrite.config.json'), 'utf8') : configJson(options.config);
  writeFileSync(join(dir, 'appwrite.config.json'), configText);

  const run = (args: readonly string[]): Promise<CliResult> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
        cwd: dir,
        // Only what the CLI needs: a HOME of its own and no colour; nothing of the developer's environment.
        env: { PATH: process.env.PATH ?? '', HOME: home, USERPROFILE: home, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      // A CLI waiting for an answer (a question the flags did not cover) would hang the suite.
      const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout: plain(stdout), stderr: plain(stderr), output: plain(`${stdout}\n${stderr}`) });
      });
    });

  const project: CliProject = {
    dir,
    run,
    push: (resource) => run(['push', resource, '--all', '--force']),
    copyFromRepository(relativePath) {
      mkdirSync(dirname(join(dir, relativePath)), { recursive: true });
      cpSync(join(REPOSITORY, relativePath), join(dir, relativePath), { recursive: true });
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    },
  };
  expectSuccess(await run(['client', '--endpoint', backend.endpoint, '--project-id', backend.projectId, '--key', backend.apiKey]));
  return project;
}

/** Throws with the CLI's own output when a command failed, so a test failure shows why. */
export function expectSuccess(result: CliResult): CliResult {
  if (result.code !== 0 || /✗ Error/.test(result.output)) {
    throw new Error(`appwrite CLI failed (exit ${String(result.code)}):\n${result.output}`);
  }
  return result;
}
