import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_FILE, loadProjectConfig, type FunctionConfig } from '../../provisioning/config.ts';

/** Appwrite's default function timeout when the config names none (seconds). */
export const DEFAULT_TIMEOUT_SECONDS = 15;

/**
 * Every function "deploys" its code folder as it is on disk, so all of them share this fixed
 * deployment id (Appwrite would show the id of the active deployment).
 */
export const LOCAL_DEPLOYMENT_ID = 'local';

/** One function of `appwrite.config.json`, with defaults applied and its entry file resolved. */
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
  /** Absolute path of the function's folder and of its entry file. */
  readonly directory: string;
  readonly entryFile: string;
  readonly vars: Readonly<Record<string, string>>;
  /** When the config was last written; stands in for the function's creation and update dates. */
  readonly declaredAt: number;
}

/** The functions this server runs: those declared in the project's config, keyed by id. */
export class FunctionRegistry {
  private readonly functions = new Map<string, LocalFunction>();

  constructor(readonly projectRoot: string | undefined) {
    if (!projectRoot) return;
    const configPath = join(projectRoot, CONFIG_FILE);
    const declaredAt = existsSync(configPath) ? statSync(configPath).mtimeMs : Date.now();
    for (const config of loadProjectConfig(projectRoot).functions ?? []) {
      this.functions.set(config.$id, toLocalFunction(config, projectRoot, Math.floor(declaredAt)));
    }
  }

  get(id: string): LocalFunction | undefined {
    return this.functions.get(id);
  }

  all(): LocalFunction[] {
    return [...this.functions.values()];
  }

  /** Entry files that are missing, so the server can say so at start instead of at the first call. */
  missingEntryFiles(): LocalFunction[] {
    return this.all().filter((fn) => !existsSync(fn.entryFile));
  }
}

function toLocalFunction(config: FunctionConfig, projectRoot: string, declaredAt: number): LocalFunction {
  const directory = resolve(projectRoot, config.path);
  return {
    id: config.$id,
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
    directory,
    entryFile: resolve(directory, config.entrypoint),
    vars: stringValues(config.vars ?? {}),
    declaredAt,
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
