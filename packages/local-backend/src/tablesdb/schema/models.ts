import type { DatabaseRecord, TableSchema } from './catalog.ts';
import { columnModel, columnWidth } from './columns.ts';
import { indexModel } from './indexes.ts';

/** Appwrite's MariaDB row size limit and the bytes its internal columns take (Table `bytesMax`/`bytesUsed`). */
const BYTES_MAX = 65535;
const INTERNAL_BYTES = 1067;

/** The Database model of protocol 6.1. */
export function databaseModel(database: DatabaseRecord): Record<string, unknown> {
  return {
    $id: database.id,
    name: database.name,
    $createdAt: database.createdAt,
    $updatedAt: database.updatedAt,
    enabled: database.enabled,
    type: 'tablesdb',
    status: 'ready',
  };
}

/** The Table model of protocol 6.1, with its columns and indexes. */
export function tableModel(table: TableSchema): Record<string, unknown> {
  return {
    $id: table.id,
    $createdAt: table.createdAt,
    $updatedAt: table.updatedAt,
    $permissions: table.permissions,
    databaseId: table.database.id,
    name: table.name,
    enabled: table.enabled,
    rowSecurity: table.rowSecurity,
    columns: table.columns.map(columnModel),
    indexes: table.indexes.map((index) => indexModel(index, table.database.seq, table.seq)),
    bytesMax: BYTES_MAX,
    bytesUsed: table.columns.reduce((total, column) => total + columnWidth(column), INTERNAL_BYTES),
  };
}
