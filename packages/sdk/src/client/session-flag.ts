import { ROLES, type Role } from '../domain/constants.ts';
import type { CurrentUser } from '../domain/entities.ts';

/**
 * The spec's client-side session flag: `isAuthenticated` holds the text `true` and
 * `currentUser` the serialized user, in local storage, so the app can decide at start whether to show
 * the signed-in routes before it has asked the server. The server stays the authority on every call.
 */

/** The part of the Web Storage API the flag needs; `window.localStorage` fits. @public */
export interface KeyValueStorage {
  /** The value stored under `key`, or null. */
  getItem(key: string): string | null;
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void;
  /** Removes `key`. */
  removeItem(key: string): void;
}

/** The local-storage keys of the spec. @public */
export const SESSION_KEYS = { isAuthenticated: 'isAuthenticated', currentUser: 'currentUser' } as const;

/** What the flag says at app start. @public */
export interface StoredSession {
  /** True when the flag says a member is signed in. */
  isAuthenticated: boolean;
  /** The member stored with the flag, or null. */
  currentUser: CurrentUser | null;
}

const SIGNED_OUT: StoredSession = Object.freeze({ isAuthenticated: false, currentUser: null });

/**
 * The browser's localStorage, or undefined outside a browser and where reading it is refused (a
 * sandboxed frame or disabled storage throws a SecurityError on access).
 */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    const storage = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    return storage && typeof storage.getItem === 'function' ? storage : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the flag. A flag that is not exactly `true`, or a stored user that is not one, counts as signed out. @public */
export function readSessionFlag(storage: KeyValueStorage | undefined): StoredSession {
  if (!storage) return SIGNED_OUT;
  try {
    if (storage.getItem(SESSION_KEYS.isAuthenticated) !== 'true') return SIGNED_OUT;
    const currentUser = parseUser(storage.getItem(SESSION_KEYS.currentUser));
    return currentUser ? { isAuthenticated: true, currentUser } : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

/** Stores the flag for a signed-in user. */
export function writeSessionFlag(storage: KeyValueStorage | undefined, user: CurrentUser): void {
  if (!storage) return;
  try {
    storage.setItem(SESSION_KEYS.isAuthenticated, 'true');
    storage.setItem(SESSION_KEYS.currentUser, JSON.stringify(user));
  } catch {
    // A full or refused storage only costs the fast start; the session itself lives on the server.
  }
}

/** Clears the flag (sign-out, or a session the server no longer knows). */
export function clearSessionFlag(storage: KeyValueStorage | undefined): void {
  if (!storage) return;
  try {
    storage.removeItem(SESSION_KEYS.isAuthenticated);
    storage.removeItem(SESSION_KEYS.currentUser);
  } catch {
    // Nothing stored that could be cleared.
  }
}

function parseUser(text: string | null): CurrentUser | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Record<string, unknown>;
  if (typeof user.id !== 'string' || typeof user.email !== 'string' || typeof user.displayName !== 'string') return null;
  const role = ROLES.find((candidate): candidate is Role => candidate === user.role);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role,
    emailVerified: user.emailVerified === true,
    ...(user.boardAdmin === true ? { boardAdmin: true } : {}),
  };
}
