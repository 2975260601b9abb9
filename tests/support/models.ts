import { expect } from 'vitest';
import { realAppwrite } from './backend.ts';

/** An Appwrite datetime: milliseconds and a numeric offset, never `Z`. */
export const APPWRITE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

/** What a model field holds; `date?` is a datetime or `""` (never set), `any` is anything, null included. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'date' | 'date?' | 'any';
export type ModelShape = Readonly<Record<string, FieldKind>>;

function kindOf(value: unknown): FieldKind | 'null' | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'object') return typeof value as FieldKind;
  return typeof value === 'bigint' ? 'number' : 'undefined';
}

function holds(value: unknown, kind: FieldKind): boolean {
  if (kind === 'any') return true;
  if (kind === 'date') return typeof value === 'string' && APPWRITE_DATE.test(value);
  if (kind === 'date?') return value === '' || (typeof value === 'string' && APPWRITE_DATE.test(value));
  return kindOf(value) === kind;
}

/**
 * Asserts that a model has every field of `shape`, each of its kind. Locally it must have no other
 * field either; a real Appwrite may add the optional ones its version knows (protocol 3.2: e.g.
 * `emailCanonical`, `emailIsFree` on accounts; `password`, `hash` on users read with a key).
 */
export function expectModel(model: object, shape: ModelShape): void {
  const fields = model as Record<string, unknown>;
  const wrong = Object.entries(shape)
    .filter(([key, kind]) => !Object.hasOwn(fields, key) || !holds(fields[key], kind))
    .map(([key, kind]) => `${key}: expected ${kind}, got ${Object.hasOwn(fields, key) ? JSON.stringify(fields[key]) : 'nothing'}`);
  expect(wrong).toEqual([]);
  if (!realAppwrite) expect(Object.keys(fields).sort()).toEqual(Object.keys(shape).sort());
}

/** Account (client) model, Appwrite 1.9. */
export const ACCOUNT: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  name: 'string',
  registration: 'date',
  status: 'boolean',
  labels: 'array',
  passwordUpdate: 'date?',
  email: 'string',
  phone: 'string',
  emailVerification: 'boolean',
  /** Appwrite 1.9's e-mail facts: a string or boolean, null for an account without an address. */
  emailCanonical: 'any',
  emailIsFree: 'any',
  emailIsDisposable: 'any',
  emailIsCorporate: 'any',
  emailIsCanonical: 'any',
  phoneVerification: 'boolean',
  mfa: 'boolean',
  prefs: 'object',
  targets: 'array',
  accessedAt: 'date?',
  impersonator: 'boolean',
  /** Who acts as this user while impersonating; null otherwise. */
  impersonatorUserId: 'any',
};

/** The User model an API key reads: the Account model plus the password hash, its algorithm and options. */
export const USER: ModelShape = { ...ACCOUNT, password: 'string', hash: 'string', hashOptions: 'object' };

/** Session model, protocol 3.3. */
export const SESSION: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  userId: 'string',
  expire: 'date',
  provider: 'string',
  providerUid: 'string',
  providerAccessToken: 'string',
  providerAccessTokenExpiry: 'date?',
  providerRefreshToken: 'string',
  ip: 'string',
  osCode: 'string',
  osName: 'string',
  osVersion: 'string',
  clientType: 'string',
  clientCode: 'string',
  clientName: 'string',
  clientVersion: 'string',
  clientEngine: 'string',
  clientEngineVersion: 'string',
  deviceName: 'string',
  deviceBrand: 'string',
  deviceModel: 'string',
  countryCode: 'string',
  countryName: 'string',
  current: 'boolean',
  factors: 'array',
  secret: 'string',
  mfaUpdatedAt: 'date?',
};

/** Token model (e-mail verification). */
export const TOKEN: ModelShape = { $id: 'string', $createdAt: 'date', userId: 'string', secret: 'string', expire: 'date', phrase: 'string' };

/** File model, protocol 7.3. */
export const FILE: ModelShape = {
  $id: 'string',
  bucketId: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  $permissions: 'array',
  name: 'string',
  folder: 'string',
  key: 'string',
  signature: 'string',
  mimeType: 'string',
  sizeOriginal: 'number',
  sizeActual: 'number',
  chunksTotal: 'number',
  chunksUploaded: 'number',
  encryption: 'boolean',
  compression: 'string',
};

/** Table model, protocol 6.1. */
export const TABLE: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  $permissions: 'array',
  databaseId: 'string',
  name: 'string',
  enabled: 'boolean',
  rowSecurity: 'boolean',
  columns: 'array',
  indexes: 'array',
  bytesMax: 'number',
  bytesUsed: 'number',
};

/** Fields every Column model has, protocol 6.1; each type adds its own. */
export const COLUMN: ModelShape = {
  key: 'string',
  type: 'string',
  status: 'string',
  error: 'string',
  required: 'boolean',
  array: 'boolean',
  $createdAt: 'date',
  $updatedAt: 'date',
};

/** ColumnIndex model, protocol 6.1. */
export const INDEX: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  key: 'string',
  type: 'string',
  status: 'string',
  error: 'string',
  columns: 'array',
  lengths: 'array',
  orders: 'array',
};

/** The body of every error answer, protocol 2.1. */
export const ERROR: ModelShape = { message: 'string', code: 'number', type: 'string', version: 'string' };

/** Team model (Appwrite 1.9). */
export const TEAM: ModelShape = { $id: 'string', $createdAt: 'date', $updatedAt: 'date', name: 'string', total: 'number', prefs: 'object' };

/** Membership model (Appwrite 1.9): `joined` is `""` until the invitation is accepted. */
export const MEMBERSHIP: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  userId: 'string',
  userName: 'string',
  userEmail: 'string',
  userPhone: 'string',
  teamId: 'string',
  teamName: 'string',
  invited: 'date',
  joined: 'date?',
  confirm: 'boolean',
  mfa: 'boolean',
  userAccessedAt: 'date?',
  roles: 'array',
};
