import { formatAtLeast } from '../../http/context.ts';
import { AppwriteError, errors } from '../../http/errors.ts';
import type { ParamReader } from '../../http/params.ts';
import { normalizePermissions } from '../../permissions/permissions.ts';
import type { FunctionRecord, FunctionSettings } from '../registry/function-store.ts';
import { CronExpression } from '../schedule/cron-expression.ts';
import { DEFAULT_SPECIFICATION, isKnownRuntime, isRunnableRuntime, KNOWN_RUNTIMES } from '../registry/runtimes.ts';
import { SPECIFICATION_SLUGS } from '../registry/specifications.ts';
import { functionErrors } from './function-errors.ts';

const SPECIFICATIONS = SPECIFICATION_SLUGS;
/** APP_COMPUTE_DEPLOYMENT_MAX_RETENTION: 100 years, in days. */
const MAX_RETENTION_DAYS = 100 * 365;

/** Appwrite 1.9's project scopes: what a function's per-execution key may be given. */
const PROJECT_SCOPES = new Set([
  'users.read',
  'users.write',
  'sessions.read',
  'sessions.write',
  'teams.read',
  'teams.write',
  'databases.read',
  'databases.write',
  'tables.read',
  'tables.write',
  'columns.read',
  'columns.write',
  'indexes.read',
  'indexes.write',
  'rows.read',
  'rows.write',
  'collections.read',
  'collections.write',
  'attributes.read',
  'attributes.write',
  'documents.read',
  'documents.write',
  'buckets.read',
  'buckets.write',
  'files.read',
  'files.write',
  'tokens.read',
  'tokens.write',
  'functions.read',
  'functions.write',
  'executions.read',
  'executions.write',
  'execution.read',
  'execution.write',
  'sites.read',
  'sites.write',
  'log.read',
  'log.write',
  'providers.read',
  'providers.write',
  'topics.read',
  'topics.write',
  'subscribers.read',
  'subscribers.write',
  'targets.read',
  'targets.write',
  'messages.read',
  'messages.write',
  'rules.read',
  'rules.write',
  'locale.read',
  'avatars.read',
  'health.read',
  'assistant.read',
  'migrations.read',
  'migrations.write',
  'schedules.read',
  'schedules.write',
  'vcs.read',
  'vcs.write',
  'insights.read',
  'insights.write',
  'reports.read',
  'reports.write',
  'presences.read',
  'presences.write',
]);

const MAX_ARRAY = 100;
const MAX_TIMEOUT = 900;

function invalid(name: string, rule: string): never {
  throw errors.argumentInvalid(`Invalid \`${name}\` param: ${rule}`);
}

function text(params: ParamReader, name: string, max: number, fallback: string): string {
  const value = params.optionalString(name);
  if (value === undefined) return fallback;
  if (value.length > max) invalid(name, `Value must be a valid string and no longer than ${max} chars`);
  return value;
}

function list(params: ParamReader, name: string): string[] | undefined {
  const value = params.stringArray(name);
  if (value && value.length > MAX_ARRAY) invalid(name, `Value must be an array of no more than ${MAX_ARRAY} items`);
  return value;
}

/** Roles as Appwrite's Roles validator takes them (the grammar of permissions, at most 64 chars each). */
function roles(params: ParamReader): string[] | undefined {
  const value = list(params, 'execute');
  for (const role of value ?? []) {
    if (role.length > 64) invalid('execute', `Role "${role}" must be at most 64 chars long.`);
    try {
      normalizePermissions([`read("${role}")`], 'resource');
    } catch (error) {
      if (!(error instanceof AppwriteError)) throw error;
      invalid('execute', `Role "${role}" is not allowed.`);
    }
  }
  return value;
}

function cron(params: ParamReader, fallback: string): string {
  const value = text(params, 'schedule', 256, fallback);
  if (value !== '' && !CronExpression.isValid(value)) invalid('schedule', 'String must be a valid cron expression');
  return value;
}

function runtime(params: ParamReader, fallback: string | undefined): string {
  const value = params.optionalString('runtime') || fallback;
  if (value === undefined) throw errors.argumentInvalid('Param "runtime" is not optional.');
  if (!isKnownRuntime(value)) invalid('runtime', `Value must be one of (${KNOWN_RUNTIMES.join(', ')})`);
  // Appwrite's answer for a runtime its `_APP_FUNCTIONS_RUNTIMES` leaves out: this server runs JavaScript only.
  if (!isRunnableRuntime(value)) throw functionErrors.runtimeUnsupported(value);
  return value;
}

function specification(params: ParamReader, name: string, fallback: string): string {
  const value = params.optionalString(name) || fallback;
  if (!SPECIFICATIONS.includes(value)) invalid(name, `Specification must be one of: ${SPECIFICATIONS.join(', ')}`);
  return value;
}

/**
 * The settings of `POST /v1/functions` (no `existing`) or `PUT /v1/functions/{id}`. As on Appwrite,
 * an update is a whole replacement: omitted arrays and flags take their defaults, while an empty
 * runtime or entrypoint keeps the current one. Clients older than 1.9.0 send one `specification`
 * for both the build and the runtime.
 */
export function readFunctionSettings(params: ParamReader, format: string, existing?: FunctionRecord): FunctionSettings {
  const legacySpecification = formatAtLeast(format, '1.9.0') ? undefined : params.optionalString('specification') || undefined;
  if (legacySpecification !== undefined) specification(params, 'specification', legacySpecification);
  const scopes = list(params, 'scopes') ?? [];
  const unknownScope = scopes.find((scope) => !PROJECT_SCOPES.has(scope));
  if (unknownScope !== undefined) invalid('scopes', `Value must be one of (${[...PROJECT_SCOPES].join(', ')})`);
  const name = params.string('name');
  if (name.length > 128) invalid('name', 'Value must be a valid string and no longer than 128 chars');
  const entrypoint = text(params, 'entrypoint', 1028, '');
  return {
    name,
    runtime: runtime(params, existing?.runtime),
    execute: roles(params) ?? [],
    events: list(params, 'events') ?? [],
    schedule: cron(params, ''),
    timeout: params.integer('timeout', 15, { min: 1, max: MAX_TIMEOUT }),
    enabled: params.boolean('enabled', true),
    logging: params.boolean('logging', true),
    entrypoint: entrypoint || (existing?.entrypoint ?? ''),
    commands: text(params, 'commands', 8192, ''),
    scopes,
    buildSpecification: legacySpecification ?? specification(params, 'buildSpecification', existing?.buildSpecification ?? DEFAULT_SPECIFICATION),
    runtimeSpecification: legacySpecification ?? specification(params, 'runtimeSpecification', existing?.runtimeSpecification ?? DEFAULT_SPECIFICATION),
    deploymentRetention: params.integer('deploymentRetention', 0, { min: 0, max: MAX_RETENTION_DAYS }),
  };
}
