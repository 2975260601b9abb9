import { uniqueId } from '../http/params.ts';
import { formatDate } from '../models/time.ts';
import { randomSecret, type Store } from '../store/store.ts';
import { hashSecret } from './tokens.ts';

/** Appwrite 1.9's TOKEN_EXPIRATION_CONFIRM: a verification link stays valid for an hour. */
export const VERIFICATION_TTL_SECONDS = 60 * 60;

/** Appwrite's TOKEN_EXPIRATION_RECOVERY: a password reset link stays valid for an hour. */
export const RECOVERY_TTL_SECONDS = 60 * 60;

export type TokenType = 'verification' | 'recovery';

export interface TokenRecord {
  id: string;
  userId: string;
  type: TokenType;
  /** The address the token was mailed to; it confirms that address and no other. */
  email: string;
  expire: number;
  createdAt: number;
}

interface TokenRow {
  id: string;
  user_id: string;
  type: TokenType;
  email: string;
  expire: number;
  created_at: number;
}

/**
 * One-time secrets mailed to a user (e-mail verification, password recovery). Only a hash is stored,
 * like sessions, and a token is gone once used. A token is bound to the address it was mailed to, and
 * an e-mail change drops the pending ones: stricter than Appwrite, which keeps them, so that a link
 * sent to an old address can never mark a new one verified or reset the password of the account that
 * moved away from it (the `roles` function does not rely on this).
 */
export class AccountTokens {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _account_tokens (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES _users(id) ON DELETE CASCADE,
        type TEXT NOT NULL, secret_hash TEXT NOT NULL, expire INTEGER NOT NULL, created_at INTEGER NOT NULL,
        email TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX IF NOT EXISTS _account_tokens_user ON _account_tokens(user_id, type);
    `);
    // Data folders from before tokens were bound: their pending tokens (no address) confirm nothing.
    const columns = store.db.prepare('PRAGMA table_info(_account_tokens)').all() as Array<{ name: string }>;
    if (!columns.some((column) => column.name === 'email')) store.migrate("ALTER TABLE _account_tokens ADD COLUMN email TEXT NOT NULL DEFAULT ''");
  }

  create(userId: string, type: TokenType, email: string, ttlSeconds: number): { token: TokenRecord; secret: string } {
    // 256 characters, the length of Appwrite's token secrets.
    const secret = randomSecret(128);
    const now = Date.now();
    const token: TokenRecord = { id: uniqueId(), userId, type, email: email.toLowerCase(), expire: now + ttlSeconds * 1000, createdAt: now };
    this.store.db
      .prepare('INSERT INTO _account_tokens (id, user_id, type, email, secret_hash, expire, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(token.id, userId, type, token.email, hashSecret(secret), token.expire, now);
    return { token, secret };
  }

  /**
   * The live token of `userId` with this secret that was mailed to `email` (the account's address
   * now), deleted as it is returned; undefined if none.
   */
  consume(userId: string, type: TokenType, secret: string, email: string): TokenRecord | undefined {
    const row = this.store.db
      .prepare(
        `SELECT id, user_id, type, email, expire, created_at FROM _account_tokens
                WHERE user_id = ? AND type = ? AND secret_hash = ? AND expire > ? AND email = ? AND email <> ''`,
      )
      .get(userId, type, hashSecret(secret), Date.now(), email.toLowerCase()) as TokenRow | undefined;
    if (!row) return undefined;
    this.store.db.prepare('DELETE FROM _account_tokens WHERE id = ?').run(row.id);
    return { id: row.id, userId: row.user_id, type: row.type, email: row.email, expire: row.expire, createdAt: row.created_at };
  }

  /** Drops every pending token of `userId`, after its address changed. */
  dropAll(userId: string): void {
    this.store.db.prepare('DELETE FROM _account_tokens WHERE user_id = ?').run(userId);
  }
}

/** Appwrite's Token model; `secret` is empty unless the caller may see it (API keys, event payloads). */
export function tokenModel(token: TokenRecord, secret: string): Record<string, unknown> {
  return {
    $id: token.id,
    $createdAt: formatDate(token.createdAt),
    userId: token.userId,
    secret,
    expire: formatDate(token.expire),
    phrase: '',
  };
}
