import { startSession } from '../auth/session-cookies.ts';
import type { Reply, RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { markEmailVerified } from './federated-users.ts';
import type { Identities } from './identities.ts';
import type { LoginToken } from '../auth/login-tokens.ts';
import type { OAuthParts } from './oauth-module.ts';

/**
 * `POST /account/sessions/token` (web SDK `account.createSession({userId, secret})`): trades a
 * one-time login token for a session, as Appwrite does for OAuth2-token, e-mail-token, magic-URL
 * and server-minted tokens.
 */
export function registerTokenSessions(router: Router, parts: OAuthParts): void {
  router.post('/v1/account/sessions/token', (ctx) => createSessionFromToken(ctx, parts));
  // The older magic-URL exchange Appwrite 1.9 still serves; the same trade under another path.
  router.put('/v1/account/sessions/magic-url', (ctx) => createSessionFromToken(ctx, parts));
}

function createSessionFromToken(ctx: RequestContext, parts: OAuthParts): Reply {
  const { services } = parts;
  if (ctx.caller.kind === 'user') throw errors.sessionAlreadyExists();
  const userId = readCustomId(ctx.params, 'userId');
  const secret = ctx.params.string('secret', { min: 1, max: 256 });

  const { user, provider } = services.store.transaction(() => {
    const token = parts.tokens.redeem(userId, secret);
    const found = token && services.accounts.findUser(token.userId);
    if (!token || !found) throw errors.invalidToken();
    const sessionProvider = sessionProviderOf(token, parts.identities);
    // A token that reached its owner through their mailbox proves the address, as on Appwrite.
    const verified = token.type === 'email' || token.type === 'magic-url' ? markEmailVerified(services, found) : found;
    return { user: verified, provider: sessionProvider };
  });
  return startSession(ctx, services, user, provider);
}

/** The session's provider fields per token type (Appwrite's `createSession` mapping). */
function sessionProviderOf(token: LoginToken, identities: Identities): { name: string; uid: string; factors: string[] } {
  switch (token.type) {
    case 'oauth2': {
      const identity = identities.findForUser(token.userId, token.provider);
      if (!identity) throw errors.invalidToken();
      return { name: token.provider, uid: identity.providerUid, factors: ['email', 'oauth2'] };
    }
    case 'magic-url':
      return { name: 'magic-url', uid: '', factors: ['email'] };
    case 'email':
      return { name: 'token', uid: '', factors: ['email'] };
    case 'generic':
      return { name: 'token', uid: '', factors: ['token'] };
  }
}
