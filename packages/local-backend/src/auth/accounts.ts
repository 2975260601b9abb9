import type { Store } from '../store/store.ts';
import { randomSecret } from '../store/store.ts';
import { uniqueId } from '../http/params.ts';
import type { StoredPassword, HashAlgorithm } from './password-hashes.ts';
import { AuditLog } from './audit-log.ts';
import { Authenticators } from './authenticators.ts';
import { hashSecret } from './tokens.ts';
import { findUserRows, type UserListOptions } from './user-list.ts';

export type { UserField, UserFilter, UserListOptions } from './user-list.ts';
export { sessionModel, userModel } from './user-model.ts';

/** A session lasts a year, Appwrite's default (TOKEN_EXPIRATION_LOGIN_LONG). */
export const SESSION_DURATION_SECONDS = 31_536_000;

export interface UserRecord {
  id: string;
  email: string;
  phone: string;
  name: string;
  /** The password hash with its algorithm and options; null for an account without a password. */
  password: StoredPassword | null;
  /** Hashes of earlier passwords, newest last, kept while the project's `passwordHistory` asks. */
  passwordHistory: string[];
  status: boolean;
  labels: string[];
  prefs: Record<string, unknown>;
  emailVerification: boolean;
  phoneVerification: boolean;
  /** Multi-factor authentication turned on (`PATCH /account/mfa`). */
  mfa: boolean;
  /** May act as another user (`PATCH /users/{id}/impersonator`). */
  impersonator: boolean;
  registration: number;
  passwordUpdate: number | null;
  accessedAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface SessionRecord {
  id: string;
  userId: string;
  secretHash: string;
  provider: string;
  providerUid: string;
  factors: string[];
  ip: string;
  userAgent: string;
  expire: number;
  /** When the session last passed an MFA challenge; 0 never. */
  mfaUpdatedAt: number;
  createdAt: number;
  updatedAt: number;
}

interface UserRow {
  id: string;
  email: string;
  phone: string;
  name: string;
  password_hash: string | null;
  hash: string;
  hash_options: string;
  password_history: string;
  status: number;
  labels: string;
  prefs: string;
  email_verification: number;
  phone_verification: number;
  mfa: number;
  impersonator: number;
  registration: number;
  password_update: number | null;
  accessed_at: number;
  created_at: number;
  updated_at: number;
}

interface SessionRow {
  id: string;
  user_id: string;
  secret_hash: string;
  provider: string;
  provider_uid: string;
  factors: string;
  ip: string;
  user_agent: string;
  expire: number;
  mfa_updated_at: number;
  created_at: number;
  updated_at: number;
}

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    name: row.name,
    password:
      row.password_hash === null
        ? null
        : { hash: row.password_hash, algorithm: row.hash as HashAlgorithm, options: JSON.parse(row.hash_options) as Record<string, unknown> },
    passwordHistory: JSON.parse(row.password_history) as string[],
    status: row.status === 1,
    labels: JSON.parse(row.labels) as string[],
    prefs: JSON.parse(row.prefs) as Record<string, unknown>,
    emailVerification: row.email_verification === 1,
    phoneVerification: row.phone_verification === 1,
    mfa: row.mfa === 1,
    impersonator: row.impersonator === 1,
    registration: row.registration,
    passwordUpdate: row.password_update,
    accessedAt: row.accessed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    secretHash: row.secret_hash,
    provider: row.provider,
    providerUid: row.provider_uid,
    factors: JSON.parse(row.factors) as string[],
    ip: row.ip,
    userAgent: row.user_agent,
    expire: row.expire,
    mfaUpdatedAt: row.mfa_updated_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Columns later versions added; data folders from before get them with these defaults. */
const ADDED_COLUMNS: ReadonlyArray<readonly [table: string, column: string, definition: string]> = [
  // Earlier folders hashed with our own scrypt format, which the argon2 check still recognises.
  ['_users', 'hash', "TEXT NOT NULL DEFAULT 'argon2'"],
  ['_users', 'hash_options', "TEXT NOT NULL DEFAULT '{}'"],
  ['_users', 'password_history', "TEXT NOT NULL DEFAULT '[]'"],
  ['_users', 'mfa', 'INTEGER NOT NULL DEFAULT 0'],
  ['_users', 'impersonator', 'INTEGER NOT NULL DEFAULT 0'],
  ['_sessions', 'mfa_updated_at', 'INTEGER NOT NULL DEFAULT 0'],
];

export interface UserChanges {
  name?: string;
  email?: string;
  phone?: string;
  labels?: string[];
  prefs?: Record<string, unknown>;
  emailVerification?: boolean;
  phoneVerification?: boolean;
  status?: boolean;
  mfa?: boolean;
  impersonator?: boolean;
  /** A new password (null removes it); `keepHistory` earlier hashes are kept for the history rule. */
  password?: StoredPassword | null;
  keepHistory?: number;
}

/** Users and their sessions. Emails are stored lower-cased and are unique when present. */
export class Accounts {
  /** Users' TOTP authenticators and MFA recovery codes. */
  readonly authenticators: Authenticators;
  /** The audit trail `/account/logs` and `/users/{id}/logs` read. */
  readonly logs: AuditLog;

  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _users (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE, email TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '', name TEXT NOT NULL DEFAULT '',
        password_hash TEXT, status INTEGER NOT NULL DEFAULT 1, labels TEXT NOT NULL DEFAULT '[]', prefs TEXT NOT NULL DEFAULT '{}',
        email_verification INTEGER NOT NULL DEFAULT 0, phone_verification INTEGER NOT NULL DEFAULT 0,
        registration INTEGER NOT NULL, password_update INTEGER, accessed_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX IF NOT EXISTS _users_email ON _users(email) WHERE email <> '';
      CREATE TABLE IF NOT EXISTS _sessions (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES _users(id) ON DELETE CASCADE,
        secret_hash TEXT NOT NULL, provider TEXT NOT NULL, provider_uid TEXT NOT NULL, factors TEXT NOT NULL,
        ip TEXT NOT NULL, user_agent TEXT NOT NULL, expire INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS _sessions_user ON _sessions(user_id);
    `);
    for (const [table, column, definition] of ADDED_COLUMNS) {
      const columns = store.db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>;
      if (!columns.some((existing) => existing.name === column)) store.migrate(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
    this.authenticators = new Authenticators(store);
    this.logs = new AuditLog(store);
  }

  createUser(input: {
    id: string;
    email?: string;
    phone?: string;
    name?: string;
    password?: StoredPassword | null;
    emailVerification?: boolean;
    keepHistory?: number;
  }): UserRecord {
    const now = Date.now();
    const password = input.password ?? null;
    this.store.db
      .prepare(
        `INSERT INTO _users (id, email, phone, name, password_hash, hash, hash_options, password_history, email_verification,
                registration, password_update, accessed_at, created_at, updated_at)
                VALUES (@id, @email, @phone, @name, @passwordHash, @hash, @hashOptions, @history, @emailVerification, @now, @passwordUpdate, @now, @now, @now)`,
      )
      .run({
        id: input.id,
        email: (input.email ?? '').toLowerCase(),
        phone: input.phone ?? '',
        name: input.name ?? '',
        passwordHash: password?.hash ?? null,
        hash: password?.algorithm ?? 'argon2',
        hashOptions: JSON.stringify(password?.options ?? {}),
        history: JSON.stringify(password && (input.keepHistory ?? 0) > 0 ? [password.hash] : []),
        emailVerification: input.emailVerification ? 1 : 0,
        now,
        passwordUpdate: password ? now : null,
      });
    return this.requireUser(input.id);
  }

  /** True when the id, or the e-mail, is already taken. */
  userExists(id: string, email: string | undefined): boolean {
    const row = this.store.db.prepare("SELECT 1 FROM _users WHERE id = ? OR (email <> '' AND email = ?)").get(id, (email ?? '').toLowerCase());
    return row !== undefined;
  }

  countUsers(): number {
    return (this.store.db.prepare('SELECT COUNT(*) AS n FROM _users').get() as { n: number }).n;
  }

  findUser(id: string): UserRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _users WHERE id = ?').get(id) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  findUserByEmail(email: string): UserRecord | undefined {
    const row = this.store.db.prepare("SELECT * FROM _users WHERE email = ? AND email <> ''").get(email.toLowerCase()) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  findUserByPhone(phone: string): UserRecord | undefined {
    const row = this.store.db.prepare("SELECT * FROM _users WHERE phone = ? AND phone <> ''").get(phone) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  requireUser(id: string): UserRecord {
    const user = this.findUser(id);
    if (!user) throw new Error(`user ${id} vanished`);
    return user;
  }

  findUsers(options: UserListOptions): { total: number; users: UserRecord[] } {
    const { total, rows } = findUserRows<UserRow>(this.store.db, options);
    return { total, users: rows.map(toUser) };
  }

  updateUser(id: string, changes: UserChanges): UserRecord {
    const now = Date.now();
    const columns: Record<string, unknown> = {};
    if (changes.name !== undefined) columns.name = changes.name;
    if (changes.email !== undefined) columns.email = changes.email.toLowerCase();
    if (changes.phone !== undefined) columns.phone = changes.phone;
    if (changes.labels !== undefined) columns.labels = JSON.stringify(changes.labels);
    if (changes.prefs !== undefined) columns.prefs = JSON.stringify(changes.prefs);
    if (changes.emailVerification !== undefined) columns.email_verification = changes.emailVerification ? 1 : 0;
    if (changes.phoneVerification !== undefined) columns.phone_verification = changes.phoneVerification ? 1 : 0;
    if (changes.status !== undefined) columns.status = changes.status ? 1 : 0;
    if (changes.mfa !== undefined) columns.mfa = changes.mfa ? 1 : 0;
    if (changes.impersonator !== undefined) columns.impersonator = changes.impersonator ? 1 : 0;
    if (changes.password !== undefined) {
      columns.password_hash = changes.password?.hash ?? null;
      if (changes.password) {
        columns.hash = changes.password.algorithm;
        columns.hash_options = JSON.stringify(changes.password.options);
      }
      columns.password_update = now;
      const keep = changes.keepHistory ?? 0;
      const history = this.requireUser(id).passwordHistory;
      columns.password_history = JSON.stringify(keep > 0 && changes.password ? [...history, changes.password.hash].slice(-keep) : []);
    }
    columns.updated_at = now;
    const assignments = Object.keys(columns)
      .map((column) => `${column} = @${column}`)
      .join(', ');
    this.store.db.prepare(`UPDATE _users SET ${assignments} WHERE id = @id`).run({ ...columns, id });
    return this.requireUser(id);
  }

  /** A re-hash after sign-in keeps the password's date and history: the password itself did not change. */
  rehashPassword(id: string, password: StoredPassword): void {
    this.store.db
      .prepare('UPDATE _users SET password_hash = ?, hash = ?, hash_options = ? WHERE id = ?')
      .run(password.hash, password.algorithm, JSON.stringify(password.options), id);
  }

  touchAccessedAt(id: string, now = Date.now()): void {
    this.store.db.prepare('UPDATE _users SET accessed_at = ? WHERE id = ?').run(now, id);
  }

  deleteUser(id: string): void {
    this.store.db.prepare('DELETE FROM _users WHERE id = ?').run(id);
  }

  createSession(input: { userId: string; provider: string; providerUid: string; factors: string[]; ip: string; userAgent: string; durationSeconds?: number }): {
    session: SessionRecord;
    secret: string;
  } {
    const secret = randomSecret();
    const now = Date.now();
    const id = uniqueId();
    this.store.db
      .prepare(
        `INSERT INTO _sessions (id, user_id, secret_hash, provider, provider_uid, factors, ip, user_agent, expire, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        input.userId,
        hashSecret(secret),
        input.provider,
        input.providerUid,
        JSON.stringify(input.factors),
        input.ip,
        input.userAgent,
        now + (input.durationSeconds ?? SESSION_DURATION_SECONDS) * 1000,
        now,
        now,
      );
    this.touchAccessedAt(input.userId, now);
    return { session: this.findSession(id)!, secret };
  }

  findSession(id: string): SessionRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _sessions WHERE id = ?').get(id) as SessionRow | undefined;
    return row ? toSession(row) : undefined;
  }

  /** The live session of `userId` whose secret matches, if any. */
  findSessionBySecret(userId: string, secret: string): SessionRecord | undefined {
    const row = this.store.db
      .prepare('SELECT * FROM _sessions WHERE user_id = ? AND secret_hash = ? AND expire > ?')
      .get(userId, hashSecret(secret), Date.now()) as SessionRow | undefined;
    return row ? toSession(row) : undefined;
  }

  listSessions(userId: string): SessionRecord[] {
    const rows = this.store.db
      .prepare('SELECT * FROM _sessions WHERE user_id = ? AND expire > ? ORDER BY created_at, rowid')
      .all(userId, Date.now()) as SessionRow[];
    return rows.map(toSession);
  }

  updateSession(id: string, changes: { expire?: number; factors?: string[]; mfaUpdatedAt?: number }): SessionRecord {
    const session = this.findSession(id);
    if (!session) throw new Error(`session ${id} vanished`);
    this.store.db
      .prepare('UPDATE _sessions SET expire = ?, factors = ?, mfa_updated_at = ?, updated_at = ? WHERE id = ?')
      .run(changes.expire ?? session.expire, JSON.stringify(changes.factors ?? session.factors), changes.mfaUpdatedAt ?? session.mfaUpdatedAt, Date.now(), id);
    return this.findSession(id)!;
  }

  deleteSession(id: string): void {
    this.store.db.prepare('DELETE FROM _sessions WHERE id = ?').run(id);
  }

  deleteSessions(userId: string): void {
    this.store.db.prepare('DELETE FROM _sessions WHERE user_id = ?').run(userId);
  }

  /**
   * Ends every session of `userId` but `keepSessionId` (none kept when undefined), as Appwrite's
   * session invalidation does after a password change; JWTs of those sessions die with them.
   */
  deleteSessionsExcept(userId: string, keepSessionId: string | undefined): void {
    this.store.db.prepare('DELETE FROM _sessions WHERE user_id = ? AND id IS NOT ?').run(userId, keepSessionId ?? null);
  }

  /** The project's `sessionsLimit`: past it, the oldest sessions end (Appwrite's shutdown hook of the session routes). */
  trimSessions(userId: string, limit: number): void {
    if (limit <= 0) return;
    const sessions = this.listSessions(userId);
    for (const session of sessions.slice(0, Math.max(0, sessions.length - limit))) this.deleteSession(session.id);
  }
}
