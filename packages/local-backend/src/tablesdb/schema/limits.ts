import { AppwriteError, errors } from '../../http/errors.ts';
import { numberFormat } from './numbers.ts';
import { columnWidth, isStringKind, type ColumnDef } from './columns.ts';
import type { IndexDef, IndexInput } from './indexes.ts';

/**
 * The schema limits of Appwrite's SQL adapters (utopia-php/database 7.2.6, which Appwrite 1.9
 * locks; MariaDB, its default), enforced here so that a schema Appwrite would refuse is refused
 * by the local backend first:
 * - a row's estimated width (`getAttributeWidth`) must stay under 65,535 bytes
 *   (`getDocumentSizeLimit`), counting 1,067 bytes of internal columns;
 * - at most 1,017 columns per table (`getLimitForAttributes`), 7 of them internal;
 * - at most 64 indexes per table (`getLimitForIndexes`), 6 of them internal;
 * - an index (other than full-text) spans at most 768 characters (`getMaxIndexLength`), a string
 *   column counting its size (or the index's length for it), a float 2, anything else 1.
 */

export const MAX_ROW_BYTES = 65535;
export const INTERNAL_ROW_BYTES = 1067;
const ADAPTER_COLUMN_LIMIT = 1017;
const INTERNAL_COLUMNS = 7;
export const MAX_COLUMNS = ADAPTER_COLUMN_LIMIT - INTERNAL_COLUMNS;
export const MAX_INDEXES = 64 - 6;
export const MAX_INDEX_LENGTH = 768;
/** Index keys MariaDB's adapter keeps for its own indexes (`getInternalIndexesKeys`). */
const RESERVED_INDEX_KEYS = ['primary', '_created_at', '_updated_at', '_tenant_id'];
/** System columns an index may name, with the size utopia gives them (`$id` is a VARCHAR(255)). */
const SYSTEM_COLUMN_LENGTH: Readonly<Record<string, number>> = { $id: 255, $createdAt: 1, $updatedAt: 1 };

/**
 * A limit Appwrite answers with its generic message (`column_limit_exceeded`, …); `detail` keeps
 * utopia's explanation (current width or count), which provisioning adds to its refusal.
 */
export class SchemaLimitError extends AppwriteError {
  constructor(
    status: number,
    type: string,
    message: string,
    readonly detail: string,
  ) {
    super(status, type, message);
  }
}

/** What provisioning suggests when a table is too wide. */
export const LONG_TEXT_HINT =
  'Long text belongs in a string column of size 16,382 or more, which Appwrite stores as TEXT (20 bytes of the row; appwrite-cli 12 cannot push text columns).';

/** The estimated row width of a table with these columns (Table model `bytesUsed`). */
export function rowWidth(columns: readonly ColumnDef[]): number {
  return columns.reduce((total, column) => total + columnWidth(column), INTERNAL_ROW_BYTES);
}

function columnLimitExceeded(tableId: string, detail: string): SchemaLimitError {
  return new SchemaLimitError(400, 'column_limit_exceeded', `The maximum number or size of columns for table '${tableId}' has been reached.`, detail);
}

/** Appwrite's `checkAttribute`, run before a column is added: the count first, then the width (`>=`). */
export function assertColumnFits(tableId: string, columns: readonly ColumnDef[], added: ColumnDef): void {
  const count = columns.length + 1;
  if (count > MAX_COLUMNS) {
    throw columnLimitExceeded(
      tableId,
      `Column limit reached: the table would have ${numberFormat(count)} columns; Appwrite allows ${numberFormat(MAX_COLUMNS)}.`,
    );
  }
  const width = rowWidth([...columns, added]);
  if (width >= MAX_ROW_BYTES) {
    throw columnLimitExceeded(
      tableId,
      `Row width limit reached at column "${added.key}": a row would take ${numberFormat(width)} bytes; Appwrite's limit is under ${numberFormat(MAX_ROW_BYTES)}. ${LONG_TEXT_HINT}`,
    );
  }
}

/** Appwrite's `updateAttribute` width check, for a column whose size changes. */
export function assertResizeFits(tableId: string, columns: readonly ColumnDef[], oldKey: string, updated: ColumnDef): void {
  const width = rowWidth(columns.map((column) => (column.key === oldKey ? updated : column)));
  if (width >= MAX_ROW_BYTES) {
    throw columnLimitExceeded(
      tableId,
      `Row width limit reached: column "${updated.key}" would make a row ${numberFormat(width)} bytes wide; Appwrite's limit is under ${numberFormat(MAX_ROW_BYTES)}.`,
    );
  }
}

/** The index count check of Appwrite's create-index action (`count >= limit`; Appwrite runs it before the other index checks). */
export function assertIndexCountFits(tableId: string, existing: readonly IndexDef[]): void {
  if (existing.length >= MAX_INDEXES) {
    throw new SchemaLimitError(
      400,
      'column_index_limit_exceeded',
      `The maximum number of indexes for table '${tableId}' has been reached.`,
      `Index limit reached: Appwrite allows ${MAX_INDEXES} indexes per table.`,
    );
  }
}

/** utopia's index validator: the lengths of a key or unique index (`checkIndexLengths`) and its key (`checkReservedNames`). */
export function assertIndexLengthFits(input: IndexInput, lengths: ReadonlyArray<number | null>, columns: ReadonlyMap<string, ColumnDef>): void {
  if (input.type !== 'fulltext') {
    let total = 0;
    input.columns.forEach((key, i) => {
      const column = columns.get(key);
      const size = indexableSize(key, column);
      const takesLength = column ? isStringKind(column.kind) : key === '$id';
      const length = takesLength ? (lengths[i] ?? size) : size;
      if (length < 0) throw errors.columnIndexInvalid(`Negative index length provided for ${key}`);
      if (length > size) throw errors.columnIndexInvalid(`Index length ${length} is larger than the size for ${key}: ${size}"`);
      total += length;
    });
    if (total > MAX_INDEX_LENGTH) throw errors.columnIndexInvalid(`Index length is longer than the maximum: ${MAX_INDEX_LENGTH}`);
  }
  if (RESERVED_INDEX_KEYS.includes(input.key.toLowerCase())) throw errors.columnIndexInvalid('Index key name is reserved');
}

/** The size utopia's index validator gives a column: characters for strings, 2 for floats, 1 otherwise. */
function indexableSize(key: string, column: ColumnDef | undefined): number {
  if (!column) return SYSTEM_COLUMN_LENGTH[key] ?? 1;
  if (isStringKind(column.kind)) return column.size;
  return column.kind === 'float' ? 2 : 1;
}
