import { sessionModel, type SessionRecord } from '../auth/accounts.ts';
import { logModel } from '../auth/audit-log.ts';
import { DEFAULT_HASH_OPTIONS, hashPassword, verifyPassword } from '../auth/password-hashes.ts';
import { clearSessionCookies, startSession } from '../auth/session-cookies.ts';
import { deleteSessionsOf, publishUserEvent } from '../auth/user-events.ts';
import { readJwtDuration, readPassword } from '../auth/user-input.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { uniqueId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { invalidQuery, parseListQueries } from '../queries/list-queries.ts';
import type { Services } from '../services.ts';
import { signedIn, type SignedInCaller } from './signed-in.ts';

/** E-mail and anonymous sign-in, the user's sessions (`current` is an alias for the caller's own), JWTs and the audit log. */
export function registerSessionRoutes(router: Router, services: Services): void {
  const { accounts, authSettings } = services;

  // `POST /account/sessions` is the older path Appwrite 1.9 still serves for the same sign-in.
  for (const path of ['/v1/account/sessions/email', '/v1/account/sessions']) {
    router.post(path, async (ctx) => {
      if (ctx.caller.kind === 'user') throw errors.sessionAlreadyExists();
      const email = ctx.params.email('email');
      const password = readPassword(ctx.params, 'password');
      const user = accounts.findUserByEmail(email);
      // A user whose password was never set (an invitation, a Users API account) has none to match.
      if (!user?.password || user.passwordUpdate === null || !(await verifyPassword(password, user.password))) throw errors.invalidCredentials();
      if (!user.status) throw errors.userBlocked();
      // Appwrite re-hashes a password imported with another algorithm once it has seen it in clear.
      if (user.password.algorithm !== DEFAULT_HASH_OPTIONS.type || !user.password.hash.startsWith('$argon2')) {
        accounts.rehashPassword(user.id, await hashPassword(password));
      }
      return startSession(ctx, services, user, { name: 'email', uid: email, factors: ['password'] });
    });
  }

  // A guest becomes a user with no e-mail or password; `PATCH /account/email` later converts it.
  router.post('/v1/account/sessions/anonymous', (ctx) => {
    if (ctx.caller.kind === 'user') throw errors.sessionAlreadyExists();
    if (authSettings.limit > 0 && accounts.countUsers() >= authSettings.limit) throw errors.userCountExceeded();
    const user = accounts.createUser({ id: uniqueId() });
    publishUserEvent(services, user, 'create');
    return startSession(ctx, services, user, { name: 'anonymous', uid: '', factors: ['anonymous'] });
  });

  router.get('/v1/account/sessions', (ctx) => {
    const caller = signedIn(ctx.caller);
    const sessions = accounts.listSessions(caller.user.id).map((session) => present(session, caller));
    return json(200, { total: sessions.length, sessions });
  });

  router.get('/v1/account/sessions/{sessionId}', (ctx) => {
    const caller = signedIn(ctx.caller);
    return json(200, present(ownSession(ctx, caller, services), caller));
  });

  // Extends the session by the project's session duration from now (Appwrite's `updateSession`).
  router.patch('/v1/account/sessions/{sessionId}', (ctx) => {
    const caller = signedIn(ctx.caller);
    const session = ownSession(ctx, caller, services);
    const updated = accounts.updateSession(session.id, { expire: Date.now() + authSettings.duration * 1000 });
    services.bus.publish({
      resource: 'session',
      action: 'update',
      name: `users.${updated.userId}.sessions.${updated.id}.update`,
      ids: { userId: updated.userId, sessionId: updated.id },
      payload: sessionModel(updated, { current: false, secret: '' }),
      readRoles: [`user:${updated.userId}`],
    });
    return json(200, present(updated, caller));
  });

  router.delete('/v1/account/sessions/{sessionId}', (ctx) => {
    const caller = signedIn(ctx.caller);
    const session = ownSession(ctx, caller, services);
    deleteSessionsOf(services, [session]);
    if (session.id === caller.session?.id) clearSessionCookies(ctx, services);
    return noContent;
  });

  router.delete('/v1/account/sessions', (ctx) => {
    const caller = signedIn(ctx.caller);
    deleteSessionsOf(services, accounts.listSessions(caller.user.id));
    clearSessionCookies(ctx, services);
    return noContent;
  });

  // A JWT stands for the session that minted it, so it dies with that session. `POST /account/jwt`
  // is the older path Appwrite 1.9 still serves.
  for (const path of ['/v1/account/jwts', '/v1/account/jwt']) {
    router.post(path, (ctx) => {
      const caller = signedIn(ctx.caller);
      if (caller.via === 'jwt' || !caller.session) throw errors.jwtCreationDenied();
      const duration = readJwtDuration(ctx.params);
      return json(201, { jwt: services.identity.createJwt(caller.user.id, caller.session.id, duration) });
    });
  }

  // The user's own audit log, newest first; only `limit` and `offset` queries, as on Appwrite.
  router.get('/v1/account/logs', (ctx) => {
    const { user } = signedIn(ctx.caller);
    const { limit, offset } = readLogQueries(ctx.params.stringArray('queries') ?? []);
    const logs = accounts.logs.list(user.id, limit, offset).map(logModel);
    return json(200, { total: ctx.params.boolean('total', true) ? accounts.logs.count(user.id) : 0, logs });
  });
}

/** The `queries[]` of a logs endpoint: `limit` and `offset` only (anything else is 400, like Appwrite's Queries([Limit, Offset])). */
export function readLogQueries(queries: readonly string[]): { limit: number; offset: number } {
  const parsed = parseListQueries(queries, {});
  if (parsed.cursor) invalidQuery('Invalid query method: cursor');
  return { limit: parsed.limit, offset: parsed.offset };
}

function present(session: SessionRecord, caller: SignedInCaller): Record<string, unknown> {
  return sessionModel(session, { current: session.id === caller.session?.id, secret: '' });
}

/** The caller's live session named in the path; another user's session is as unknown as a missing one. */
function ownSession(ctx: RequestContext, caller: SignedInCaller, services: Services): SessionRecord {
  const requested = ctx.pathParams.sessionId ?? '';
  const id = requested === 'current' ? (caller.session?.id ?? '') : requested;
  const session = services.accounts.findSession(id);
  if (!session || session.userId !== caller.user.id || session.expire <= Date.now()) throw errors.sessionNotFound();
  return session;
}
