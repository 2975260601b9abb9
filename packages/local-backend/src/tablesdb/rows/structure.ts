import { errors } from '../../http/errors.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { DATETIME_INVALID, normalizeDatetime } from '../schema/datetime.ts';
import { valueProblem } from '../schema/values.ts';

/** Keys a row document may carry besides its columns (utopia-php's internal attributes). */
const INTERNAL = new Set(['$id', '$sequence', '$collection', '$createdAt', '$updatedAt', '$permissions']);
/** Keys Appwrite strips from `data` for every caller, and `$createdAt`/`$updatedAt` unless an API key writes. */
const ALWAYS_READONLY = ['$sequence', '$databaseId', '$tableId', '$collectionId'];
const PRIVILEGED_ONLY = ['$createdAt', '$updatedAt'];

/** `data` without the keys the caller may not set; `$id` and `$permissions` come from their own params. */
export function writableData(data: Record<string, unknown>, privileged: boolean): Record<string, unknown> {
  const result: Record<string, unknown> = { ...data };
  for (const key of ALWAYS_READONLY) delete result[key];
  if (!privileged) for (const key of PRIVILEGED_ONLY) delete result[key];
  delete result.$id;
  delete result.$permissions;
  return result;
}

/**
 * utopia-php's Structure validator over a whole row document (after defaults and, for updates,
 * after merging): required columns, unknown keys, then each value, each with Appwrite's message.
 */
export function checkStructure(table: TableSchema, document: Readonly<Record<string, unknown>>): void {
  for (const column of table.columns) {
    const value = document[column.key];
    if (column.required && (value === null || value === undefined)) throw errors.invalidStructure(`Missing required attribute "${column.key}"`);
  }
  for (const key of Object.keys(document)) {
    if (!INTERNAL.has(key) && !table.columnsByKey.has(key)) throw errors.invalidStructure(`Unknown attribute: "${key}"`);
  }
  for (const [key, value] of Object.entries(document)) {
    if (key === '$createdAt' || key === '$updatedAt') {
      if (value !== null && value !== undefined && !normalizeDatetime(value))
        throw errors.invalidStructure(`Attribute "${key}" has invalid type. ${DATETIME_INVALID}`);
      continue;
    }
    const column = table.columnsByKey.get(key);
    if (!column) continue;
    const problem = valueProblem(column, value);
    if (problem) throw errors.invalidStructure(problem);
  }
}

/** Applies column defaults where the value is missing or null (utopia's encode does so on create and update). */
export function withDefaults(table: TableSchema, document: Record<string, unknown>): Record<string, unknown> {
  for (const column of table.columns) {
    if ((document[column.key] === null || document[column.key] === undefined) && column.default !== null) document[column.key] = column.default;
  }
  return document;
}
