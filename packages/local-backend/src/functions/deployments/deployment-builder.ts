import { spawn } from 'node:child_process';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '../../store/store.ts';
import type { FunctionStore } from '../registry/function-store.ts';
import { entryInside } from '../registry/function-registry.ts';
import { DEFAULT_SPECIFICATION } from '../registry/runtimes.ts';
import { specificationVariables } from '../registry/specifications.ts';
import { inspectArchive, unpackArchive, UnsafeArchive } from './deployment-archive.ts';
import type { DeploymentFiles } from './deployment-files.ts';
import { UNFINISHED_BUILD, type DeploymentStore } from './deployment-store.ts';

/** Appwrite's default `_APP_COMPUTE_BUILD_TIMEOUT` (seconds). */
const BUILD_TIMEOUT_SECONDS = 900;
/** The build logs keep this many characters of the commands' output (their tail). */
const LOG_LIMIT = 1_000_000;
/** How long a stopping server waits for the build in progress to notice. */
const CLOSE_GRACE_MS = 2_000;

export interface BuilderDeps {
  sqlite: Store;
  functions: FunctionStore;
  deployments: DeploymentStore;
  files: DeploymentFiles;
  log(message: string): void;
}

/** A build step that failed for a reason the deployment's owner should read in its build logs. */
class BuildFailure extends Error {}

/**
 * Builds uploaded deployments, one at a time, the way Appwrite's builds worker moves them along:
 * `waiting` → `processing` → `building` → `ready` or `failed`. Locally the build is unpacking the
 * archive (after inspectArchive accepted it) and, only when the deployment has build commands,
 * running them with `sh -c` in the unpacked folder. A ready deployment that asked to be activated
 * becomes the function's active one, unless a newer deployment already is (Appwrite's rule).
 *
 * A build the server stopped in the middle starts again from the archive when it starts again.
 */
export class DeploymentBuilder {
  private started = false;
  private closed = false;
  private chain: Promise<void> = Promise.resolve();
  /** Stops the build commands of a build in progress when the server stops. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: BuilderDeps) {}

  /** Queues the build of a deployment whose upload is complete. */
  queue(deploymentId: string): void {
    if (!this.started || this.closed) return;
    this.chain = this.chain.then(() => this.build(deploymentId)).catch((error: unknown) => console.error('[local-backend] deployment build failed', error));
  }

  /** At start: builds cut short go back to `waiting`, then every waiting complete upload is built. */
  resume(): void {
    this.started = true;
    for (const deployment of this.deps.deployments.withStatus(UNFINISHED_BUILD)) {
      this.deps.deployments.save({ ...deployment, status: 'waiting', updatedAt: Date.now() });
    }
    for (const deployment of this.deps.deployments.queuedForBuild()) this.queue(deployment.id);
  }

  /** Stops taking builds and stops the one in progress, which is built again at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    await Promise.race([this.chain, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
  }

  private async build(deploymentId: string): Promise<void> {
    const { deployments, files } = this.deps;
    if (this.closed || !deployments.transition(deploymentId, 'waiting', 'processing', Date.now())) return;
    const deployment = deployments.find(deploymentId);
    if (!deployment) return;
    const started = performance.now();
    const logs: string[] = [];
    let buildFolder: string | undefined;
    try {
      deployments.transition(deploymentId, 'processing', 'building', Date.now());
      const source = files.sourcePath(deploymentId);
      const summary = await inspectArchive(source);
      logs.push(`Unpacking ${summary.entries} entries (${summary.bytes} bytes) ...`);
      buildFolder = await files.newBuildFolder();
      await unpackArchive(source, buildFolder);
      if (entryInside(buildFolder, deployment.entrypoint) === '') {
        throw new BuildFailure(`The entrypoint "${deployment.entrypoint}" is outside the deployment.`);
      }
      if (deployment.commands.trim() !== '') {
        logs.push(`Running the build commands: ${deployment.commands}`);
        logs.push(await runCommands(deployment.commands, buildFolder, this.variablesOf(deployment.functionId), this.stopping.signal));
      }
      const buildSize = await folderSize(buildFolder);
      await files.publishBuild(buildFolder, deployment.functionId, deploymentId);
      buildFolder = undefined;
      logs.push('Build finished.');
      const recorded = this.finish(deploymentId, { status: 'ready', buildSize, logs, started });
      // Deleted while it was building: its published folder would be nobody's.
      if (!recorded && !this.closed) await files.removeDeployment(deployment.functionId, deploymentId);
    } catch (error) {
      if (buildFolder) await files.discard(buildFolder);
      const known = error instanceof UnsafeArchive || error instanceof BuildFailure;
      if (!known) console.error('[local-backend] deployment build failed', error);
      logs.push(known ? `Build failed: ${(error as Error).message}` : 'Build failed: an internal error occurred while building.');
      this.deps.log(`[functions] deployment ${deploymentId} failed to build: ${logs.at(-1) ?? ''}`);
      this.finish(deploymentId, { status: 'failed', buildSize: 0, logs, started });
    }
  }

  /**
   * Stores the outcome and, for a ready deployment that asked for it, activates it, in one
   * transaction. Answers false when there was nothing to record it on.
   */
  private finish(deploymentId: string, outcome: { status: 'ready' | 'failed'; buildSize: number; logs: string[]; started: number }): boolean {
    const { sqlite, deployments, functions } = this.deps;
    // Cut short by a stop: left `building`, so the next start builds it again.
    if (this.closed) return false;
    return sqlite.transaction(() => {
      const deployment = deployments.find(deploymentId);
      const fn = deployment && functions.find(deployment.functionId);
      // Deleted (with its function, or on its own) or canceled while it was building: nothing to record.
      if (!deployment || !fn || deployment.status === 'canceled') return false;
      const now = Date.now();
      deployments.save({
        ...deployment,
        status: outcome.status,
        buildSize: outcome.buildSize,
        buildLogs: tail(`${deployment.buildLogs}${outcome.logs.join('\n')}\n`),
        buildDuration: Math.ceil((performance.now() - outcome.started) / 1000),
        updatedAt: now,
      });
      if (outcome.status !== 'ready' || !deployment.activate) return true;
      const active = fn.deploymentId ? deployments.find(fn.deploymentId) : undefined;
      if (active && active.id !== deployment.id && active.createdAt >= deployment.createdAt) return true;
      functions.update({ ...fn, live: true, deploymentId: deployment.id, deploymentCreatedAt: deployment.createdAt, updatedAt: now });
      return true;
    });
  }

  /** The function's variables, and the CPUs and memory of its build specification, as Appwrite's build sees them. */
  private variablesOf(functionId: string): Record<string, string> {
    const vars: Record<string, string> = {};
    for (const variable of this.deps.functions.variables(functionId)) vars[variable.key] = variable.value;
    const fn = this.deps.functions.find(functionId);
    return { ...vars, ...specificationVariables(fn?.buildSpecification ?? DEFAULT_SPECIFICATION) };
  }
}

/** Runs the build commands in the build folder, with the function's variables; answers their output. */
function runCommands(commands: string, folder: string, vars: Readonly<Record<string, string>>, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', commands], {
      cwd: folder,
      // The server's own secrets and settings stay out of a build: only a path, a home and the function's variables.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: folder, ...vars },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = tail(output + chunk.toString('utf8'));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_SECONDS * 1000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new BuildFailure(`The build commands could not start: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new BuildFailure(`${output}\nThe build commands ${signal ? `were stopped (${signal})` : `exited with code ${String(code)}`}.`));
    });
  });
}

async function folderSize(folder: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    const info = await lstat(path);
    total += info.isDirectory() ? await folderSize(path) : info.size;
  }
  return total;
}

function tail(text: string): string {
  return text.length <= LOG_LIMIT ? text : text.slice(-LOG_LIMIT);
}
