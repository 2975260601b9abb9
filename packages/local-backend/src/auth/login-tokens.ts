import { hashSecret } from './tokens.ts';
import { uniqueId } from '../http/params.ts';
import type { Store } from '../store/store.ts';
import { randomSecret } from '../store/store.ts';

/**
 * The kinds of one-time login token that `POST /account/sessions/token` turns into a session,
 * as in Appwrite (TOKEN_TYPE_OAUTH2, _EMAIL, _MAGIC_URL, _GENERIC).
 */
export type LoginTokenType = 'oauth2' | 'email' | 'magic-url' | 'generic';

export interface LoginToken {
  id: string;
  userId: string;
  type: LoginTokenType;
  /** The OAuth2 provider for `oauth2` tokens, else ''. */
  provider: string;
  expire: number;
  createdAt: number;
}

interface LoginTokenRow {
  id: string;
  user_id: string;
  type: LoginTokenType;
  provider: string;
  expire: number;
  created_at: number;
}

/** Appwrite wraps the OAuth2 token secret in a JWT that lives 60 seconds. */
export const OAUTH2_TOKEN_LIFETIME_SECONDS = 60;

/**
 * One-time secrets that prove a sign-in happened elsewhere (at the identity provider, in a mail).
 * Stored hashed; redeeming deletes the token in the same statement, so a secret works once even
 * when two requests race. Any module may mint tokens through its own instance over the store.
 */
export class LoginTokens {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _oauth_login_tokens (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES _users(id) ON DELETE CASCADE,
        type TEXT NOT NULL, provider TEXT NOT NULL, secret_hash TEXT NOT NULL,
        expire INTEGER NOT NULL, created_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS _oauth_login_tokens_user ON _oauth_login_tokens(user_id);
    `);
  }

  /** Creates a token and returns it with its secret, the only time the secret is known in clear. */
  mint(input: { userId: string; type: LoginTokenType; provider?: string; lifetimeSeconds: number; secret?: string }): { token: LoginToken; secret: string } {
    const now = Date.now();
    const secret = input.secret ?? randomSecret(32);
    const token: LoginToken = {
      id: uniqueId(),
      userId: input.userId,
      type: input.type,
      provider: input.provider ?? '',
      expire: now + input.lifetimeSeconds * 1000,
      createdAt: now,
    };
    this.store.db.prepare('DELETE FROM _oauth_login_tokens WHERE expire <= ?').run(now);
    this.store.db
      .prepare('INSERT INTO _oauth_login_tokens (id, user_id, type, provider, secret_hash, expire, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(token.id, token.userId, token.type, token.provider, hashSecret(secret), token.expire, token.createdAt);
    return { token, secret };
  }

  /** Consumes the live token of `userId` with this secret; undefined if there is none. */
  redeem(userId: string, secret: string): LoginToken | undefined {
    const row = this.store.db
      .prepare('DELETE FROM _oauth_login_tokens WHERE user_id = ? AND secret_hash = ? AND expire > ? RETURNING *')
      .get(userId, hashSecret(secret), Date.now()) as LoginTokenRow | undefined;
    return row && { id: row.id, userId: row.user_id, type: row.type, provider: row.provider, expire: row.expire, createdAt: row.created_at };
  }
}
