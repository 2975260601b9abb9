import { sessionModel, userModel, type UserRecord } from '../auth/accounts.ts';
import { requireKey } from '../auth/identity.ts';
import { membershipModel, ownDetails } from '../auth/team-models.ts';
import { hashPassword } from '../auth/passwords.ts';
import { deleteSessionsOf, publishSessionDeleted, publishUserEvent, type UserChange } from '../auth/user-events.ts';
import {
  readJwtDuration,
  readLabels,
  readName,
  readOptionalEmail,
  readOptionalName,
  readOptionalNewPassword,
  readOptionalPhone,
  readPrefs,
  readRequiredBoolean,
  requireParam,
} from '../auth/user-input.ts';
import { AccountTokens } from '../auth/verification-tokens.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { Module, Services } from '../services.ts';
import { parseUserQueries } from './user-queries.ts';

/**
 * The server-side Users API (`/v1/users…`, node-appwrite `Users`): API key only. It is how
 * provisioning, tests and functions create users, set role labels and verify addresses.
 */
export const usersModule: Module = (router, services) => {
  registerUserRoutes(router, services);
  registerUserSessionRoutes(router, services);
};

type UserChanges = Parameters<Services['accounts']['updateUser']>[1];

function target(ctx: RequestContext, services: Services): UserRecord {
  const user = services.accounts.findUser(ctx.pathParams.userId ?? '');
  if (!user) throw errors.userNotFound();
  return user;
}

function registerUserRoutes(router: Router, services: Services): void {
  const { accounts } = services;
  const tokens = new AccountTokens(services.store);

  router.post('/v1/users', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const id = readCustomId(ctx.params, 'userId');
    const email = readOptionalEmail(ctx.params);
    const phone = readOptionalPhone(ctx.params);
    const password = readOptionalNewPassword(ctx.params, 'password', services.authSettings);
    const name = readOptionalName(ctx.params);
    if (accounts.userExists(id, email) || (phone && accounts.findUserByPhone(phone))) throw errors.userAlreadyExists();
    const user = accounts.createUser({ id, email, phone, name, passwordHash: password ? hashPassword(password) : null });
    publishUserEvent(services, user, 'create');
    return json(201, userModel(user));
  });

  router.get('/v1/users', (ctx) => {
    requireKey(ctx.caller, 'users.read');
    const options = parseUserQueries(ctx.params.stringArray('queries') ?? []);
    const search = ctx.params.optionalString('search', { max: 256 });
    if (options.cursor && !accounts.findUser(options.cursor.id)) throw errors.resourceCursorNotFound('User', options.cursor.id);
    const { total, users } = accounts.findUsers({ ...options, search: search || undefined, countTotal: ctx.params.boolean('total', true) });
    return json(200, { total, users: users.map(userModel) });
  });

  router.get('/v1/users/{userId}', (ctx) => {
    requireKey(ctx.caller, 'users.read');
    return json(200, userModel(target(ctx, services)));
  });

  router.delete('/v1/users/{userId}', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = target(ctx, services);
    accounts.deleteUser(user.id);
    publishUserEvent(services, user, 'delete');
    return noContent;
  });

  router.patch('/v1/users/{userId}/name', (ctx) => json(200, userModel(updateTarget(ctx, services, 'update.name', () => ({ name: readName(ctx.params) })))));

  // Links mailed to the old address must not verify the new one (see AccountTokens).
  router.patch('/v1/users/{userId}/email', (ctx) => {
    const updated = updateTarget(ctx, services, 'update.email', () => ({ email: readNewEmail(ctx, services), emailVerification: false }));
    tokens.dropAll(updated.id);
    return json(200, userModel(updated));
  });

  router.put('/v1/users/{userId}/labels', (ctx) =>
    json(200, userModel(updateTarget(ctx, services, 'update.labels', () => ({ labels: readLabels(ctx.params) })))),
  );

  router.patch('/v1/users/{userId}/verification', (ctx) => {
    const read = () => ({ emailVerification: readRequiredBoolean(ctx.params, 'emailVerification') });
    return json(200, userModel(updateTarget(ctx, services, 'update.verification', read)));
  });

  // An empty password removes it (Appwrite's validator allows empty here). Either way every session
  // of the user ends, as Appwrite's session invalidation does for a password set with a key; they
  // end before the event, so that open realtime sockets re-checking their session find it gone.
  router.patch('/v1/users/{userId}/password', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = target(ctx, services);
    requireParam(ctx.params, 'password');
    const password = readOptionalNewPassword(ctx.params, 'password', services.authSettings);
    const updated = accounts.updateUser(user.id, { passwordHash: password === undefined ? null : hashPassword(password) });
    accounts.deleteSessionsExcept(user.id, undefined);
    publishUserEvent(services, updated, 'update.password');
    return json(200, userModel(updated));
  });

  router.patch('/v1/users/{userId}/status', (ctx) =>
    json(200, userModel(updateTarget(ctx, services, 'update.status', () => ({ status: readRequiredBoolean(ctx.params, 'status') })))),
  );

  // Appwrite counts `total` from the page it answers, not from every membership of the user.
  router.get('/v1/users/{userId}/memberships', (ctx) => {
    requireKey(ctx.caller, 'users.read');
    const user = target(ctx, services);
    const queries = ctx.params.stringArray('queries') ?? [];
    const search = ctx.params.optionalString('search', { max: 256 }) ?? '';
    const includeTotal = ctx.params.boolean('total', true);
    const { memberships } = services.teams.listMemberships({ userId: user.id }, { queries, search, includeTotal: false, readerRoles: undefined });
    const models = memberships.map((membership) => membershipModel(membership, ownDetails(services.teams.findTeam(membership.teamId)?.name ?? '', user)));
    return json(200, { total: includeTotal ? models.length : 0, memberships: models });
  });

  router.get('/v1/users/{userId}/prefs', (ctx) => {
    requireKey(ctx.caller, 'users.read');
    return json(200, target(ctx, services).prefs);
  });

  // Unlike `PATCH /account/prefs`, the admin variant answers the prefs object, not the user.
  router.patch('/v1/users/{userId}/prefs', (ctx) => json(200, updateTarget(ctx, services, 'update.prefs', () => ({ prefs: readPrefs(ctx.params) })).prefs));
}

/**
 * The admin setters: check the key, find the user (404 first), then read and apply the change and
 * announce `users.U.update.<field>`. The change is read late so errors come in Appwrite's order.
 */
function updateTarget(ctx: RequestContext, services: Services, change: UserChange, read: () => UserChanges): UserRecord {
  requireKey(ctx.caller, 'users.write');
  const user = target(ctx, services);
  const updated = services.accounts.updateUser(user.id, read());
  publishUserEvent(services, updated, change);
  return updated;
}

/**
 * The address `PATCH /users/{userId}/email` sets: required but may be empty (no address at all);
 * one that any account already has, this one included, is refused as Appwrite does.
 */
function readNewEmail(ctx: RequestContext, services: Services): string {
  requireParam(ctx.params, 'email');
  const email = readOptionalEmail(ctx.params) ?? '';
  if (email !== '' && services.accounts.findUserByEmail(email)) throw errors.targetAlreadyExists();
  return email;
}

function registerUserSessionRoutes(router: Router, services: Services): void {
  const { accounts } = services;

  router.get('/v1/users/{userId}/sessions', (ctx) => {
    requireKey(ctx.caller, 'users.read');
    const sessions = accounts.listSessions(target(ctx, services).id);
    return json(200, { total: sessions.length, sessions: sessions.map((session) => sessionModel(session, { current: false, secret: '' })) });
  });

  router.delete('/v1/users/{userId}/sessions', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    deleteSessionsOf(services, accounts.listSessions(target(ctx, services).id));
    return noContent;
  });

  router.delete('/v1/users/{userId}/sessions/{sessionId}', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = target(ctx, services);
    const session = accounts.findSession(ctx.pathParams.sessionId ?? '');
    if (!session || session.userId !== user.id) throw errors.sessionNotFound();
    accounts.deleteSession(session.id);
    publishSessionDeleted(services, session);
    return noContent;
  });

  // A JWT for one of the user's sessions (`recent`, the default, picks the newest), as functions
  // use to act for a user. Without any session the token carries an empty session id.
  router.post('/v1/users/{userId}/jwts', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = target(ctx, services);
    const sessionId = ctx.params.optionalString('sessionId', { max: 36 }) ?? '';
    const duration = readJwtDuration(ctx.params);
    const sessions = accounts.listSessions(user.id);
    const session = sessionId === '' || sessionId === 'recent' ? sessions[sessions.length - 1] : sessions.find((candidate) => candidate.id === sessionId);
    return json(201, { jwt: services.identity.createJwt(user.id, session?.id ?? '', duration) });
  });
}
