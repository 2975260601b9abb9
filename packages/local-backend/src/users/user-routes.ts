import type { UserRecord } from '../auth/accounts.ts';
import { membershipModel, ownDetails } from '../auth/team-models.ts';
import { adminUserModel, userModel } from '../auth/user-model.ts';
import type { StoredPassword } from '../auth/password-hashes.ts';
import { hashPassword } from '../auth/password-hashes.ts';
import { checkPersonalData } from '../auth/password-rules.ts';
import { requireKey, requireUsersRead } from '../auth/identity.ts';
import { recordAudit } from '../auth/session-cookies.ts';
import { publishUserEvent } from '../auth/user-events.ts';
import { readOptionalEmail, readOptionalName, readOptionalNewPassword, readOptionalPhone } from '../auth/user-input.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import { parseUserQueries } from './user-queries.ts';
import { targetUser } from './user-target.ts';

export function registerUserRoutes(router: Router, services: Services): void {
  const { accounts } = services;

  router.post('/v1/users', async (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const id = readCustomId(ctx.params, 'userId');
    const email = readOptionalEmail(ctx.params);
    const phone = readOptionalPhone(ctx.params);
    const password = readOptionalNewPassword(ctx.params, 'password', services.authSettings);
    const name = readOptionalName(ctx.params);
    if (password !== undefined) checkPersonalData(password, { id, email, name, phone }, services.authSettings);
    return createUser(ctx, services, { id, email, phone, name, password: password === undefined ? null : await hashPassword(password) });
  });

  router.get('/v1/users', (ctx) => {
    requireUsersRead(ctx.caller);
    const options = parseUserQueries(ctx.params.stringArray('queries') ?? []);
    const search = ctx.params.optionalString('search', { max: 256 });
    if (options.cursor && !accounts.findUser(options.cursor.id)) throw errors.resourceCursorNotFound('User', options.cursor.id);
    const { total, users } = accounts.findUsers({ ...options, search: search || undefined, countTotal: ctx.params.boolean('total', true) });
    return json(200, { total, users: users.map((user) => presentUser(ctx, user)) });
  });

  router.get('/v1/users/{userId}', (ctx) => {
    requireUsersRead(ctx.caller);
    return json(200, presentUser(ctx, targetUser(ctx, services)));
  });

  // Appwrite counts `total` from the page it answers, not from every membership of the user.
  router.get('/v1/users/{userId}/memberships', (ctx) => {
    requireUsersRead(ctx.caller);
    const user = targetUser(ctx, services);
    const queries = ctx.params.stringArray('queries') ?? [];
    const search = ctx.params.optionalString('search', { max: 256 }) ?? '';
    const includeTotal = ctx.params.boolean('total', true);
    const { memberships } = services.teams.listMemberships({ userId: user.id }, { queries, search, includeTotal: false, readerRoles: undefined });
    const models = memberships.map((membership) => membershipModel(membership, ownDetails(services.teams.findTeam(membership.teamId)?.name ?? '', user)));
    return json(200, { total: includeTotal ? models.length : 0, memberships: models });
  });

  router.get('/v1/users/{userId}/prefs', (ctx) => {
    requireUsersRead(ctx.caller);
    return json(200, targetUser(ctx, services).prefs);
  });

  router.delete('/v1/users/{userId}', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = targetUser(ctx, services);
    accounts.deleteUser(user.id);
    accounts.logs.deleteUser(user.id);
    publishUserEvent(services, user, 'delete');
    return noContent;
  });
}

/**
 * The User model for an API key; an impersonator browsing users reads the Account model, without
 * the password hash (stricter than Appwrite, which shows impersonators the hashes too).
 */
function presentUser(ctx: RequestContext, user: UserRecord): Record<string, unknown> {
  return ctx.caller.kind === 'key' ? adminUserModel(user) : userModel(user);
}

/**
 * Creates a user for the Users API (plain or imported password) after Appwrite's checks: the
 * project's user limit, then an id, e-mail or phone another user has (409 `user_already_exists`).
 */
export function createUser(
  ctx: RequestContext,
  services: Services,
  input: { id: string; email?: string | undefined; phone?: string | undefined; name: string; password: StoredPassword | null },
): ReturnType<typeof json> {
  const { accounts, authSettings } = services;
  if (authSettings.limit > 0 && accounts.countUsers() >= authSettings.limit) throw errors.userCountExceeded();
  if (accounts.userExists(input.id, input.email) || (input.phone && accounts.findUserByPhone(input.phone))) throw errors.userAlreadyExists();
  const user = accounts.createUser({ ...input, keepHistory: authSettings.passwordHistory });
  recordAudit(ctx, services, user, 'user.create');
  publishUserEvent(services, user, 'create');
  return json(201, adminUserModel(user));
}
