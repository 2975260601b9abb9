import { isEmail } from '../../http/params.ts';
import { holdsMany, isIp, isUrl, type ColumnDef } from './columns.ts';
import { DATETIME_INVALID, normalizeDatetime } from './datetime.ts';
import { FLOAT_MAX, INT32_MAX, INT64_MAX, isInteger, numberFormat, toBigInt } from './numbers.ts';

/** A value as SQLite stores it in a row table column. */
export type SqlValue = string | number | bigint | null;

function textRule(size: number): string {
  return `Value must be a valid string and no longer than ${size} chars`;
}

/**
 * The first failing validator of utopia-php's Structure for one non-null scalar, as its
 * description; undefined when the value is valid. Order follows Appwrite: type, then format.
 */
function scalarProblem(column: ColumnDef, value: unknown): string | undefined {
  switch (column.kind) {
    case 'string':
    case 'varchar':
    case 'email':
    case 'url':
    case 'enum':
    case 'ip': {
      if (typeof value !== 'string' || [...value].length > column.size) return textRule(column.size);
      if (column.kind === 'email' && !isEmail(value)) return 'Value must be a valid email address';
      if (column.kind === 'url' && !isUrl(value)) return 'Value must be a valid URL';
      if (column.kind === 'ip' && !isIp(value)) return 'Value must be a valid IP address';
      if (column.kind === 'enum' && !column.elements.includes(value)) return `Value must be one of (${column.elements.join(', ')})`;
      return undefined;
    }
    case 'text':
    case 'mediumtext':
    case 'longtext':
      return typeof value === 'string' && Buffer.byteLength(value) <= column.size
        ? undefined
        : `Value must be a valid string no longer than ${column.size} bytes`;
    case 'integer': {
      const wide = column.size >= 8;
      const limit = wide ? INT64_MAX : INT32_MAX;
      if (!isInteger(value) || toBigInt(value) > limit || toBigInt(value) < -limit - 1n) {
        return `Value must be a valid signed ${wide ? 64 : 32}-bit integer between ${numberFormat(-limit - 1n)} and ${numberFormat(limit)}`;
      }
      const integer = toBigInt(value);
      if (integer < -limit || integer > limit) return `Value must be a valid range between ${numberFormat(-limit)} and ${numberFormat(limit)}`;
      const min = BigInt(column.min as string);
      const max = BigInt(column.max as string);
      if (integer < min || integer > max) return `Value must be a valid range between ${numberFormat(min)} and ${numberFormat(max)}`;
      return undefined;
    }
    case 'float': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Value must be a valid float';
      if (value < -FLOAT_MAX || value > FLOAT_MAX) return `Value must be a valid range between ${numberFormat(-FLOAT_MAX)} and ${numberFormat(FLOAT_MAX)}`;
      const min = column.min as number;
      const max = column.max as number;
      if (value < min || value > max) return `Value must be a valid range between ${numberFormat(min)} and ${numberFormat(max)}`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Value must be a valid boolean';
    case 'datetime':
      return normalizeDatetime(value) ? undefined : DATETIME_INVALID;
    case 'relationship':
      return relatedIds(value) === undefined ? 'Value must be a valid related id, a related row or a list of them' : undefined;
  }
}

/** The related id(s) a relationship value names: an id, a row with `$id`, or a list of those. */
function relatedIds(value: unknown): string | string[] | undefined {
  const idOf = (item: unknown): string | undefined => {
    if (typeof item === 'string') return item;
    if (typeof item === 'object' && item !== null && !Array.isArray(item) && typeof (item as { $id?: unknown }).$id === 'string') {
      return (item as { $id: string }).$id;
    }
    return undefined;
  };
  if (Array.isArray(value)) {
    const ids = value.map(idOf);
    return ids.every((id) => id !== undefined) ? (ids as string[]) : undefined;
  }
  return idOf(value);
}

/** Integers and floats carry a range format, and strings of email/url/enum a named one. */
function label(column: ColumnDef): 'format' | 'type' {
  return column.kind === 'integer' ||
    column.kind === 'float' ||
    column.kind === 'email' ||
    column.kind === 'url' ||
    column.kind === 'enum' ||
    column.kind === 'ip'
    ? 'format'
    : 'type';
}

/** Appwrite's structure message for an invalid value of `column`, or undefined when it is valid. */
export function valueProblem(column: ColumnDef, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const kind = label(column);
  if (column.array) {
    if (!Array.isArray(value)) return `Attribute "${column.key}" must be an array`;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null && !column.required) continue;
      const problem = item === null ? (scalarProblem(column, item) ?? 'Value must not be null') : scalarProblem(column, item);
      if (problem) return `Attribute "${column.key}['${i}']" has invalid ${kind}. ${problem}`;
    }
    return undefined;
  }
  const problem = scalarProblem(column, value);
  return problem ? `Attribute "${column.key}" has invalid ${kind}. ${problem}` : undefined;
}

function encodeScalar(column: ColumnDef, value: unknown): SqlValue | boolean {
  if (value === null || value === undefined) return null;
  if (column.kind === 'datetime') return normalizeDatetime(value) ?? null;
  return value as SqlValue | boolean;
}

/** A validated value as stored: booleans 0/1, datetimes normalised, arrays as JSON text. */
export function encodeValue(column: ColumnDef, value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (column.kind === 'relationship') {
    // One id as text (so filters compare it as is), several as a JSON list.
    const ids = relatedIds(value);
    return Array.isArray(ids) ? JSON.stringify(ids) : (ids ?? null);
  }
  if (column.array) return JSON.stringify((value as unknown[]).map((item) => encodeScalar(column, item)));
  const scalar = encodeScalar(column, value);
  return typeof scalar === 'boolean' ? (scalar ? 1 : 0) : scalar;
}

/** A stored value as the Row model shows it: unset arrays as `[]`, unset scalars as `null`. */
export function decodeValue(column: ColumnDef, stored: unknown): unknown {
  if (column.kind === 'relationship') {
    if (typeof stored === 'string' && stored.startsWith('[')) return JSON.parse(stored) as unknown;
    return stored ?? (column.relation && holdsMany(column.relation) ? [] : null);
  }
  if (column.array) return stored === null || stored === undefined ? [] : (JSON.parse(stored as string) as unknown[]);
  if (stored === null || stored === undefined) return null;
  if (column.kind === 'boolean') return stored === 1 || stored === 1n;
  if (typeof stored === 'bigint') return Number(stored);
  return stored;
}
