import type { TableSchema } from '../schema/catalog.ts';
import { decodeValue } from '../schema/values.ts';

/** A row as SQLite returns it from the row table: internal columns plus one entry per column key. */
export interface StoredRow {
  _seq: number;
  _id: string;
  _createdAt: string;
  _updatedAt: string;
  _permissions: string;
  [column: string]: unknown;
}

/**
 * Appwrite's Row model: system fields first, `$sequence` as a string, then every column
 * (or only the selected ones) with unset scalars as `null` and unset arrays as `[]`.
 */
export function rowModel(table: TableSchema, row: StoredRow, select?: readonly string[]): Record<string, unknown> {
  const model: Record<string, unknown> = {
    $id: row._id,
    $sequence: String(row._seq),
    $tableId: table.id,
    $databaseId: table.database.id,
    $createdAt: row._createdAt,
    $updatedAt: row._updatedAt,
    $permissions: JSON.parse(row._permissions) as string[],
  };
  if (select) {
    for (const key of select) {
      const column = table.columnsByKey.get(key);
      if (column) model[key] = decodeValue(column, row[key]);
    }
    return model;
  }
  for (const column of table.columns) model[column.key] = decodeValue(column, row[column.key]);
  return model;
}
