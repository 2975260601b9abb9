import { errors } from './errors.ts';

/** A decoded request parameter: JSON values from bodies, strings and string arrays from query strings. */
export type ParamValue = unknown;
export type Params = Record<string, ParamValue>;

const INDEXED_KEY = /^([^[\]]+)\[(\d*)\]$/;

/**
 * Decodes a query string the way the SDKs encode it: form-urlencoded (`+` is a space) with arrays as
 * `name[0]`, `name[1]`, … (any count, ordered by index) or `name[]`.
 */
export function parseQueryString(search: string): Params {
  const params: Params = {};
  const arrays = new Map<string, Array<[number, string]>>();
  for (const [key, value] of new URLSearchParams(search)) {
    const indexed = INDEXED_KEY.exec(key);
    if (indexed) {
      const [, name, index] = indexed as unknown as [string, string, string];
      const items = arrays.get(name) ?? [];
      items.push([index === '' ? items.length : Number(index), value]);
      arrays.set(name, items);
    } else {
      params[key] = value;
    }
  }
  for (const [name, items] of arrays) {
    params[name] = items.sort((a, b) => a[0] - b[0]).map(([, value]) => value);
  }
  return params;
}

function invalid(name: string, rule: string): never {
  throw errors.argumentInvalid(`Invalid \`${name}\` param: ${rule}`);
}

function missing(name: string): never {
  throw errors.argumentInvalid(`Param "${name}" is not optional.`);
}

/** Typed readers over request params that fail with Appwrite's `general_argument_invalid` errors. */
export class ParamReader {
  constructor(private readonly params: Params) {}

  has(name: string): boolean {
    return this.params[name] !== undefined && this.params[name] !== null;
  }

  raw(name: string): ParamValue {
    return this.params[name];
  }

  string(name: string, options: { max?: number; min?: number } = {}): string {
    const value = this.optionalString(name, options);
    if (value === undefined) missing(name);
    return value;
  }

  optionalString(name: string, options: { max?: number; min?: number } = {}): string | undefined {
    const value = this.params[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') invalid(name, 'Value must be a valid string');
    if (options.max !== undefined && value.length > options.max) {
      invalid(name, `Value must be a valid string and at least ${options.min ?? 1} chars and no longer than ${options.max} chars`);
    }
    if (options.min !== undefined && value.length < options.min) {
      invalid(name, `Value must be a valid string and at least ${options.min} chars and no longer than ${options.max ?? 'unlimited'} chars`);
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.params[name];
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    invalid(name, 'Value must be a valid boolean');
  }

  integer(name: string, fallback: number, range?: { min: number; max: number }): number {
    const value = this.params[name];
    if (value === undefined || value === null) return fallback;
    const parsed = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(parsed)) invalid(name, 'Value must be a valid integer');
    if (range && (parsed < range.min || parsed > range.max)) invalid(name, `Value must be a valid range between ${range.min} and ${range.max}`);
    return parsed;
  }

  number(name: string): number | undefined {
    const value = this.params[name];
    if (value === undefined || value === null) return undefined;
    const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    if (!Number.isFinite(parsed)) invalid(name, 'Value must be a valid number');
    return parsed;
  }

  stringArray(name: string, options: { max?: number } = {}): string[] | undefined {
    const value = this.params[name];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) invalid(name, 'Value must be an array of strings');
    if (options.max !== undefined && value.length > options.max) invalid(name, `Value must be an array of no more than ${options.max} items`);
    return value as string[];
  }

  object(name: string): Record<string, unknown> | undefined {
    const value = this.params[name];
    if (value === undefined || value === null) return undefined;
    const parsed = typeof value === 'string' ? safeJson(value) : value;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) invalid(name, 'Value must be a valid JSON object');
    return parsed as Record<string, unknown>;
  }

  email(name: string): string {
    const value = this.string(name);
    if (!isEmail(value)) invalid(name, 'Value must be a valid email address');
    return value.toLowerCase();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 255;
}

/** Appwrite's CustomId rule: `unique()` or up to 36 chars of a-z A-Z 0-9 . - _, not starting with a special char. */
export function isCustomId(value: string): boolean {
  return value === 'unique()' || /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/.test(value);
}

/** Reads an id param following the CustomId rule and turns `unique()` into a fresh id. */
export function readCustomId(reader: ParamReader, name: string): string {
  const value = reader.string(name);
  if (!isCustomId(value)) {
    invalid(name, "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char");
  }
  return value === 'unique()' ? uniqueId() : value;
}

let lastIdTime = 0;
let idCounter = 0;
/** Same shape as the SDKs' `ID.unique()`: 13 hex chars of time, then 7 random/counter hex chars. */
export function uniqueId(): string {
  const now = Date.now();
  idCounter = now === lastIdTime ? idCounter + 1 : 0;
  lastIdTime = now;
  const seconds = Math.floor(now / 1000);
  const micros = (now % 1000) * 1000 + (idCounter % 1000);
  const time = seconds.toString(16) + micros.toString(16).padStart(5, '0');
  let random = '';
  for (let i = 0; i < 7; i++) random += Math.floor(Math.random() * 16).toString(16);
  return (time + random).slice(0, 20);
}
