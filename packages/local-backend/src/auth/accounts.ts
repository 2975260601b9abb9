import type { Store } from '../store/store.ts';
import { randomSecret } from '../store/store.ts';
import { uniqueId } from '../http/params.ts';
import { formatDate } from '../models/time.ts';
import { hashSecret } from './tokens.ts';

/** A session lasts a year, Appwrite's default (TOKEN_EXPIRATION_LOGIN_LONG). */
export const SESSION_DURATION_SECONDS = 31_536_000;

export interface UserRecord {
  id: string;
  email: string;
  phone: string;
  name: string;
  passwordHash: string | null;
  status: boolean;
  labels: string[];
  prefs: Record<string, unknown>;
  emailVerification: boolean;
  phoneVerification: boolean;
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
  createdAt: number;
  updatedAt: number;
}

interface UserRow {
  id: string;
  email: string;
  phone: string;
  name: string;
  password_hash: string | null;
  status: number;
  labels: string;
  prefs: string;
  email_verification: number;
  phone_verification: number;
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
  created_at: number;
  updated_at: number;
}

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    name: row.name,
    passwordHash: row.password_hash,
    status: row.status === 1,
    labels: JSON.parse(row.labels) as string[],
    prefs: JSON.parse(row.prefs) as Record<string, unknown>,
    emailVerification: row.email_verification === 1,
    phoneVerification: row.phone_verification === 1,
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Users and their sessions. Emails are stored lower-cased and are unique when present. */
export class Accounts {
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
  }

  createUser(input: { id: string; email?: string; phone?: string; name?: string; passwordHash?: string | null; emailVerification?: boolean }): UserRecord {
    const now = Date.now();
    this.store.db
      .prepare(
        `INSERT INTO _users (id, email, phone, name, password_hash, email_verification, registration, password_update, accessed_at, created_at, updated_at)
                VALUES (@id, @email, @phone, @name, @passwordHash, @emailVerification, @now, @passwordUpdate, @now, @now, @now)`,
      )
      .run({
        id: input.id,
        email: (input.email ?? '').toLowerCase(),
        phone: input.phone ?? '',
        name: input.name ?? '',
        passwordHash: input.passwordHash ?? null,
        emailVerification: input.emailVerification ? 1 : 0,
        now,
        passwordUpdate: input.passwordHash ? now : null,
      });
    return this.requireUser(input.id);
  }

  /** True when the id, or the e-mail, is already taken. */
  userExists(id: string, email: string | undefined): boolean {
    const row = this.store.db.prepare("SELECT 1 FROM _users WHERE id = ? OR (email <> '' AND email = ?)").get(id, (email ?? '').toLowerCase());
    return row !== undefined;
  }

  findUser(id: string): UserRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _users WHERE id = ?').get(id) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  findUserByEmail(email: string): UserRecord | undefined {
    const row = this.store.db.prepare("SELECT * FROM _users WHERE email = ? AND email <> ''").get(email.toLowerCase()) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  requireUser(id: string): UserRecord {
    const user = this.findUser(id);
    if (!user) throw new Error(`user ${id} vanished`);
    return user;
  }

  /** Lists users in creation order; `search` matches id, e-mail or name. */
  listUsers(options: { search?: string; limit: number; offset: number; cursorAfter?: string }): { total: number; users: UserRecord[] } {
    const where: string[] = [];
    const args: unknown[] = [];
    if (options.search) {
      where.push('(id LIKE ? OR email LIKE ? OR name LIKE ?)');
      const like = `%${options.search.replace(/[%_]/g, '')}%`;
      args.push(like, like, like);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.store.db.prepare(`SELECT COUNT(*) AS n FROM _users ${whereSql}`).get(...args) as { n: number }).n;
    let cursorSql = '';
    const pageArgs = [...args];
    if (options.cursorAfter) {
      cursorSql = `${whereSql ? ' AND' : 'WHERE'} seq > (SELECT seq FROM _users WHERE id = ?)`;
      pageArgs.push(options.cursorAfter);
    }
    const rows = this.store.db
      .prepare(`SELECT * FROM _users ${whereSql}${cursorSql} ORDER BY seq LIMIT ? OFFSET ?`)
      .all(...pageArgs, options.limit, options.offset) as UserRow[];
    return { total, users: rows.map(toUser) };
  }

  updateUser(
    id: string,
    changes: Partial<Pick<UserRecord, 'name' | 'email' | 'labels' | 'prefs' | 'emailVerification' | 'status' | 'passwordHash'>>,
  ): UserRecord {
    const columns: Record<string, unknown> = {};
    if (changes.name !== undefined) columns.name = changes.name;
    if (changes.email !== undefined) columns.email = changes.email.toLowerCase();
    if (changes.labels !== undefined) columns.labels = JSON.stringify(changes.labels);
    if (changes.prefs !== undefined) columns.prefs = JSON.stringify(changes.prefs);
    if (changes.emailVerification !== undefined) columns.email_verification = changes.emailVerification ? 1 : 0;
    if (changes.status !== undefined) columns.status = changes.status ? 1 : 0;
    if (changes.passwordHash !== undefined) {
      columns.password_hash = changes.passwordHash;
      columns.password_update = Date.now();
    }
    columns.updated_at = Date.now();
    const assignments = Object.keys(columns)
      .map((column) => `${column} = @${column}`)
      .join(', ');
    this.store.db.prepare(`UPDATE _users SET ${assignments} WHERE id = @id`).run({ ...columns, id });
    return this.requireUser(id);
  }

  deleteUser(id: string): void {
    this.store.db.prepare('DELETE FROM _users WHERE id = ?').run(id);
  }

  createSession(input: { userId: string; provider: string; providerUid: string; factors: string[]; ip: string; userAgent: string }): {
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
        now + SESSION_DURATION_SECONDS * 1000,
        now,
        now,
      );
    this.store.db.prepare('UPDATE _users SET accessed_at = ? WHERE id = ?').run(now, input.userId);
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
    const rows = this.store.db.prepare('SELECT * FROM _sessions WHERE user_id = ? AND expire > ? ORDER BY created_at').all(userId, Date.now()) as SessionRow[];
    return rows.map(toSession);
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

  findUserByPhone(phone: string): UserRecord | undefined {
    const row = this.store.db.prepare("SELECT * FROM _users WHERE phone = ? AND phone <> ''").get(phone) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  /**
   * The users list endpoint: filters, substring search, one sort field and cursor paging, all in
   * SQL. Ties (and the default order) fall back to creation order, so pages never overlap.
   */
  findUsers(options: UserListOptions): { total: number; users: UserRecord[] } {
    const where: string[] = [];
    const args: unknown[] = [];
    for (const filter of options.filters) {
      if (filter.field === 'labels') {
        where.push(`EXISTS (SELECT 1 FROM json_each(_users.labels) WHERE value IN (${filter.values.map(() => '?').join(', ')}))`);
        args.push(...filter.values);
        continue;
      }
      const column = USER_COLUMNS[filter.field];
      const values = filter.values.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
      const list = values.map(() => '?').join(', ');
      where.push(filter.operator === 'equal' ? `${column} IN (${list})` : `${column} NOT IN (${list})`);
      args.push(...values);
    }
    if (options.search) {
      const like = `%${options.search.replace(/[%_\\]/g, (match) => `\\${match}`)}%`;
      where.push("(id LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\')");
      args.push(like, like, like, like);
    }
    const filterSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = options.countTotal ? (this.store.db.prepare(`SELECT COUNT(*) AS n FROM _users ${filterSql}`).get(...args) as { n: number }).n : 0;

    const column = options.order ? USER_COLUMNS[options.order.field] : 'seq';
    const descending = options.order?.descending ?? false;
    const pageWhere = [...where];
    const pageArgs = [...args];
    let reverse = false;
    if (options.cursor) {
      const anchor = this.store.db.prepare(`SELECT ${column} AS value, seq FROM _users WHERE id = ?`).get(options.cursor.id) as
        { value: unknown; seq: number } | undefined;
      if (!anchor) return { total, users: [] };
      // "before" pages walk the order backwards from the cursor, then flip back.
      reverse = options.cursor.direction === 'before';
      const forward = descending !== reverse ? '<' : '>';
      pageWhere.push(`(${column} ${forward} ? OR (${column} = ? AND seq ${descending !== reverse ? '<' : '>'} ?))`);
      pageArgs.push(anchor.value, anchor.value, anchor.seq);
    }
    const direction = descending !== reverse ? 'DESC' : 'ASC';
    const pageSql = pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : '';
    const rows = this.store.db
      .prepare(`SELECT * FROM _users ${pageSql} ORDER BY ${column} ${direction}, seq ${direction} LIMIT ? OFFSET ?`)
      .all(...pageArgs, options.limit, options.offset) as UserRow[];
    const users = rows.map(toUser);
    return { total, users: reverse ? users.reverse() : users };
  }
}

/** User fields the users list can filter or sort on (Appwrite's Users query validator allows these and more). */
export type UserField = 'id' | 'email' | 'name' | 'phone' | 'status' | 'emailVerification' | 'phoneVerification' | 'registration' | 'createdAt' | 'updatedAt';

const USER_COLUMNS: Record<UserField, string> = {
  id: 'id',
  email: 'email',
  name: 'name',
  phone: 'phone',
  status: 'status',
  emailVerification: 'email_verification',
  phoneVerification: 'phone_verification',
  registration: 'registration',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

export type UserFilter =
  | { field: Exclude<UserField, 'registration' | 'createdAt' | 'updatedAt'>; operator: 'equal' | 'notEqual'; values: Array<string | boolean> }
  | { field: 'labels'; operator: 'contains'; values: string[] };

export interface UserListOptions {
  filters: UserFilter[];
  search?: string;
  order?: { field: UserField; descending: boolean };
  cursor?: { id: string; direction: 'after' | 'before' };
  limit: number;
  offset: number;
  /** Appwrite's `total=false` skips counting and answers 0. */
  countTotal: boolean;
}

/** The User model (Account model = the same without password fields). */
export function userModel(user: UserRecord): Record<string, unknown> {
  return {
    $id: user.id,
    $createdAt: formatDate(user.createdAt),
    $updatedAt: formatDate(user.updatedAt),
    name: user.name,
    registration: formatDate(user.registration),
    status: user.status,
    labels: user.labels,
    passwordUpdate: user.passwordUpdate === null ? '' : formatDate(user.passwordUpdate),
    email: user.email,
    phone: user.phone,
    emailVerification: user.emailVerification,
    phoneVerification: user.phoneVerification,
    mfa: false,
    prefs: user.prefs,
    targets: user.email
      ? [
          {
            $id: `${user.id}-email`,
            $createdAt: formatDate(user.createdAt),
            $updatedAt: formatDate(user.updatedAt),
            name: '',
            userId: user.id,
            providerType: 'email',
            identifier: user.email,
            expired: false,
          },
        ]
      : [],
    accessedAt: formatDate(user.accessedAt),
  };
}

export function sessionModel(session: SessionRecord, options: { current: boolean; secret: string }): Record<string, unknown> {
  return {
    $id: session.id,
    $createdAt: formatDate(session.createdAt),
    $updatedAt: formatDate(session.updatedAt),
    userId: session.userId,
    expire: formatDate(session.expire),
    provider: session.provider,
    providerUid: session.providerUid,
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
    ip: session.ip,
    osCode: '',
    osName: '',
    osVersion: '',
    clientType: '',
    clientCode: '',
    clientName: '',
    clientVersion: '',
    clientEngine: '',
    clientEngineVersion: '',
    deviceName: '',
    deviceBrand: '',
    deviceModel: '',
    countryCode: '--',
    countryName: 'Unknown',
    current: options.current,
    factors: session.factors,
    secret: options.secret,
    mfaUpdatedAt: '',
  };
}
