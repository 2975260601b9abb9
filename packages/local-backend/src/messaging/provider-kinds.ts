import { errors } from '../http/errors.ts';
import type { ParamReader } from '../http/params.ts';
import { nullableBoolean, nullableJson, optionalChoice, optionalEmail, optionalPhone, optionalText } from './messaging-params.ts';

/**
 * Every provider Appwrite Messaging has, as data: which params each create and update route takes,
 * whether a value lands in `credentials` or `options`, and what must be present before it may be
 * enabled. The create and update handlers (provider-routes.ts) read this table, so the eleven
 * routes of each family behave alike, with Appwrite's per-provider differences kept here.
 */

export type ProviderType = 'email' | 'sms' | 'push';

type Reader = (params: ParamReader, name: string) => unknown;

interface Field {
  param: string;
  into: 'credentials' | 'options';
  read: Reader;
  /** On create, set even when not given, with this value (Appwrite's e-mail options are always there, `''` when empty). */
  createDefault?: unknown;
  /** How the value is stored when it differs from the param (SMTP's `encryption: none` is stored as `''`). */
  store?: (value: unknown) => unknown;
  /** Not optional on create (SMTP's `host`). */
  required?: boolean;
}

export interface ProviderKind {
  provider: string;
  type: ProviderType;
  fields: readonly Field[];
  /** Keys (in credentials or options) that must hold a value for `enabled: true` on create… */
  enableOnCreate: readonly string[];
  /** …and on update, where Appwrite's checks differ per provider (most e-mail ones only test that `fromEmail` exists as a key). */
  enableOnUpdate: readonly string[];
}

const text: Reader = (params, name) => optionalText(params, name);
const text128: Reader = (params, name) => optionalText(params, name, 128);
const text256: Reader = (params, name) => optionalText(params, name, 256);
const email: Reader = (params, name) => optionalEmail(params, name);
const phone: Reader = (params, name) => optionalPhone(params, name);
const bool: Reader = (params, name) => nullableBoolean(params, name);
const json: Reader = (params, name) => nullableJson(params, name);
const port: Reader = (params, name) => (params.has(name) ? params.integer(name, 587, { min: 1, max: 65535 }) : undefined);
const encryption: Reader = (params, name) => optionalChoice(params, name, ['none', 'ssl', 'tls'] as const);

const credential = (param: string, read: Reader = text, createDefault?: unknown): Field => ({ param, into: 'credentials', read, createDefault });
const option = (param: string, read: Reader, createDefault?: unknown): Field => ({ param, into: 'options', read, createDefault });

/** The sender fields every e-mail provider keeps in its options. */
const SENDER: readonly Field[] = [
  option('fromName', text128, ''),
  option('fromEmail', email, ''),
  option('replyToName', text128, ''),
  option('replyToEmail', email, ''),
];

const smsKind = (provider: string, first: string, second: string): ProviderKind => ({
  provider,
  type: 'sms',
  fields: [option('from', phone), credential(first), credential(second)],
  enableOnCreate: [first, second, 'from'],
  enableOnUpdate: [first, second, 'from'],
});

export const PROVIDER_KINDS: Readonly<Record<string, ProviderKind>> = {
  mailgun: {
    provider: 'mailgun',
    type: 'email',
    fields: [credential('apiKey'), credential('domain'), credential('isEuRegion', bool), ...SENDER],
    enableOnCreate: ['isEuRegion', 'apiKey', 'domain', 'fromEmail'],
    enableOnUpdate: ['isEuRegion', 'apiKey', 'domain'],
  },
  sendgrid: {
    provider: 'sendgrid',
    type: 'email',
    fields: [credential('apiKey'), ...SENDER],
    enableOnCreate: ['apiKey', 'fromEmail'],
    enableOnUpdate: ['apiKey'],
  },
  ses: {
    provider: 'ses',
    type: 'email',
    fields: [credential('accessKey'), credential('secretKey'), credential('region', text128), ...SENDER],
    enableOnCreate: ['accessKey', 'secretKey', 'region', 'fromEmail'],
    enableOnUpdate: ['accessKey', 'secretKey', 'region', 'fromEmail'],
  },
  resend: { provider: 'resend', type: 'email', fields: [credential('apiKey'), ...SENDER], enableOnCreate: ['apiKey', 'fromEmail'], enableOnUpdate: ['apiKey'] },
  smtp: {
    provider: 'smtp',
    type: 'email',
    fields: [
      { ...credential('host'), required: true },
      credential('port', port, 587),
      credential('username', text, ''),
      credential('password', text, ''),
      { param: 'encryption', into: 'options', read: encryption, createDefault: '', store: (value) => (value === 'none' ? '' : value) },
      option('autoTLS', bool, true),
      option('mailer', text, ''),
      ...SENDER,
    ],
    enableOnCreate: ['fromEmail', 'host'],
    enableOnUpdate: ['fromEmail', 'host'],
  },
  msg91: {
    provider: 'msg91',
    type: 'sms',
    fields: [credential('templateId'), credential('senderId'), credential('authKey')],
    enableOnCreate: ['senderId', 'authKey'],
    enableOnUpdate: ['senderId', 'authKey', 'templateId'],
  },
  telesign: smsKind('telesign', 'customerId', 'apiKey'),
  textmagic: smsKind('textmagic', 'username', 'apiKey'),
  twilio: smsKind('twilio', 'accountSid', 'authToken'),
  vonage: smsKind('vonage', 'apiKey', 'apiSecret'),
  fcm: {
    provider: 'fcm',
    type: 'push',
    fields: [credential('serviceAccountJSON', json)],
    enableOnCreate: ['serviceAccountJSON'],
    enableOnUpdate: ['serviceAccountJSON'],
  },
  apns: {
    provider: 'apns',
    type: 'push',
    fields: [credential('authKey'), credential('authKeyId'), credential('teamId'), credential('bundleId'), option('sandbox', bool, false)],
    enableOnCreate: ['authKey', 'authKeyId', 'teamId', 'bundleId'],
    enableOnUpdate: ['authKey', 'authKeyId', 'teamId', 'bundleId'],
  },
};

/** Update routes read a few params with looser validators than create (Appwrite's sender number is any text there). */
const UPDATE_READERS: Readonly<Record<string, Reader>> = { from: text256, replyToEmail: text128 };

export interface ProviderSettings {
  credentials: Record<string, unknown>;
  options: Record<string, unknown>;
}

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The credentials and options a create request gives, with Appwrite's defaults for those it always sets. */
export function readCreateSettings(kind: ProviderKind, params: ParamReader): ProviderSettings {
  const settings: ProviderSettings = { credentials: {}, options: {} };
  for (const field of kind.fields) {
    if (field.required && !params.has(field.param)) throw errors.argumentInvalid(`Param "${field.param}" is not optional.`);
    const value = field.read(params, field.param) ?? field.createDefault;
    if (value !== undefined) settings[field.into][field.param] = field.store ? field.store(value) : value;
  }
  return settings;
}

/** Merges the values an update request gives into the stored settings; absent or empty values keep the stored ones. */
export function mergeUpdateSettings(kind: ProviderKind, params: ParamReader, stored: ProviderSettings): ProviderSettings {
  const merged: ProviderSettings = { credentials: { ...stored.credentials }, options: { ...stored.options } };
  for (const field of kind.fields) {
    const value = (UPDATE_READERS[field.param] ?? field.read)(params, field.param);
    if (value !== undefined) merged[field.into][field.param] = field.store ? field.store(value) : value;
  }
  return merged;
}

/** Whether every key the check names holds a value (`false` counts: Mailgun's `isEuRegion`). */
export function hasRequired(keys: readonly string[], settings: ProviderSettings): boolean {
  return keys.every((key) => present(settings.credentials[key] ?? settings.options[key]));
}
