import { generateRecoveryCodes } from '../auth/authenticators.ts';
import { sessionModel } from '../auth/accounts.ts';
import { logModel } from '../auth/audit-log.ts';
import { requireKey, requireUsersRead } from '../auth/identity.ts';
import { encodeSessionToken } from '../auth/tokens.ts';
import { deleteSessionsOf, publishSessionDeleted } from '../auth/user-events.ts';
import { readJwtDuration } from '../auth/user-input.ts';
import { recordAudit, userAgentOf } from '../auth/session-cookies.ts';
import { json, noContent } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { invalidQuery, parseListQueries } from '../queries/list-queries.ts';
import type { Services } from '../services.ts';
import { targetUser } from './user-target.ts';

/** A user's sessions, JWTs, audit log and MFA, through the Users API. */
export function registerUserSecurityRoutes(router: Router, services: Services): void {
  const { accounts } = services;

  router.get('/v1/users/{userId}/sessions', (ctx) => {
    requireUsersRead(ctx.caller);
    const sessions = accounts.listSessions(targetUser(ctx, services).id);
    return json(200, { total: sessions.length, sessions: sessions.map((session) => sessionModel(session, { current: false, secret: '' })) });
  });

  // A server signs a user in (SSR): the answer carries the session's secret, for `X-Appwrite-Session`.
  router.post('/v1/users/{userId}/sessions', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = targetUser(ctx, services);
    const created = accounts.createSession({
      userId: user.id,
      provider: 'server',
      providerUid: '',
      factors: ['server'],
      ip: ctx.clientIp,
      userAgent: userAgentOf(ctx),
      durationSeconds: services.authSettings.duration,
    });
    recordAudit(ctx, services, user, 'session.create');
    services.bus.publish({
      resource: 'session',
      action: 'create',
      name: `users.${user.id}.sessions.${created.session.id}.create`,
      ids: { userId: user.id, sessionId: created.session.id },
      payload: sessionModel(created.session, { current: false, secret: '' }),
      readRoles: [`user:${user.id}`],
    });
    return json(201, sessionModel(created.session, { current: false, secret: encodeSessionToken(user.id, created.secret) }));
  });

  router.delete('/v1/users/{userId}/sessions', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    deleteSessionsOf(services, accounts.listSessions(targetUser(ctx, services).id));
    return noContent;
  });

  router.delete('/v1/users/{userId}/sessions/{sessionId}', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = targetUser(ctx, services);
    const session = accounts.findSession(ctx.pathParams.sessionId ?? '');
    if (!session || session.userId !== user.id) throw errors.sessionNotFound();
    accounts.deleteSession(session.id);
    publishSessionDeleted(services, session);
    return noContent;
  });

  // A JWT for one of the user's sessions (`recent` picks the newest), as functions use to act for a
  // user. Any other id that is not the user's, and no id at all, give a JWT of no session, which
  // outlives every session (Appwrite's behaviour).
  router.post('/v1/users/{userId}/jwts', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = targetUser(ctx, services);
    const sessionId = ctx.params.optionalString('sessionId', { max: 36 }) ?? '';
    const duration = readJwtDuration(ctx.params);
    const sessions = accounts.listSessions(user.id);
    const session = sessionId === 'recent' ? sessions[sessions.length - 1] : sessions.find((candidate) => candidate.id === sessionId);
    return json(201, { jwt: services.identity.createJwt(user.id, session?.id ?? '', duration) });
  });

  router.get('/v1/users/{userId}/logs', (ctx) => {
    requireUsersRead(ctx.caller);
    const user = targetUser(ctx, services);
    const parsed = parseListQueries(ctx.params.stringArray('queries') ?? [], {});
    if (parsed.cursor) invalidQuery('Invalid query method: cursor');
    const logs = accounts.logs.list(user.id, parsed.limit, parsed.offset).map(logModel);
    return json(200, { total: ctx.params.boolean('total', true) ? accounts.logs.count(user.id) : 0, logs });
  });

  router.get('/v1/users/{userId}/mfa/factors', (ctx) => {
    requireUsersRead(ctx.caller);
    const user = targetUser(ctx, services);
    return json(200, {
      totp: accounts.authenticators.find(user.id)?.verified === true,
      phone: Boolean(user.phone) && user.phoneVerification,
      email: Boolean(user.email) && user.emailVerification,
      recoveryCode: accounts.authenticators.recoveryCodes(user.id).length > 0,
    });
  });

  // API keys only: an impersonator (who holds `users.read` on Appwrite) could otherwise read the codes
  // that pass another user's MFA.
  router.get('/v1/users/{userId}/mfa/recovery-codes', (ctx) => {
    requireKey(ctx.caller, 'users.read');
    const recoveryCodes = accounts.authenticators.recoveryCodes(targetUser(ctx, services).id);
    if (recoveryCodes.length === 0) throw errors.recoveryCodesNotFound();
    return json(200, { recoveryCodes });
  });

  // PUT creates the first codes, PATCH replaces existing ones (Appwrite's two admin routes).
  router.put('/v1/users/{userId}/mfa/recovery-codes', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = targetUser(ctx, services);
    if (accounts.authenticators.recoveryCodes(user.id).length > 0) throw errors.recoveryCodesAlreadyExist();
    const recoveryCodes = generateRecoveryCodes();
    accounts.authenticators.setRecoveryCodes(user.id, recoveryCodes);
    return json(201, { recoveryCodes });
  });

  router.patch('/v1/users/{userId}/mfa/recovery-codes', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = targetUser(ctx, services);
    if (accounts.authenticators.recoveryCodes(user.id).length === 0) throw errors.recoveryCodesNotFound();
    const recoveryCodes = generateRecoveryCodes();
    accounts.authenticators.setRecoveryCodes(user.id, recoveryCodes);
    return json(200, { recoveryCodes });
  });

  router.delete('/v1/users/{userId}/mfa/authenticators/{type}', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = targetUser(ctx, services);
    if (ctx.pathParams.type !== 'totp') throw errors.argumentInvalid('Invalid `type` param: Value must be one of (totp)');
    if (!accounts.authenticators.find(user.id)) throw errors.authenticatorNotFound();
    accounts.authenticators.delete(user.id);
    return noContent;
  });
}
