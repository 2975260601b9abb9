import { AppwriteError, errors } from '../../http/errors.ts';
import { isStringKind, KEY_RULE, type ColumnDef } from './columns.ts';
import { assertIndexLengthFits } from './limits.ts';

export const INDEX_TYPES = ['key', 'unique', 'fulltext'] as const;
export type IndexType = (typeof INDEX_TYPES)[number];

export interface IndexDef {
  /** Internal number naming the SQLite index or FTS5 table. */
  seq: number;
  key: string;
  type: IndexType;
  columns: string[];
  orders: Array<string | null>;
  lengths: Array<number | null>;
  createdAt: string;
  updatedAt: string;
}

export interface IndexInput {
  key: string;
  type: string;
  columns: string[];
  orders?: Array<string | null>;
  lengths?: Array<number | null>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
/** System attributes Appwrite lets an index name. */
const SYSTEM_INDEXABLE: Readonly<Record<string, 'string' | 'datetime'>> = { $id: 'string', $createdAt: 'datetime', $updatedAt: 'datetime' };

function argument(name: string, rule: string): never {
  throw errors.argumentInvalid(`Invalid \`${name}\` param: ${rule}`);
}

/**
 * Applies the checks of Appwrite's create-index action and utopia's index validator, in that
 * order, and returns the definition to store (without its internal `seq`).
 */
export function defineIndex(input: IndexInput, columns: readonly ColumnDef[], existing: readonly IndexDef[], now: string): Omit<IndexDef, 'seq'> {
  if (!KEY.test(input.key)) argument('key', KEY_RULE);
  if (!(INDEX_TYPES as readonly string[]).includes(input.type)) {
    if (input.type === 'spatial') throw errors.columnIndexInvalid('Spatial indexes are not supported');
    argument('type', 'Value must be one of (key, fulltext, unique, spatial)');
  }
  // node-appwrite 27's OrderBy enum sends `asc`/`desc`; Appwrite's whitelist is not case-sensitive.
  const orders = (input.orders ?? []).map((order) => (typeof order === 'string' ? order.toUpperCase() : order));
  if (orders.some((order) => order !== null && order !== 'ASC' && order !== 'DESC')) {
    argument('orders', 'Value must a valid array no longer than 100 items and Value must be one of (ASC, DESC)');
  }
  const lengths: Array<number | null> = input.columns.map((_, i) => {
    const length = input.lengths?.[i];
    return typeof length === 'number' && length !== 0 ? length : null;
  });
  const byKey = new Map(columns.map((column) => [column.key, column]));
  for (const key of input.columns) {
    const column = byKey.get(key);
    if (!column && !SYSTEM_INDEXABLE[key]) throw errors.columnUnknown(key);
    if (column?.kind === 'relationship') throw new AppwriteError(400, 'column_type_invalid', `Cannot create an index for a relationship column: ${key}`);
    if (column?.array) throw errors.indexInvalid('Creating indexes on array attributes is not currently supported.');
  }
  if (input.columns.length === 0) throw errors.columnIndexInvalid('No attributes provided for index');
  if (new Set(input.columns).size !== input.columns.length) throw errors.columnIndexInvalid('Duplicate attributes provided');
  if (input.type === 'fulltext') {
    for (const key of input.columns) {
      const column = byKey.get(key);
      const isString = column ? isStringKind(column.kind) : SYSTEM_INDEXABLE[key] === 'string';
      if (!isString) throw errors.columnIndexInvalid(`Attribute "${key}" cannot be part of a fulltext index, must be of type string`);
    }
  }
  if ((input.lengths?.length ?? 0) > input.columns.length) {
    throw errors.columnIndexInvalid('Invalid index lengths. Count of lengths must be equal or less than the number of attributes.');
  }
  assertIndexLengthFits(input, lengths, byKey);
  // Appwrite checks a taken key last, after utopia's index validator.
  if (existing.some((index) => index.key === input.key)) throw errors.indexAlreadyExists(input.key);
  return { key: input.key, type: input.type as IndexType, columns: [...input.columns], orders: [...orders], lengths, createdAt: now, updatedAt: now };
}

/** Appwrite's ColumnIndex model. */
export function indexModel(index: IndexDef, databaseSeq: number, tableSeq: number): Record<string, unknown> {
  return {
    $id: `${databaseSeq}_${tableSeq}_${index.key}`,
    $createdAt: index.createdAt,
    $updatedAt: index.updatedAt,
    key: index.key,
    type: index.type,
    status: 'available',
    error: '',
    columns: index.columns,
    lengths: index.lengths,
    orders: index.orders,
  };
}
