import { errors } from '../../http/errors.ts';
import type { ColumnInput, ColumnKind } from './columns.ts';
import type { IndexInput } from './indexes.ts';

/**
 * Column and index definitions written as objects: the `columns`/`indexes` params of createTable
 * and the entries of `appwrite.config.json` (Appwrite CLI format: email, url and enum columns are
 * `type: "string"` with a `format`, floats may be `double`, older files name index columns
 * `attributes`).
 */

const DIRECT_KINDS: Readonly<Record<string, ColumnKind>> = {
  string: 'string',
  varchar: 'varchar',
  text: 'text',
  mediumtext: 'mediumtext',
  longtext: 'longtext',
  integer: 'integer',
  double: 'float',
  float: 'float',
  boolean: 'boolean',
  datetime: 'datetime',
  email: 'email',
  url: 'url',
  enum: 'enum',
  ip: 'ip',
};

function kindOf(type: unknown, format: unknown): ColumnKind | undefined {
  if (type === 'string' && (format === 'email' || format === 'url' || format === 'enum' || format === 'ip')) return format;
  return typeof type === 'string' ? DIRECT_KINDS[type] : undefined;
}

function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

export function columnInputFromObject(value: unknown): ColumnInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw errors.argumentInvalid('Invalid `columns` param: Value must be a valid array of objects');
  const entry = value as Record<string, unknown>;
  const kind = kindOf(entry.type, entry.format);
  if (!kind) throw errors.columnTypeNotSupported(String(entry.type ?? ''));
  return {
    key: String(entry.key ?? ''),
    kind,
    required: entry.required === true,
    array: entry.array === true,
    size: optionalNumber(entry.size),
    min: optionalNumber(entry.min) ?? null,
    max: optionalNumber(entry.max) ?? null,
    default: entry.default ?? entry.xdefault ?? null,
    elements: Array.isArray(entry.elements) ? (entry.elements as string[]) : undefined,
    encrypt: entry.encrypt === true,
  };
}

export function indexInputFromObject(value: unknown): IndexInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw errors.argumentInvalid('Invalid `indexes` param: Value must be a valid array of objects');
  const entry = value as Record<string, unknown>;
  const columns = (entry.columns ?? entry.attributes ?? []) as unknown;
  return {
    key: String(entry.key ?? ''),
    type: String(entry.type ?? ''),
    columns: Array.isArray(columns) ? columns.map(String) : [],
    orders: Array.isArray(entry.orders) ? (entry.orders as Array<string | null>) : [],
    lengths: Array.isArray(entry.lengths) ? (entry.lengths as Array<number | null>) : [],
  };
}
