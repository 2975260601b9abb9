import { errors } from '../http/errors.ts';
import { isEmail, type ParamReader } from '../http/params.ts';
import { normalizePermissions } from '../permissions/permissions.ts';

/**
 * Readers for the validators Appwrite's Messaging routes declare (Text, Email, Phone, Nullable
 * Boolean, JSON, UID lists, CompoundUID, Roles, future Datetime), failing with its
 * `general_argument_invalid` wording. Optional strings treat `''` as "not given", as Appwrite's
 * handlers do (`!empty(...)`).
 */

function invalid(name: string, rule: string): never {
  throw errors.argumentInvalid(`Invalid \`${name}\` param: ${rule}`);
}

/** Appwrite's UID rule (utopia's Key validator), without its 36-char cap: a user's own e-mail target is `<userId>-email`. */
const UID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const PHONE = /^\+[1-9]\d{6,14}$/;

export function isPhone(value: string): boolean {
  return PHONE.test(value);
}

/** An optional text param; `''` and absence both answer undefined. */
export function optionalText(params: ParamReader, name: string, max?: number): string | undefined {
  const value = params.optionalString(name, max === undefined ? {} : { max, min: 0 });
  return value === '' ? undefined : value;
}

/** A required text param of at least one char (utopia's Text with its default minimum). */
export function requiredText(params: ParamReader, name: string, max: number): string {
  const value = params.string(name, max === 0 ? {} : { max });
  if (value === '') invalid(name, `Value must be a valid string and at least 1 chars and no longer than ${max === 0 ? 'unlimited' : max} chars`);
  return value;
}

export function optionalEmail(params: ParamReader, name: string): string | undefined {
  const value = optionalText(params, name);
  if (value !== undefined && !isEmail(value)) invalid(name, 'Value must be a valid email address');
  return value;
}

export function optionalPhone(params: ParamReader, name: string): string | undefined {
  const value = optionalText(params, name);
  if (value !== undefined && !isPhone(value)) invalid(name, "Phone number must start with a '+' can have a maximum of fifteen digits.");
  return value;
}

/** `Nullable(Boolean)`: undefined when absent or null. */
export function nullableBoolean(params: ParamReader, name: string): boolean | undefined {
  return params.has(name) ? params.boolean(name, false) : undefined;
}

/** `Nullable(JSON)`: an object, or a string holding one. */
export function nullableJson(params: ParamReader, name: string): Record<string, unknown> | undefined {
  return params.object(name);
}

/** `ArrayList(UID)`; undefined when absent (Appwrite's `Nullable` lists of the update routes). */
export function idList(params: ParamReader, name: string): string[] | undefined {
  const values = params.stringArray(name, { max: 100 });
  if (values?.some((value) => !UID.test(value))) {
    invalid(
      name,
      "Value must a valid array no longer than 100 items and Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
    );
  }
  return values;
}

/** A `<bucketId>:<fileId>` reference (Appwrite's CompoundUID). */
export function compoundId(name: string, value: unknown): { bucketId: string; fileId: string } {
  const parts = typeof value === 'string' ? value.split(':') : [];
  if (parts.length !== 2 || parts.some((part) => !UID.test(part))) {
    invalid(
      name,
      "Must consist of multiple UIDs separated by a colon. Each UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a special char.",
    );
  }
  return { bucketId: parts[0] as string, fileId: parts[1] as string };
}

/** Role strings (`users`, `user:ID`, `team:ID/role`, `label:x`, …), checked with the permission grammar's role rules. */
export function roleList(params: ParamReader, name: string): string[] | undefined {
  const roles = params.stringArray(name, { max: 100 });
  for (const role of roles ?? []) {
    try {
      normalizePermissions([`read("${role}")`], 'resource');
    } catch {
      invalid(name, `Role "${role}" is not allowed. Must be one of: any, guests, users, user, team, member, label.`);
    }
  }
  return roles;
}

/**
 * `Nullable(Datetime(requireDateInFuture))`: epoch milliseconds, or undefined when absent. `now`
 * is the server's clock, which also runs the schedule.
 */
export function futureDate(params: ParamReader, name: string, now: number): number | undefined {
  const value = params.raw(name);
  if (value === undefined || value === null) return undefined;
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(time) || time <= now) invalid(name, 'Value must be valid date in the future and between 0000-01-01 00:00:00 and 9999-12-31 00:00:00.');
  return time;
}

/** Whitelisted values of an optional param. */
export function optionalChoice<T extends string>(params: ParamReader, name: string, choices: readonly T[]): T | undefined {
  const value = optionalText(params, name);
  if (value !== undefined && !(choices as readonly string[]).includes(value)) invalid(name, `Value must be one of (${choices.join(', ')})`);
  return value as T | undefined;
}
