import { errors } from '../http/errors.ts';
import { isEmail, type ParamReader } from '../http/params.ts';
import { isCommonPassword } from './password-dictionary.ts';
import type { ProjectAuthSettings } from './project-auth.ts';

/** Appwrite's limits for user fields (Password, Text(128), Phone and label validators). */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 256;
const NAME_MAX = 128;
const LABEL_PATTERN = /^[A-Za-z0-9]{1,36}$/;
const LABELS_MAX = 1000;
const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

function invalid(name: string, rule: string): never {
  throw errors.argumentInvalid(`Invalid \`${name}\` param: ${rule}`);
}

/** A required param of any type, with the framework's "not optional" error. */
export function requireParam(params: ParamReader, name: string): void {
  if (!params.has(name)) throw errors.argumentInvalid(`Param "${name}" is not optional.`);
}

export function readPassword(params: ParamReader, name: string): string {
  requireParam(params, name);
  const value = params.raw(name);
  if (typeof value !== 'string' || value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) {
    invalid(name, `Password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters long.`);
  }
  return value;
}

/**
 * A password being set (sign-up, a password change, the Users API): the length rule first, then,
 * when the project turned it on, Appwrite's dictionary, whose validator answers with its own
 * description (the "265" is Appwrite's). Sign-in and the e-mail change only confirm an existing
 * password and use `readPassword`.
 */
export function readNewPassword(params: ParamReader, name: string, settings: Pick<ProjectAuthSettings, 'passwordDictionary'>): string {
  const value = readPassword(params, name);
  if (settings.passwordDictionary && isCommonPassword(value)) {
    invalid(name, 'Password must be between 8 and 265 characters long, and should not be one of the commonly used password.');
  }
  return value;
}

/** Admin-created users may have no password; an empty string counts as none. */
export function readOptionalNewPassword(params: ParamReader, name: string, settings: Pick<ProjectAuthSettings, 'passwordDictionary'>): string | undefined {
  const value = params.raw(name);
  if (value === undefined || value === null || value === '') return undefined;
  return readNewPassword(params, name, settings);
}

export function readName(params: ParamReader, name = 'name'): string {
  return params.string(name, { max: NAME_MAX });
}

export function readOptionalName(params: ParamReader, name = 'name'): string {
  return params.optionalString(name, { max: NAME_MAX }) ?? '';
}

/** An e-mail that may be left out (admin-created users); stored lower-cased. */
export function readOptionalEmail(params: ParamReader, name = 'email'): string | undefined {
  const value = params.optionalString(name);
  if (value === undefined || value === '') return undefined;
  if (!isEmail(value)) invalid(name, 'Value must be a valid email address');
  return value.toLowerCase();
}

export function readOptionalPhone(params: ParamReader, name = 'phone'): string | undefined {
  const value = params.optionalString(name);
  if (value === undefined || value === '') return undefined;
  if (!PHONE_PATTERN.test(value)) invalid(name, "Phone number must start with a '+' can have a maximum of fifteen digits.");
  return value;
}

/** Labels replace the old set; duplicates collapse, as `array_unique` does on Appwrite. */
export function readLabels(params: ParamReader, name = 'labels'): string[] {
  requireParam(params, name);
  const labels = params.stringArray(name);
  if (!labels || labels.length > LABELS_MAX || labels.some((label) => !LABEL_PATTERN.test(label))) {
    invalid(
      name,
      `Value must a valid array no longer than ${LABELS_MAX} items and Value must be a valid string and at least 1 chars and no longer than 36 chars and only consist of alphanumeric chars`,
    );
  }
  return [...new Set(labels)];
}

export function readRequiredBoolean(params: ParamReader, name: string): boolean {
  requireParam(params, name);
  return params.boolean(name, false);
}

/** Appwrite's Assoc validator: a JSON object (not a string holding one), at most 65,535 characters encoded. */
const PREFS_MAX_LENGTH = 65_535;

export function readPrefs(params: ParamReader, name = 'prefs'): Record<string, unknown> {
  requireParam(params, name);
  const raw = params.raw(name);
  // PHP clients encode an empty object as `[]`; Appwrite reads it as no prefs.
  const value = Array.isArray(raw) && raw.length === 0 ? {} : raw;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || JSON.stringify(value).length > PREFS_MAX_LENGTH) {
    invalid(name, 'Value must be a valid object.');
  }
  return value as Record<string, unknown>;
}

/** A JWT lives 15 minutes unless asked otherwise, at most an hour (Appwrite's Range(0, 3600)). */
export function readJwtDuration(params: ParamReader): number {
  return params.integer('duration', 900, { min: 0, max: 3600 });
}
