import { isIPv4, isIPv6 } from 'node:net';
import { errors } from '../../http/errors.ts';
import { isEmail } from '../../http/params.ts';
import { DATETIME_INVALID, normalizeDatetime } from './datetime.ts';
import { FLOAT_MAX, INT32_MAX, INT64_MAX, INT64_MIN, isInteger, numberFormat, toBigInt } from './numbers.ts';

/** The column types this server creates, named by their `POST …/columns/<kind>` route segment. */
export const COLUMN_KINDS = [
  'string',
  'varchar',
  'text',
  'mediumtext',
  'longtext',
  'integer',
  'float',
  'boolean',
  'datetime',
  'email',
  'url',
  'enum',
  'ip',
  'relationship',
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export type ColumnScalar = string | number | boolean;

export const RELATION_TYPES = ['oneToOne', 'manyToOne', 'manyToMany', 'oneToMany'] as const;
export const ON_DELETE = ['cascade', 'restrict', 'setNull'] as const;

/**
 * A relationship column's options (Appwrite's `relatedTable`, `relationType`, …). The local
 * backend keeps the schema of relationships and the related ids a row names; it neither creates
 * nor loads related rows (see ARCHITECTURE.md).
 */
export interface RelationOptions {
  relatedTable: string;
  relationType: (typeof RELATION_TYPES)[number];
  twoWay: boolean;
  twoWayKey: string;
  onDelete: (typeof ON_DELETE)[number];
  /** `parent` on the table that created it, `child` on the related table's twin column. */
  side: 'parent' | 'child';
}

/** A column as stored in `_tablesdb_columns` (JSON) and used by validation, storage and models. */
export interface ColumnDef {
  key: string;
  kind: ColumnKind;
  required: boolean;
  array: boolean;
  /** Characters for string-like kinds, bytes for text kinds, 4 or 8 bytes for integers, 0 otherwise. */
  size: number;
  default: ColumnScalar | null;
  /** Integer bounds as decimal strings (64-bit exact); float bounds as numbers. */
  min: string | number | null;
  max: string | number | null;
  elements: string[];
  encrypt: boolean;
  relation?: RelationOptions;
  /** An integer column created as `bigint` (Appwrite's 64-bit integer type, always 8 bytes). */
  bigint?: boolean;
  /** False for an unsigned integer column (its minimum defaults to 0). */
  signed?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What a create request (HTTP or appwrite.config.json) asks for, before Appwrite's checks. */
export interface ColumnInput {
  key: string;
  kind: ColumnKind;
  required: boolean;
  array?: boolean;
  size?: number;
  min?: number | bigint | null;
  max?: number | bigint | null;
  default?: unknown;
  elements?: string[];
  encrypt?: boolean;
  relation?: RelationOptions;
  bigint?: boolean;
  signed?: boolean;
}

const TEXT_BYTES: Partial<Record<ColumnKind, number>> = { text: 65535, mediumtext: 16777215, longtext: 4294967295 };
const FIXED_SIZE: Partial<Record<ColumnKind, number>> = { email: 254, url: 2000, enum: 255, ip: 39 };
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
export const KEY_RULE =
  "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char";

export function isStringKind(kind: ColumnKind): boolean {
  return kind !== 'integer' && kind !== 'float' && kind !== 'boolean' && kind !== 'datetime' && kind !== 'relationship';
}

/** Whether a relationship column holds many related ids on this side. */
export function holdsMany(relation: RelationOptions): boolean {
  if (relation.relationType === 'manyToMany') return true;
  return relation.side === 'parent' ? relation.relationType === 'oneToMany' : relation.relationType === 'manyToOne';
}

export function isNumericKind(kind: ColumnKind): boolean {
  return kind === 'integer' || kind === 'float';
}

/** The `type` a Column model reports (email, url and enum are strings with a `format`). */
export function wireType(kind: ColumnKind): string {
  if (kind === 'email' || kind === 'url' || kind === 'enum' || kind === 'ip') return 'string';
  if (kind === 'float') return 'double';
  return kind;
}

export function columnFormat(kind: ColumnKind): string {
  return kind === 'email' || kind === 'url' || kind === 'enum' || kind === 'ip' ? kind : '';
}

function argument(name: string, rule: string): never {
  throw errors.argumentInvalid(`Invalid \`${name}\` param: ${rule}`);
}

/** PHP's FILTER_VALIDATE_URL in spirit: a scheme and a host, no spaces (`mailto:` needs no host). */
export function isUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.host !== '' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

/** utopia's IP validator: an IPv4 or IPv6 address. */
export function isIp(value: string): boolean {
  return isIPv4(value) || isIPv6(value);
}

/**
 * A 64-bit integer from a JSON number. JSON.parse cannot hold 9,223,372,036,854,775,807 (the
 * unbounded `max` Appwrite reports, which the CLI writes back into appwrite.config.json and sends
 * on every push): it reads the nearest double, 2^63. That double stands for int64's maximum.
 */
function int64FromJson(value: number | bigint): bigint {
  if (typeof value === 'number' && value === 2 ** 63) return INT64_MAX;
  return toBigInt(value);
}

/** Applies the create-column checks of Appwrite's column actions and returns the stored definition. */
export function defineColumn(input: ColumnInput, now: string): ColumnDef {
  const { kind } = input;
  if (!KEY.test(input.key)) argument('key', KEY_RULE);
  const array = input.array ?? false;
  const column: ColumnDef = {
    key: input.key,
    kind,
    required: input.required,
    array,
    size: 0,
    default: null,
    min: null,
    max: null,
    elements: [],
    encrypt: input.encrypt ?? false,
    createdAt: now,
    updatedAt: now,
  };
  const raw = input.default ?? null;

  if (kind === 'relationship') {
    if (input.relation) column.relation = { ...input.relation };
    return column;
  }
  if (kind === 'string' || kind === 'varchar') {
    const limit = kind === 'string' ? 1073741824 : 16381;
    const size = input.size;
    if (size === undefined || !Number.isInteger(size) || size < 1 || size > limit) {
      argument('size', `Value must be a valid range between 1 and ${numberFormat(limit)}`);
    }
    column.size = size;
    // APP_DATABASE_ENCRYPT_SIZE_MIN: an encrypted value needs room for its ciphertext.
    if (column.encrypt && size < 150) throw errors.badRequest('Size too small. Encrypted strings require a minimum size of 150 characters.');
    if (raw !== null) {
      if (typeof raw !== 'string') argument('default', 'Value must be a valid string');
      if ([...raw].length > size) throw errors.columnValueInvalid(`Value must be a valid string and no longer than ${size} chars`);
      column.default = raw;
    }
  } else if (kind in TEXT_BYTES) {
    column.size = TEXT_BYTES[kind] as number;
    if (raw !== null) {
      if (typeof raw !== 'string') argument('default', 'Value must be a valid string');
      column.default = raw;
    }
  } else if (kind === 'email' || kind === 'url' || kind === 'enum' || kind === 'ip') {
    column.size = FIXED_SIZE[kind] as number;
    if (kind === 'enum') {
      const elements = input.elements;
      const rule = 'Value must a valid array no longer than 100 items and Value must be a valid string and at least 1 chars and no longer than 255 chars';
      if (!Array.isArray(elements)) argument('elements', rule);
      if (elements.length > 100 || elements.some((element) => typeof element !== 'string' || element.length < 1 || element.length > 255))
        argument('elements', rule);
      column.elements = [...elements];
    }
    if (raw !== null) {
      if (typeof raw !== 'string') argument('default', 'Value must be a valid string');
      if (kind === 'email' && !isEmail(raw)) argument('default', 'Value must be a valid email address');
      if (kind === 'url' && !isUrl(raw)) argument('default', 'Value must be a valid URL');
      if (kind === 'ip' && !isIp(raw)) argument('default', 'Value must be a valid IP address');
      if (kind === 'enum' && !column.elements.includes(raw)) throw errors.columnValueInvalid('Default value not found in elements');
      column.default = raw;
    }
  } else if (kind === 'integer') {
    const integerRule = 'Value must be a valid signed 64-bit integer between -9,223,372,036,854,775,808 and 9,223,372,036,854,775,807';
    const bounds: Record<'min' | 'max' | 'default', unknown> = { min: input.min, max: input.max, default: raw };
    for (const name of ['min', 'max', 'default'] as const) {
      const value = bounds[name];
      if (value === null || value === undefined) continue;
      if (!isInteger(value)) argument(name, integerRule);
      const exact = int64FromJson(value);
      if (exact < INT64_MIN || exact > INT64_MAX) argument(name, integerRule);
      bounds[name] = exact;
    }
    const signed = input.signed ?? true;
    const min = typeof bounds.min === 'bigint' ? bounds.min : signed ? INT64_MIN : 0n;
    const max = typeof bounds.max === 'bigint' ? bounds.max : INT64_MAX;
    if (min > max) throw errors.columnValueInvalid('Minimum value must be lesser than maximum value');
    if (typeof bounds.default === 'bigint') {
      const value = bounds.default;
      if (value < min || value > max) throw errors.columnValueInvalid(`Value must be a valid range between ${numberFormat(min)} and ${numberFormat(max)}`);
      column.default = Number(value);
    }
    column.min = min.toString();
    column.max = max.toString();
    column.size = max > INT32_MAX || input.bigint ? 8 : 4;
    if (input.bigint) column.bigint = true;
    if (!signed) column.signed = false;
  } else if (kind === 'float') {
    for (const name of ['min', 'max', 'default'] as const) {
      const value = name === 'default' ? raw : input[name];
      if (value !== null && value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) argument(name, 'Value must be a valid float');
    }
    const min = typeof input.min === 'number' ? input.min : -FLOAT_MAX;
    const max = typeof input.max === 'number' ? input.max : FLOAT_MAX;
    if (min > max) throw errors.columnValueInvalid('Minimum value must be lesser than maximum value');
    if (raw !== null) {
      if ((raw as number) < min || (raw as number) > max)
        throw errors.columnValueInvalid(`Value must be a valid range between ${numberFormat(min)} and ${numberFormat(max)}`);
      column.default = raw as number;
    }
    column.min = min;
    column.max = max;
  } else if (kind === 'boolean') {
    if (raw !== null && typeof raw !== 'boolean') argument('default', 'Value must be a valid boolean');
    column.default = raw as boolean | null;
  } else if (kind === 'datetime') {
    if (raw !== null) {
      const normalized = normalizeDatetime(raw);
      if (!normalized) argument('default', DATETIME_INVALID);
      column.default = normalized;
    }
  }

  if (column.default !== null && column.required) throw errors.columnDefaultUnsupported('Cannot set default value for required column');
  if (column.default !== null && array) throw errors.columnDefaultUnsupported('Cannot set default value for array columns');
  return column;
}

/** Appwrite's Column model of each kind (field order as Appwrite's response models). */
export function columnModel(column: ColumnDef): Record<string, unknown> {
  const model: Record<string, unknown> = {
    key: column.key,
    type: wireType(column.kind),
    status: 'available',
    error: '',
    required: column.required,
    array: column.array,
    $createdAt: column.createdAt,
    $updatedAt: column.updatedAt,
  };
  switch (column.kind) {
    case 'string':
    case 'varchar':
      return { ...model, size: column.size, default: column.default, encrypt: column.encrypt };
    case 'text':
    case 'mediumtext':
    case 'longtext':
      return { ...model, default: column.default, encrypt: column.encrypt };
    case 'integer':
      // 64-bit bounds go out as exact JSON integers; the SDKs read them with json-bigint.
      return {
        ...model,
        type: column.bigint ? 'bigint' : 'integer',
        signed: column.signed ?? true,
        min: BigInt(column.min as string),
        max: BigInt(column.max as string),
        default: column.default,
      };
    case 'float':
      return { ...model, min: column.min, max: column.max, default: column.default };
    case 'boolean':
      return { ...model, default: column.default };
    case 'datetime':
      // Appwrite stores a datetime column with an empty format and its response model prints what is
      // stored (the model's 'datetime' is only a default for a missing key), so its CLI reads "".
      return { ...model, format: '', default: column.default };
    case 'email':
    case 'url':
    case 'ip':
      return { ...model, format: column.kind, default: column.default };
    case 'enum':
      return { ...model, elements: column.elements, format: 'enum', default: column.default };
    case 'relationship': {
      const relation = column.relation;
      return {
        ...model,
        relatedTable: relation?.relatedTable ?? null,
        relationType: relation?.relationType ?? '',
        twoWay: relation?.twoWay ?? false,
        twoWayKey: relation?.twoWayKey ?? '',
        onDelete: relation?.onDelete ?? 'restrict',
        side: relation?.side ?? '',
      };
    }
  }
}

/** Row bytes Appwrite's MariaDB adapter reserves for a column (Table model `bytesUsed`). */
export function columnWidth(column: ColumnDef): number {
  if (column.array) return 20;
  switch (column.kind) {
    case 'string':
      return column.size > 16381 ? 20 : column.size > 255 ? column.size * 4 + 2 : column.size * 4 + 1;
    case 'varchar':
    case 'email':
    case 'url':
    case 'enum':
    case 'ip':
      return column.size > 255 ? column.size * 4 + 2 : column.size * 4 + 1;
    case 'text':
    case 'mediumtext':
    case 'longtext':
      return 20;
    case 'integer':
      return column.size >= 8 ? 8 : 4;
    case 'float':
      return 8;
    case 'boolean':
      return 1;
    case 'datetime':
      return 7;
    case 'relationship':
      // A VARCHAR(255) of the related id, as utopia's MariaDB adapter reserves.
      return 255 * 4 + 1;
  }
}
