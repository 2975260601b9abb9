import { requireKey } from '../auth/identity.ts';
import { json } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { formatDate } from '../models/time.ts';
import { randomSecret } from '../store/store.ts';
import type { OAuthParts } from './oauth-module.ts';

/** Appwrite's bounds for `users.createToken`: a 4–128 character secret (6 by default) that lives 60 s to a year (15 minutes by default). */
const SECRET_LENGTH = { min: 4, max: 128, fallback: 6 };
const LIFETIME_SECONDS = { min: 60, max: 31_536_000, fallback: 900 };

/**
 * `POST /users/{userId}/tokens` (node-appwrite `users.createToken`): a server mints a one-time
 * login secret for a user, which the user's browser trades for a session through
 * `account.createSession({ userId, secret })` (Appwrite's custom-token login). The secret is
 * answered once, to the key; it is stored hashed like every other login token.
 */
export function registerServerTokens(router: Router, parts: OAuthParts): void {
  router.post('/v1/users/{userId}/tokens', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = parts.services.accounts.findUser(ctx.pathParams.userId ?? '');
    if (!user) throw errors.userNotFound();
    const length = ctx.params.integer('length', SECRET_LENGTH.fallback, SECRET_LENGTH);
    const lifetimeSeconds = ctx.params.integer('expire', LIFETIME_SECONDS.fallback, LIFETIME_SECONDS);
    const secret = randomSecret(Math.ceil(length / 2)).slice(0, length);
    const { token } = parts.tokens.mint({ userId: user.id, type: 'generic', lifetimeSeconds, secret });
    return json(201, { $id: token.id, $createdAt: formatDate(token.createdAt), userId: user.id, secret, expire: formatDate(token.expire), phrase: '' });
  });
}
