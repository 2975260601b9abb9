import { errors } from '../../http/errors.ts';
import { parseListQueries } from '../../queries/list-queries.ts';
import { columnAttributes, searchCondition, selectPage, type SqlCondition } from '../../queries/list-sql.ts';
import type { Store } from '../../store/store.ts';

/**
 * Where a function comes from: created through the Functions API (`appwrite push`, node-appwrite),
 * or declared in `appwrite.config.json`, whose code folder runs as it is on disk.
 */
export type FunctionSource = 'api' | 'config';

/** What a function is configured with: what `createFunction` and `updateFunction` set. */
export interface FunctionSettings {
  name: string;
  runtime: string;
  execute: string[];
  events: string[];
  schedule: string;
  timeout: number;
  enabled: boolean;
  logging: boolean;
  entrypoint: string;
  commands: string;
  scopes: string[];
  buildSpecification: string;
  runtimeSpecification: string;
  /** Days Appwrite keeps inactive deployments (0: forever); recorded, as nothing is deleted here. */
  deploymentRetention: number;
}

/** One function as stored, with its settings and its active deployment. */
export interface FunctionRecord extends FunctionSettings {
  id: string;
  source: FunctionSource;
  /** False once a setting that needs a new deployment changed (Appwrite's `live`). */
  live: boolean;
  /** The active deployment, '' when none. */
  deploymentId: string;
  deploymentCreatedAt: number | null;
  /** The code folder of a declared function; '' for API functions (they run their deployment). */
  codePath: string;
  createdAt: number;
  updatedAt: number;
}

export interface VariableRecord {
  id: string;
  functionId: string;
  key: string;
  value: string;
  secret: boolean;
  createdAt: number;
  updatedAt: number;
}

interface FunctionRow {
  seq: number;
  id: string;
  source: string;
  name: string;
  runtime: string;
  execute: string;
  events: string;
  scopes: string;
  schedule: string;
  timeout: number;
  enabled: number;
  logging: number;
  entrypoint: string;
  commands: string;
  build_specification: string;
  runtime_specification: string;
  deployment_retention: number;
  live: number;
  deployment_id: string;
  deployment_created_at: number | null;
  code_path: string;
  created_at: number;
  updated_at: number;
}

interface VariableRow {
  seq: number;
  id: string;
  function_id: string;
  key: string;
  value: string;
  secret: number;
  created_at: number;
  updated_at: number;
}

/** Attributes Appwrite lets `listFunctions` query (those this server stores). */
const FUNCTION_ATTRIBUTES = columnAttributes({
  name: 'string',
  enabled: 'boolean',
  runtime: 'string',
  deploymentId: 'string',
  schedule: 'string',
  timeout: 'number',
  entrypoint: 'string',
  commands: 'string',
});
const VARIABLE_ATTRIBUTES = columnAttributes({ key: 'string', secret: 'boolean' });

function toFunction(row: FunctionRow): FunctionRecord {
  return {
    id: row.id,
    source: row.source as FunctionSource,
    name: row.name,
    runtime: row.runtime,
    execute: JSON.parse(row.execute) as string[],
    events: JSON.parse(row.events) as string[],
    scopes: JSON.parse(row.scopes) as string[],
    schedule: row.schedule,
    timeout: row.timeout,
    enabled: row.enabled === 1,
    logging: row.logging === 1,
    entrypoint: row.entrypoint,
    commands: row.commands,
    buildSpecification: row.build_specification,
    runtimeSpecification: row.runtime_specification,
    deploymentRetention: row.deployment_retention,
    live: row.live === 1,
    deploymentId: row.deployment_id,
    deploymentCreatedAt: row.deployment_created_at,
    codePath: row.code_path,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function functionParams(record: FunctionRecord): Record<string, string | number | null> {
  return {
    id: record.id,
    source: record.source,
    name: record.name,
    runtime: record.runtime,
    execute: JSON.stringify(record.execute),
    events: JSON.stringify(record.events),
    scopes: JSON.stringify(record.scopes),
    schedule: record.schedule,
    timeout: record.timeout,
    enabled: record.enabled ? 1 : 0,
    logging: record.logging ? 1 : 0,
    deploymentRetention: record.deploymentRetention,
    entrypoint: record.entrypoint,
    commands: record.commands,
    buildSpecification: record.buildSpecification,
    runtimeSpecification: record.runtimeSpecification,
    live: record.live ? 1 : 0,
    deploymentId: record.deploymentId,
    deploymentCreatedAt: record.deploymentCreatedAt,
    codePath: record.codePath,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

function toVariable(row: VariableRow): VariableRecord {
  return {
    id: row.id,
    functionId: row.function_id,
    key: row.key,
    value: row.value,
    secret: row.secret === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Thrown when an insert or rename would repeat a unique id or key; routes answer it with Appwrite's 409. */
export class DuplicateRecord extends Error {}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Functions (`_functions`) and their variables (`_functions_variables`) in SQLite. */
export class FunctionStore {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _functions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE, source TEXT NOT NULL, name TEXT NOT NULL, runtime TEXT NOT NULL,
        execute TEXT NOT NULL, events TEXT NOT NULL, scopes TEXT NOT NULL, schedule TEXT NOT NULL,
        timeout INTEGER NOT NULL, enabled INTEGER NOT NULL, logging INTEGER NOT NULL,
        entrypoint TEXT NOT NULL, commands TEXT NOT NULL,
        build_specification TEXT NOT NULL, runtime_specification TEXT NOT NULL, live INTEGER NOT NULL,
        deployment_id TEXT NOT NULL, deployment_created_at INTEGER, code_path TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        deployment_retention INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE IF NOT EXISTS _functions_variables (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        function_id TEXT NOT NULL REFERENCES _functions(id) ON DELETE CASCADE,
        key TEXT NOT NULL, value TEXT NOT NULL, secret INTEGER NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        UNIQUE (function_id, key)
      );
    `);
    // Data folders from before the retention was recorded: those functions keep every deployment (0).
    const columns = store.db.prepare('PRAGMA table_info(_functions)').all() as Array<{ name: string }>;
    if (!columns.some((column) => column.name === 'deployment_retention')) {
      store.migrate('ALTER TABLE _functions ADD COLUMN deployment_retention INTEGER NOT NULL DEFAULT 0');
    }
  }

  /** Calls `listener` after each insert, update or delete of a function (the scheduler plans again); answers the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  find(id: string): FunctionRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _functions WHERE id = ?').get(id) as FunctionRow | undefined;
    return row ? toFunction(row) : undefined;
  }

  all(): FunctionRecord[] {
    return (this.store.db.prepare('SELECT * FROM _functions ORDER BY seq').all() as FunctionRow[]).map(toFunction);
  }

  /** Functions that some event may trigger, for the bus listener (read on every event, so kept narrow). */
  subscribedToEvents(): FunctionRecord[] {
    return (this.store.db.prepare("SELECT * FROM _functions WHERE events != '[]' AND deployment_id != '' ORDER BY seq").all() as FunctionRow[]).map(toFunction);
  }

  /** `GET /v1/functions`: queries on the attributes Appwrite allows, and `search` over id, name and runtime. */
  list(rawQueries: readonly string[], search: string, withTotal: boolean): { total: number; functions: FunctionRecord[] } {
    const conditions: SqlCondition[] = [];
    const searched = searchCondition(search, ['id', 'name', 'runtime']);
    if (searched) conditions.push(searched);
    const { total, rows } = selectPage<FunctionRow>(this.store.db, {
      table: '_functions',
      conditions,
      queries: parseListQueries(rawQueries, FUNCTION_ATTRIBUTES),
      includeTotal: withTotal,
      cursorRow: (id) => this.store.db.prepare('SELECT * FROM _functions WHERE id = ?').get(id) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Function', id),
    });
    return { total, functions: rows.map(toFunction) };
  }

  insert(record: FunctionRecord): void {
    try {
      this.store.db
        .prepare(
          `INSERT INTO _functions (id, source, name, runtime, execute, events, scopes, schedule, timeout, enabled, logging,
                    entrypoint, commands, build_specification, runtime_specification, live, deployment_id, deployment_created_at,
                    code_path, created_at, updated_at, deployment_retention)
                  VALUES (@id, @source, @name, @runtime, @execute, @events, @scopes, @schedule, @timeout, @enabled, @logging,
                    @entrypoint, @commands, @buildSpecification, @runtimeSpecification, @live, @deploymentId, @deploymentCreatedAt,
                    @codePath, @createdAt, @updatedAt, @deploymentRetention)`,
        )
        .run(functionParams(record));
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateRecord();
      throw error;
    }
    this.changed();
  }

  update(record: FunctionRecord): void {
    this.store.db
      .prepare(
        `UPDATE _functions SET source = @source, name = @name, runtime = @runtime, execute = @execute, events = @events,
                  scopes = @scopes, schedule = @schedule, timeout = @timeout, enabled = @enabled, logging = @logging,
                  entrypoint = @entrypoint, commands = @commands, build_specification = @buildSpecification,
                  runtime_specification = @runtimeSpecification, live = @live, deployment_id = @deploymentId,
                  deployment_created_at = @deploymentCreatedAt, code_path = @codePath, updated_at = @updatedAt,
                  deployment_retention = @deploymentRetention
                WHERE id = @id`,
      )
      .run(functionParams(record));
    this.changed();
  }

  delete(id: string): void {
    this.store.db.prepare('DELETE FROM _functions WHERE id = ?').run(id);
    this.changed();
  }

  /** Declared functions that the config no longer names, to be forgotten at start. */
  declaredIdsExcept(keep: readonly string[]): string[] {
    const rows = this.store.db.prepare("SELECT id FROM _functions WHERE source = 'config'").all() as Array<{ id: string }>;
    return rows.map((row) => row.id).filter((id) => !keep.includes(id));
  }

  variables(functionId: string): VariableRecord[] {
    return (this.store.db.prepare('SELECT * FROM _functions_variables WHERE function_id = ? ORDER BY seq').all(functionId) as VariableRow[]).map(toVariable);
  }

  listVariables(functionId: string, rawQueries: readonly string[], withTotal: boolean): { total: number; variables: VariableRecord[] } {
    const owner: SqlCondition = { sql: 'function_id = ?', params: [functionId] };
    const { total, rows } = selectPage<VariableRow>(this.store.db, {
      table: '_functions_variables',
      conditions: [owner],
      queries: parseListQueries(rawQueries, VARIABLE_ATTRIBUTES),
      includeTotal: withTotal,
      cursorRow: (id) =>
        this.store.db.prepare('SELECT * FROM _functions_variables WHERE function_id = ? AND id = ?').get(functionId, id) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Variable', id),
    });
    return { total, variables: rows.map(toVariable) };
  }

  findVariable(functionId: string, id: string): VariableRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _functions_variables WHERE function_id = ? AND id = ?').get(functionId, id) as VariableRow | undefined;
    return row ? toVariable(row) : undefined;
  }

  /** Inserts or rewrites a variable; a repeated id or a key the function already has is a DuplicateRecord. */
  saveVariable(record: VariableRecord): void {
    const params = {
      id: record.id,
      functionId: record.functionId,
      key: record.key,
      value: record.value,
      secret: record.secret ? 1 : 0,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    };
    try {
      this.store.db
        .prepare(
          `INSERT INTO _functions_variables (id, function_id, key, value, secret, created_at, updated_at)
                  VALUES (@id, @functionId, @key, @value, @secret, @createdAt, @updatedAt)
                  ON CONFLICT(id) DO UPDATE SET key = excluded.key, value = excluded.value, secret = excluded.secret,
                    updated_at = excluded.updated_at
                  WHERE _functions_variables.function_id = excluded.function_id`,
        )
        .run(params);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateRecord();
      throw error;
    }
    // An id taken by another function's variable leaves that one untouched; say so like any duplicate.
    if (!this.findVariable(record.functionId, record.id)) throw new DuplicateRecord();
  }

  deleteVariable(functionId: string, id: string): void {
    this.store.db.prepare('DELETE FROM _functions_variables WHERE function_id = ? AND id = ?').run(functionId, id);
  }

  /** Replaces every variable of a declared function with the config's `vars`. */
  replaceVariables(functionId: string, vars: Readonly<Record<string, string>>, now: number): void {
    this.store.db.prepare('DELETE FROM _functions_variables WHERE function_id = ?').run(functionId);
    for (const [key, value] of Object.entries(vars)) {
      this.saveVariable({ id: `${functionId}.${key}`.slice(0, 36), functionId, key, value, secret: false, createdAt: now, updatedAt: now });
    }
  }
}
