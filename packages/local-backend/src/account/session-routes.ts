import { sessionModel, type SessionRecord } from '../auth/accounts.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { clearSessionCookies, startSession } from '../auth/session-cookies.ts';
import { deleteSessionsOf } from '../auth/user-events.ts';
import { readJwtDuration, readPassword } from '../auth/user-input.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import { signedIn, type SignedInCaller } from './signed-in.ts';

/** E-mail sign-in, the user's sessions (`current` is an alias for the caller's own), and JWTs. */
export function registerSessionRoutes(router: Router, services: Services): void {
  const { accounts } = services;

  const emailSignIn = (ctx: RequestContext) => {
    if (ctx.caller.kind === 'user') throw errors.sessionAlreadyExists();
    const email = ctx.params.email('email');
    const password = readPassword(ctx.params, 'password');
    const user = accounts.findUserByEmail(email);
    if (!user?.passwordHash || !verifyPassword(password, user.passwordHash)) throw errors.invalidCredentials();
    if (!user.status) throw errors.userBlocked();
    return startSession(ctx, services, user, { name: 'email', uid: email, factors: ['password'] });
  };
  router.post('/v1/account/sessions/email', emailSignIn);
  // The path of older SDKs, which Appwrite 1.9 still answers as the same e-mail sign-in.
  router.post('/v1/account/sessions', emailSignIn);

  router.get('/v1/account/sessions', (ctx) => {
    const caller = signedIn(ctx.caller);
    const sessions = accounts.listSessions(caller.user.id).map((session) => present(session, caller));
    return json(200, { total: sessions.length, sessions });
  });

  router.get('/v1/account/sessions/{sessionId}', (ctx) => {
    const caller = signedIn(ctx.caller);
    return json(200, present(ownSession(ctx, caller, services), caller));
  });

  router.delete('/v1/account/sessions/{sessionId}', (ctx) => {
    const caller = signedIn(ctx.caller);
    const session = ownSession(ctx, caller, services);
    deleteSessionsOf(services, [session]);
    if (session.id === caller.session.id) clearSessionCookies(ctx, services);
    return noContent;
  });

  router.delete('/v1/account/sessions', (ctx) => {
    const caller = signedIn(ctx.caller);
    deleteSessionsOf(services, accounts.listSessions(caller.user.id));
    clearSessionCookies(ctx, services);
    return noContent;
  });

  // A JWT stands for the session that minted it, so it dies with that session.
  router.post('/v1/account/jwts', (ctx) => {
    const caller = signedIn(ctx.caller);
    if (caller.via === 'jwt') throw errors.jwtCreationDenied();
    const duration = readJwtDuration(ctx.params);
    return json(201, { jwt: services.identity.createJwt(caller.user.id, caller.session.id, duration) });
  });
}

function present(session: SessionRecord, caller: SignedInCaller): Record<string, unknown> {
  return sessionModel(session, { current: session.id === caller.session.id, secret: '' });
}

/** The caller's live session named in the path; another user's session is as unknown as a missing one. */
function ownSession(ctx: RequestContext, caller: SignedInCaller, services: Services): SessionRecord {
  const requested = ctx.pathParams.sessionId ?? '';
  const id = requested === 'current' ? caller.session.id : requested;
  const session = services.accounts.findSession(id);
  if (!session || session.userId !== caller.user.id || session.expire <= Date.now()) throw errors.sessionNotFound();
  return session;
}
