import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `appwrite.config.json` in the Appwrite CLI's own format, so `appwrite push` deploys the same file.
 * Only the fields this server acts on are typed; the CLI's other fields pass through untouched.
 */
export interface AppwriteProjectConfig {
  projectId?: string;
  projectName?: string;
  tablesDB?: DatabaseConfig[];
  tables?: TableConfig[];
  buckets?: BucketConfig[];
  functions?: FunctionConfig[];
  /** Teams as `appwrite push teams` creates them (see `teams/teams-module.ts`). */
  teams?: TeamConfig[];
  /** Messaging topics as `appwrite push topics` creates them (see `messaging/topic-provisioning.ts`). */
  topics?: TopicConfig[];
  /** Project settings as the CLI writes them; `auth.security` is read (see `auth/project-auth.ts`). */
  settings?: { auth?: { security?: Partial<Record<string, unknown>> } };
}

export interface TeamConfig {
  $id: string;
  name: string;
}

export interface TopicConfig {
  $id: string;
  name: string;
  /** The roles that may subscribe their own targets; Appwrite's default is `["users"]`. */
  subscribe?: string[];
}

export interface DatabaseConfig {
  $id: string;
  name: string;
  enabled?: boolean;
}

export interface ColumnConfig {
  key: string;
  /** `string`, `varchar`, `text`, `mediumtext`, `longtext`, `integer`, `double`/`float`, `boolean`, `datetime`, `email`, `url`, `enum`. */
  type: string;
  required: boolean;
  array?: boolean;
  /** Characters; a `string` over 16,381 is a TEXT column on Appwrite (how long text is pushed by appwrite-cli 12, which has no `text` type). */
  size?: number;
  /** Integer bounds as Appwrite reports them: unbounded is ±2^63 (JSON.parse reads 9223372036854775807 as 2^63, taken as int64's max). */
  min?: number;
  max?: number;
  default?: unknown;
  /** The CLI writes email, url and enum columns as `type: "string"` with a `format`. */
  format?: 'email' | 'url' | 'enum' | 'ip' | 'datetime' | '';
  elements?: string[];
  encrypt?: boolean;
}

export interface IndexConfig {
  key: string;
  type: 'key' | 'unique' | 'fulltext';
  /** Newer CLI versions write `columns`, older ones `attributes`. */
  columns?: string[];
  attributes?: string[];
  orders?: Array<'ASC' | 'DESC' | null>;
  lengths?: Array<number | null>;
}

export interface TableConfig {
  $id: string;
  $permissions?: string[];
  databaseId: string;
  name: string;
  enabled?: boolean;
  rowSecurity?: boolean;
  columns?: ColumnConfig[];
  indexes?: IndexConfig[];
}

export interface BucketConfig {
  $id: string;
  $permissions?: string[];
  name: string;
  fileSecurity?: boolean;
  enabled?: boolean;
  maximumFileSize?: number;
  allowedFileExtensions?: string[];
  compression?: 'none' | 'gzip' | 'zstd';
  encryption?: boolean;
  antivirus?: boolean;
}

export interface FunctionConfig {
  $id: string;
  name: string;
  runtime: string;
  execute?: string[];
  events?: string[];
  scopes?: string[];
  schedule?: string;
  timeout?: number;
  enabled?: boolean;
  logging?: boolean;
  /** Entry file, relative to `path`. */
  entrypoint: string;
  commands?: string;
  /** Folder of the function's code, relative to the config file. */
  path: string;
  /** Function variables (the CLI keeps them in the console; this server also reads them here). */
  vars?: Record<string, string>;
}

export const CONFIG_FILE = 'appwrite.config.json';

/** Reads the project's config, or an empty one when the folder has none. */
export function loadProjectConfig(projectRoot: string | undefined): AppwriteProjectConfig {
  if (!projectRoot) return {};
  const path = join(projectRoot, CONFIG_FILE);
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as AppwriteProjectConfig;
}
