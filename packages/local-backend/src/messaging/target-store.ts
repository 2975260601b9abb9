import type { Accounts, UserRecord } from '../auth/accounts.ts';
import { errors } from '../http/errors.ts';
import { formatDate } from '../models/time.ts';
import { parseListQueries } from '../queries/list-queries.ts';
import { columnAttributes, selectPage, type SqlCondition } from '../queries/list-sql.ts';
import type { Store } from '../store/store.ts';
import type { ProviderType } from './provider-kinds.ts';

export interface TargetRecord {
  id: string;
  userId: string;
  providerType: ProviderType;
  providerId: string | null;
  identifier: string;
  name: string;
  expired: boolean;
  /** The session a push target was registered from (`account.createPushTarget`); it goes when the session ends. */
  sessionId: string | null;
  createdAt: number;
  updatedAt: number;
}

interface TargetRow {
  id: string;
  user_id: string;
  provider_type: string;
  provider_id: string | null;
  identifier: string;
  name: string;
  expired: number;
  session_id: string | null;
  created_at: number;
  updated_at: number;
}

/** Targets::ALLOWED_ATTRIBUTES of Appwrite, as columns of `_messaging_targets`. */
const TARGET_ATTRIBUTES = columnAttributes({ userId: 'string', providerId: 'string', identifier: 'string', providerType: 'string' });

/** The id of the e-mail target every user with an address has, the one the User model lists (auth/accounts.ts). */
export function accountEmailTargetId(userId: string): string {
  return `${userId}-email`;
}

const EMAIL_SUFFIX = '-email';

const TARGETS_TABLE = `
  CREATE TABLE IF NOT EXISTS _messaging_targets (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, user_id TEXT NOT NULL, provider_type TEXT NOT NULL,
    provider_id TEXT, identifier TEXT NOT NULL, name TEXT NOT NULL DEFAULT '', expired INTEGER NOT NULL DEFAULT 0,
    session_id TEXT, synced_email TEXT, removed INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
  );`;

function toTarget(row: TargetRow): TargetRecord {
  return {
    id: row.id,
    userId: row.user_id,
    providerType: row.provider_type as ProviderType,
    providerId: row.provider_id,
    identifier: row.identifier,
    name: row.name,
    expired: row.expired === 1,
    sessionId: row.session_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Users' messaging targets in SQLite (`_messaging_targets`). Appwrite creates an e-mail target with
 * each user that has an address and keeps it on the address; here that target (id
 * `<userId>-email`, as the User model names it) is written from the user's record whenever the
 * address it was written from is no longer the user's: on the user events, and again before any
 * read that could see it, so a user created or changed by any path has it right. A target deleted
 * through the API stays deleted until the user's address changes (`removed`).
 */
export class Targets {
  constructor(
    private readonly store: Store,
    private readonly accounts: Accounts,
  ) {
    upgradeFirstVersion(store);
    store.migrate(`
      ${TARGETS_TABLE}
      CREATE INDEX IF NOT EXISTS _messaging_targets_user ON _messaging_targets(user_id);
    `);
  }

  /** Brings the user's own e-mail target in line with the user's address (or drops it with the user). */
  syncAccountTarget(userId: string, user: UserRecord | undefined = this.accounts.findUser(userId)): void {
    const id = accountEmailTargetId(userId);
    const row = this.store.db.prepare('SELECT synced_email, user_id FROM _messaging_targets WHERE id = ?').get(id) as
      { synced_email: string | null; user_id: string } | undefined;
    if (row && (row.user_id !== userId || row.synced_email === null)) return; // a target created through the API with that id
    const email = user?.email ?? '';
    if (!row) {
      if (!user || email === '') return;
      this.store.db
        .prepare(
          `INSERT INTO _messaging_targets (id, user_id, provider_type, identifier, synced_email, created_at, updated_at)
           VALUES (?, ?, 'email', ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
        )
        .run(id, userId, email, email, user.createdAt, user.updatedAt);
      return;
    }
    if (row.synced_email === email) return;
    this.store.db
      .prepare('UPDATE _messaging_targets SET identifier = ?, synced_email = ?, removed = ?, expired = 0, updated_at = ? WHERE id = ?')
      .run(email, email, email === '' ? 1 : 0, Date.now(), id);
  }

  find(id: string): TargetRecord | undefined {
    if (id.endsWith(EMAIL_SUFFIX)) this.syncAccountTarget(id.slice(0, -EMAIL_SUFFIX.length));
    const row = this.store.db.prepare('SELECT * FROM _messaging_targets WHERE id = ? AND removed = 0').get(id) as TargetRow | undefined;
    return row && toTarget(row);
  }

  /** True when any row, a removed account target included, has the id. */
  idTaken(id: string): boolean {
    if (id.endsWith(EMAIL_SUFFIX)) this.syncAccountTarget(id.slice(0, -EMAIL_SUFFIX.length));
    return this.store.db.prepare('SELECT 1 FROM _messaging_targets WHERE id = ?').get(id) !== undefined;
  }

  /**
   * True when another target (`exceptId` aside) has this identifier: Appwrite keeps a target's
   * identifier unique in the project (its `_key_identifier` index), every account's own address
   * included, and answers a second one with 409 `user_target_already_exists`.
   */
  identifierTaken(identifier: string, exceptId?: string): boolean {
    const owner = this.accounts.findUserByEmail(identifier.toLowerCase());
    if (owner) this.syncAccountTarget(owner.id, owner);
    const row = this.store.db
      .prepare('SELECT 1 FROM _messaging_targets WHERE identifier = ? AND removed = 0 AND id IS NOT ?')
      .get(identifier, exceptId ?? null);
    return row !== undefined;
  }

  /** Returns undefined when the id is taken. */
  create(input: Omit<TargetRecord, 'createdAt' | 'updatedAt' | 'expired'>): TargetRecord | undefined {
    const now = Date.now();
    const result = this.store.db
      .prepare(
        `INSERT INTO _messaging_targets (id, user_id, provider_type, provider_id, identifier, name, session_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
      )
      .run(input.id, input.userId, input.providerType, input.providerId, input.identifier, input.name, input.sessionId, now, now);
    return result.changes === 0 ? undefined : this.find(input.id);
  }

  update(target: TargetRecord): TargetRecord {
    this.store.db
      .prepare('UPDATE _messaging_targets SET identifier = ?, provider_id = ?, name = ?, expired = ?, updated_at = ? WHERE id = ?')
      .run(target.identifier, target.providerId, target.name, target.expired ? 1 : 0, Date.now(), target.id);
    return this.find(target.id) as TargetRecord;
  }

  /** Deletes one target; the user's own e-mail target is only marked, so that it does not come back until the address changes. */
  delete(id: string): void {
    this.store.db.prepare('UPDATE _messaging_targets SET removed = 1 WHERE id = ? AND synced_email IS NOT NULL').run(id);
    this.store.db.prepare('DELETE FROM _messaging_targets WHERE id = ? AND synced_email IS NULL').run(id);
  }

  /** Every target of a user, for deleting them with the user. */
  allOfUser(userId: string): TargetRecord[] {
    return (this.store.db.prepare('SELECT * FROM _messaging_targets WHERE user_id = ?').all(userId) as TargetRow[]).map(toTarget);
  }

  forgetUser(userId: string): void {
    this.store.db.prepare('DELETE FROM _messaging_targets WHERE user_id = ?').run(userId);
  }

  ofSession(sessionId: string): TargetRecord[] {
    return (this.store.db.prepare('SELECT * FROM _messaging_targets WHERE session_id = ? AND removed = 0').all(sessionId) as TargetRow[]).map(toTarget);
  }

  /** Targets of the given users with the given provider type, in creation order (a message's `users`). */
  ofUsers(userIds: readonly string[], type: ProviderType): TargetRecord[] {
    if (userIds.length === 0) return [];
    for (const userId of userIds) this.syncAccountTarget(userId);
    return (
      this.store.db
        .prepare(`SELECT * FROM _messaging_targets WHERE removed = 0 AND provider_type = ? AND user_id IN (${userIds.map(() => '?').join(', ')}) ORDER BY seq`)
        .all(type, ...userIds) as TargetRow[]
    ).map(toTarget);
  }

  /** Targets by id, in creation order, only those of the type when one is given (a message's `targets`). */
  byIds(ids: readonly string[], type?: ProviderType): TargetRecord[] {
    if (ids.length === 0) return [];
    for (const id of ids) if (id.endsWith(EMAIL_SUFFIX)) this.syncAccountTarget(id.slice(0, -EMAIL_SUFFIX.length));
    const typed = type === undefined ? '' : 'AND provider_type = ?';
    return (
      this.store.db
        .prepare(`SELECT * FROM _messaging_targets WHERE removed = 0 ${typed} AND id IN (${ids.map(() => '?').join(', ')}) ORDER BY seq`)
        .all(...(type === undefined ? [] : [type]), ...ids) as TargetRow[]
    ).map(toTarget);
  }

  /** A page of targets: those of a user (`GET /users/{userId}/targets`) or those a message names (`GET /messaging/messages/{id}/targets`). */
  list(
    scope: { userId: string } | { ids: readonly string[] },
    rawQueries: readonly unknown[],
    includeTotal: boolean,
  ): { total: number; targets: TargetRecord[] } {
    const conditions: SqlCondition[] = [{ sql: 'removed = 0', params: [] }];
    if ('userId' in scope) {
      this.syncAccountTarget(scope.userId);
      conditions.push({ sql: 'user_id = ?', params: [scope.userId] });
    } else {
      this.byIds(scope.ids);
      conditions.push({ sql: `id IN (${scope.ids.map(() => '?').join(', ')})`, params: [...scope.ids] });
    }
    const { total, rows } = selectPage<TargetRow>(this.store.db, {
      table: '_messaging_targets',
      conditions,
      queries: parseListQueries(rawQueries, TARGET_ATTRIBUTES),
      includeTotal,
      cursorRow: (id) => this.store.db.prepare('SELECT * FROM _messaging_targets WHERE id = ? AND removed = 0').get(id) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Target', id),
    });
    return { total, targets: rows.map(toTarget) };
  }
}

/**
 * The first version of this module kept e-mail targets without `seq` or provider columns: its rows
 * move into the current table, in their order, keeping their ids.
 */
function upgradeFirstVersion(store: Store): void {
  const columns = store.db.prepare('PRAGMA table_info(_messaging_targets)').all() as Array<{ name: string }>;
  if (columns.length === 0 || columns.some((column) => column.name === 'seq')) return;
  store.transaction(() => {
    store.db.exec(`
      ALTER TABLE _messaging_targets RENAME TO _messaging_targets_v1;
      ${TARGETS_TABLE}
      INSERT INTO _messaging_targets (id, user_id, provider_type, identifier, name, created_at, updated_at)
        SELECT id, user_id, 'email', identifier, name, created_at, created_at FROM _messaging_targets_v1 ORDER BY created_at;
      DROP TABLE _messaging_targets_v1;
    `);
  });
}

/** Appwrite's Target model, fields in its order (`providerId` is null when the target names none). */
export function targetModel(target: TargetRecord): Record<string, unknown> {
  return {
    $id: target.id,
    $createdAt: formatDate(target.createdAt),
    $updatedAt: formatDate(target.updatedAt),
    name: target.name,
    userId: target.userId,
    providerId: target.providerId,
    providerType: target.providerType,
    identifier: target.identifier,
    expired: target.expired,
  };
}
