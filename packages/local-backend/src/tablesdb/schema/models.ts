import type { DatabaseRecord, TableSchema } from './catalog.ts';
import { columnModel } from './columns.ts';
import { indexModel } from './indexes.ts';
import { MAX_ROW_BYTES, rowWidth } from './limits.ts';

/** Appwrite's Database model, fields in its order. */
export function databaseModel(database: DatabaseRecord): Record<string, unknown> {
  return {
    $id: database.id,
    name: database.name,
    $createdAt: database.createdAt,
    $updatedAt: database.updatedAt,
    enabled: database.enabled,
    type: database.type,
    status: 'ready',
  };
}

/** Appwrite's Table model, with its columns and indexes. */
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
    bytesMax: MAX_ROW_BYTES,
    bytesUsed: rowWidth(table.columns),
  };
}
