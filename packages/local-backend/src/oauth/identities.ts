import { uniqueId } from '../http/params.ts';
import type { Store } from '../store/store.ts';

/** A provider account linked to a user, as Appwrite's `identities` collection keeps it. */
export interface IdentityRecord {
  id: string;
  userId: string;
  provider: string;
  providerUid: string;
  providerEmail: string;
  createdAt: number;
  updatedAt: number;
}

interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  provider_uid: string;
  provider_email: string;
  created_at: number;
  updated_at: number;
}

function toIdentity(row: IdentityRow): IdentityRecord {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    providerUid: row.provider_uid,
    providerEmail: row.provider_email,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Which provider accounts belong to which user. A returning person is recognised by the provider
 * account first, so a sign-in still lands on the same user after they change their e-mail.
 */
export class Identities {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _oauth_identities (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES _users(id) ON DELETE CASCADE,
        provider TEXT NOT NULL, provider_uid TEXT NOT NULL, provider_email TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        UNIQUE (provider, provider_uid)
      );
      CREATE INDEX IF NOT EXISTS _oauth_identities_user ON _oauth_identities(user_id);
      CREATE INDEX IF NOT EXISTS _oauth_identities_email ON _oauth_identities(provider_email);
    `);
  }

  find(provider: string, providerUid: string): IdentityRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _oauth_identities WHERE provider = ? AND provider_uid = ?').get(provider, providerUid) as
      IdentityRow | undefined;
    return row && toIdentity(row);
  }

  findForUser(userId: string, provider: string): IdentityRecord | undefined {
    const row = this.store.db
      .prepare('SELECT * FROM _oauth_identities WHERE user_id = ? AND provider = ? ORDER BY created_at LIMIT 1')
      .get(userId, provider) as IdentityRow | undefined;
    return row && toIdentity(row);
  }

  /** An identity of any provider that carries this e-mail, for a user other than `exceptUserId`. */
  findByEmail(email: string, exceptUserId = ''): IdentityRecord | undefined {
    const row = this.store.db
      .prepare('SELECT * FROM _oauth_identities WHERE provider_email = ? AND user_id <> ? ORDER BY created_at LIMIT 1')
      .get(email, exceptUserId) as IdentityRow | undefined;
    return row && toIdentity(row);
  }

  findById(id: string): IdentityRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _oauth_identities WHERE id = ?').get(id) as IdentityRow | undefined;
    return row && toIdentity(row);
  }

  /** Every identity, or those of one user, oldest first. */
  list(userId?: string): IdentityRecord[] {
    const rows = (
      userId === undefined
        ? this.store.db.prepare('SELECT * FROM _oauth_identities ORDER BY created_at, id').all()
        : this.store.db.prepare('SELECT * FROM _oauth_identities WHERE user_id = ? ORDER BY created_at, id').all(userId)
    ) as IdentityRow[];
    return rows.map(toIdentity);
  }

  delete(id: string): void {
    this.store.db.prepare('DELETE FROM _oauth_identities WHERE id = ?').run(id);
  }

  link(input: { userId: string; provider: string; providerUid: string; providerEmail: string }): IdentityRecord {
    const now = Date.now();
    const id = uniqueId();
    this.store.db
      .prepare('INSERT INTO _oauth_identities (id, user_id, provider, provider_uid, provider_email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(id, input.userId, input.provider, input.providerUid, input.providerEmail, now, now);
    return { id, ...input, createdAt: now, updatedAt: now };
  }
}
