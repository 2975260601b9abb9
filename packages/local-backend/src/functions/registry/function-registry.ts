import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { CONFIG_FILE, loadProjectConfig, type FunctionConfig } from '../../provisioning/config.ts';
import type { DeploymentFiles } from '../deployments/deployment-files.ts';
import type { DeploymentStore } from '../deployments/deployment-store.ts';
import type { FunctionRecord, FunctionStore } from './function-store.ts';
import { DEFAULT_SPECIFICATION } from './runtimes.ts';

/** Appwrite's default function timeout when the config names none (seconds). */
export const DEFAULT_TIMEOUT_SECONDS = 15;

/**
 * A function declared in `appwrite.config.json` "deploys" its code folder as it is on disk, so all
 * of them share this fixed deployment id.
 */
export const LOCAL_DEPLOYMENT_ID = 'local';

/** One function as executions run it: its settings, the code it runs and the variables it sees. */
export interface LocalFunction {
  readonly id: string;
  readonly name: string;
  readonly runtime: string;
  readonly execute: readonly string[];
  readonly events: readonly string[];
  readonly scopes: readonly string[];
  readonly schedule: string;
  readonly timeout: number;
  readonly enabled: boolean;
  readonly logging: boolean;
  readonly entrypoint: string;
  readonly commands: string;
  /** The specification it runs on (its CPUs and memory are told to the code). */
  readonly runtimeSpecification: string;
  /** The active deployment: `local` for a declared function, '' when an API function has none yet. */
  readonly deploymentId: string;
  /** Absolute path of the code folder and of the entry file; '' when there is no deployment to run. */
  readonly directory: string;
  readonly entryFile: string;
  readonly vars: Readonly<Record<string, string>>;
}

/**
 * The functions this server runs, kept in SQLite (FunctionStore): those created through the
 * Functions API, which run their active deployment's unpacked folder, and those declared in the
 * project's `appwrite.config.json`, which are written there at start and run their code folder.
 * A declared function never replaces one created through the API under the same id.
 */
export class FunctionRegistry {
  constructor(
    private readonly functions: FunctionStore,
    private readonly deployments: DeploymentStore,
    private readonly files: DeploymentFiles,
    projectRoot: string | undefined,
    log: (message: string) => void,
  ) {
    this.declare(projectRoot, log);
  }

  get(id: string): LocalFunction | undefined {
    const record = this.functions.find(id);
    return record && this.toLocal(record);
  }

  all(): LocalFunction[] {
    return this.functions.all().map((record) => this.toLocal(record));
  }

  /** Functions with events and code to run: what an event on the bus may trigger. */
  subscribedToEvents(): LocalFunction[] {
    return this.functions.subscribedToEvents().map((record) => this.toLocal(record));
  }

  /** Entry files that are missing, so the server can say so at start instead of at the first call. */
  missingEntryFiles(): LocalFunction[] {
    return this.all().filter((fn) => fn.deploymentId !== '' && !existsSync(fn.entryFile));
  }

  private toLocal(record: FunctionRecord): LocalFunction {
    const code = this.codeOf(record);
    const vars: Record<string, string> = {};
    for (const variable of this.functions.variables(record.id)) vars[variable.key] = variable.value;
    return {
      id: record.id,
      name: record.name,
      runtime: record.runtime,
      execute: record.execute,
      events: record.events,
      scopes: record.scopes,
      schedule: record.schedule,
      timeout: record.timeout,
      enabled: record.enabled,
      logging: record.logging,
      entrypoint: record.entrypoint,
      commands: record.commands,
      runtimeSpecification: record.runtimeSpecification,
      deploymentId: record.deploymentId,
      ...code,
      vars,
    };
  }

  /** The folder and entry file a function runs: its code folder, or its active deployment's build. */
  private codeOf(record: FunctionRecord): { directory: string; entryFile: string } {
    if (record.source === 'config') return { directory: record.codePath, entryFile: resolve(record.codePath, record.entrypoint) };
    const deployment = record.deploymentId ? this.deployments.find(record.deploymentId) : undefined;
    if (!deployment) return { directory: '', entryFile: '' };
    const directory = this.files.deploymentFolder(record.id, deployment.id);
    return { directory, entryFile: entryInside(directory, deployment.entrypoint) };
  }

  /** Writes the config's functions into the store, and forgets declared ones the config dropped. */
  private declare(projectRoot: string | undefined, log: (message: string) => void): void {
    const declaredConfigs = projectRoot ? (loadProjectConfig(projectRoot).functions ?? []) : [];
    const configPath = projectRoot ? join(projectRoot, CONFIG_FILE) : '';
    const declaredAt = Math.floor(configPath && existsSync(configPath) ? statSync(configPath).mtimeMs : Date.now());
    const declaredIds: string[] = [];
    for (const config of declaredConfigs) {
      const existing = this.functions.find(config.$id);
      if (existing?.source === 'api') {
        log(`[functions] ${config.$id}: appwrite.config.json declares it, but it was created through the API; the API's function is kept.`);
        continue;
      }
      declaredIds.push(config.$id);
      const record = declaredRecord(config, projectRoot as string, declaredAt, existing?.createdAt ?? declaredAt);
      if (existing) this.functions.update(record);
      else this.functions.insert(record);
      this.functions.replaceVariables(record.id, stringValues(config.vars ?? {}), declaredAt);
    }
    for (const id of this.functions.declaredIdsExcept(declaredIds)) this.functions.delete(id);
  }
}

/** The entry file inside the deployment's folder, or '' (which fails to load) for one that would leave it. */
export function entryInside(directory: string, entrypoint: string): string {
  const entryFile = resolve(directory, entrypoint);
  const inside = relative(directory, entryFile);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? '' : entryFile;
}

function declaredRecord(config: FunctionConfig, projectRoot: string, declaredAt: number, createdAt: number): FunctionRecord {
  return {
    id: config.$id,
    source: 'config',
    name: config.name,
    runtime: config.runtime,
    execute: config.execute ?? [],
    events: config.events ?? [],
    scopes: config.scopes ?? [],
    schedule: config.schedule ?? '',
    timeout: config.timeout ?? DEFAULT_TIMEOUT_SECONDS,
    enabled: config.enabled ?? true,
    logging: config.logging ?? true,
    entrypoint: config.entrypoint,
    commands: config.commands ?? '',
    buildSpecification: DEFAULT_SPECIFICATION,
    runtimeSpecification: DEFAULT_SPECIFICATION,
    deploymentRetention: 0,
    live: true,
    deploymentId: LOCAL_DEPLOYMENT_ID,
    deploymentCreatedAt: declaredAt,
    codePath: resolve(projectRoot, config.path),
    createdAt,
    updatedAt: declaredAt,
  };
}

function stringValues(input: Record<string, unknown>): Record<string, string> {
  const output: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) output[key] = String(value);
  return output;
}

/** `node-22` → `{name: 'Node.js', version: '22'}`, as Appwrite's runtime catalogue names them. */
export function runtimeParts(runtime: string): { name: string; version: string } {
  const index = runtime.indexOf('-');
  const family = index < 0 ? runtime : runtime.slice(0, index);
  const version = index < 0 ? '' : runtime.slice(index + 1);
  const names: Record<string, string> = { node: 'Node.js', bun: 'Bun', deno: 'Deno' };
  return { name: names[family] ?? family, version };
}
