import { AppwriteError, errors } from '../http/errors.ts';
import { normalizePermissions } from '../permissions/permissions.ts';
import type { Services } from '../services.ts';
import type { TableSchema } from '../tablesdb/schema/catalog.ts';
import { columnInputFromObject, indexInputFromObject } from '../tablesdb/schema/definitions.ts';
import { SchemaLimitError } from '../tablesdb/schema/limits.ts';
import type { TablesDb } from '../tablesdb/tables-db.ts';
import { CONFIG_FILE, type AppwriteProjectConfig, type TableConfig } from './config.ts';

/** What one provisioning run did; names are `database`, `database/table` and `database/table.key`. */
export interface ProvisionSummary {
  createdDatabases: string[];
  updatedDatabases: string[];
  createdTables: string[];
  /** Existing tables whose name, permissions, rowSecurity or enabled flag changed. */
  updatedTables: string[];
  createdColumns: string[];
  /** Existing enum columns whose config lists new elements (`appwrite push` updates them too). */
  updatedColumns: string[];
  createdIndexes: string[];
}

/** An entry of the config that Appwrite would refuse, with Appwrite's error (and the limit it hit, if any). */
export interface RefusedEntry {
  /** `database`, `database/table` or `database/table.key`. */
  item: string;
  type: string;
  message: string;
}

/**
 * The config holds entries Appwrite would refuse (a table too wide, an invalid default, …). The
 * local backend refuses the whole file before `appwrite push` would stop half-way on it.
 */
export class ConfigRefusedError extends Error {
  constructor(readonly refused: readonly RefusedEntry[]) {
    super(
      `${CONFIG_FILE}: Appwrite would refuse ${refused.length === 1 ? 'this entry' : 'these entries'}, so nothing of the file was applied:\n${refused.map((entry) => `  - ${entry.item}: ${entry.message}`).join('\n')}`,
    );
    this.name = 'ConfigRefusedError';
  }
}

/** True when the run changed nothing (the config was already in place). */
export function isUnchanged(summary: ProvisionSummary): boolean {
  return [
    summary.createdDatabases,
    summary.updatedDatabases,
    summary.createdTables,
    summary.updatedTables,
    summary.createdColumns,
    summary.updatedColumns,
    summary.createdIndexes,
  ].every((list) => list.length === 0);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * Brings the databases and tables of `appwrite.config.json` into the store, as `appwrite push`
 * would into Appwrite: creates what is missing, adds new columns and indexes to existing tables,
 * updates table settings, and never drops a database, table, column, index or row. An entry that
 * Appwrite would refuse (its schema limits included) refuses the whole run: every entry is tried,
 * then nothing is kept and `ConfigRefusedError` lists them all.
 */
export function provisionTables(services: Pick<Services, 'tablesDb'>, config: AppwriteProjectConfig): ProvisionSummary {
  const engine = services.tablesDb;
  const { catalog } = engine;
  const summary: ProvisionSummary = {
    createdDatabases: [],
    updatedDatabases: [],
    createdTables: [],
    updatedTables: [],
    createdColumns: [],
    updatedColumns: [],
    createdIndexes: [],
  };
  const refused: RefusedEntry[] = [];
  const attempt: Attempt = <T>(item: string, work: () => T) => {
    try {
      return catalog.transaction(work);
    } catch (error) {
      if (!(error instanceof AppwriteError)) throw error;
      const message = error instanceof SchemaLimitError ? `${error.message} ${error.detail}` : error.message;
      refused.push({ item, type: error.type, message });
      return undefined;
    }
  };

  catalog.transaction(() => {
    for (const entry of config.tablesDB ?? []) {
      attempt(entry.$id, () => {
        const existing = catalog.getDatabase(entry.$id);
        const enabled = entry.enabled ?? true;
        if (!existing) {
          catalog.createDatabase({ id: entry.$id, name: entry.name, enabled });
          summary.createdDatabases.push(entry.$id);
        } else if (existing.name !== entry.name || existing.enabled !== enabled) {
          catalog.updateDatabase(existing, { name: entry.name, enabled });
          summary.updatedDatabases.push(entry.$id);
        }
      });
    }
    for (const entry of config.tables ?? []) provisionTable(entry, summary, attempt, engine);
    // Thrown inside the transaction, so what the other entries did is rolled back with it.
    if (refused.length > 0) throw new ConfigRefusedError(refused);
  });
  return summary;
}

/** Runs one provisioning step in its own savepoint; an Appwrite error is recorded and the run goes on to find the others. */
type Attempt = <T>(item: string, work: () => T) => T | undefined;

function provisionTable(entry: TableConfig, summary: ProvisionSummary, attempt: Attempt, engine: TablesDb): void {
  const { catalog } = engine;
  const name = `${entry.databaseId}/${entry.$id}`;
  let table = attempt(name, (): TableSchema => {
    const database = catalog.getDatabase(entry.databaseId);
    if (!database) throw errors.databaseNotFound(entry.databaseId);
    const settings = {
      name: entry.name,
      permissions: normalizePermissions(entry.$permissions ?? [], 'container'),
      rowSecurity: entry.rowSecurity ?? false,
      enabled: entry.enabled ?? true,
    };
    const existing = catalog.getTable(entry.databaseId, entry.$id);
    if (!existing) {
      const created = catalog.createTable(database, { id: entry.$id, ...settings });
      summary.createdTables.push(name);
      return created;
    }
    const changed =
      existing.name !== settings.name ||
      existing.rowSecurity !== settings.rowSecurity ||
      existing.enabled !== settings.enabled ||
      !sameList(existing.permissions, settings.permissions);
    if (!changed) return existing;
    const updated = catalog.updateTable(existing, settings);
    summary.updatedTables.push(name);
    return updated;
  });
  if (!table) return;

  const refusedColumns = new Set<string>();
  for (const column of entry.columns ?? []) {
    const existing = table.columns.find((candidate) => candidate.key.toLowerCase() === column.key.toLowerCase());
    if (existing) {
      // A release that adds a value to an enum (a new kind of notification) must reach data folders made
      // before it; other changes to an existing column are left to the API, as they may need a migration.
      const wanted = column.elements ?? [];
      if (existing.elements.length > 0 && wanted.some((element) => !existing.elements.includes(element))) {
        const current: TableSchema = table;
        const widened = attempt(`${name}.${column.key}`, () => {
          engine.updateColumn(current, existing.key, columnInputFromObject({ ...column, elements: [...new Set([...existing.elements, ...wanted])] }));
          return catalog.getTable(entry.databaseId, entry.$id);
        });
        if (widened) {
          table = widened;
          summary.updatedColumns.push(`${name}.${column.key}`);
        }
      }
      continue;
    }
    const current: TableSchema = table;
    const updated = attempt(`${name}.${column.key}`, () => engine.addColumn(current, columnInputFromObject(column)).table);
    if (updated) {
      table = updated;
      summary.createdColumns.push(`${name}.${column.key}`);
    } else {
      refusedColumns.add(column.key);
    }
  }
  for (const index of entry.indexes ?? []) {
    if (table.indexes.some((existing) => existing.key === index.key)) continue;
    // An index over a refused column would only repeat that refusal as "column not found".
    if ((index.columns ?? index.attributes ?? []).some((key) => refusedColumns.has(key))) continue;
    const current: TableSchema = table;
    const updated = attempt(`${name}.${index.key}`, () => engine.addIndex(current, indexInputFromObject(index)));
    if (updated) {
      table = updated;
      summary.createdIndexes.push(`${name}.${index.key}`);
    }
  }
}
