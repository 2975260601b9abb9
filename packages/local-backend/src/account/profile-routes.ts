import { userModel } from '../auth/accounts.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { publishUserEvent } from '../auth/user-events.ts';
import { readName, readNewPassword, readOptionalName, readPassword, readPrefs } from '../auth/user-input.ts';
import { AccountTokens } from '../auth/verification-tokens.ts';
import { json } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import { signedIn } from './signed-in.ts';

/** Sign-up and the signed-in user's own profile: `/v1/account`, name, e-mail, prefs, password. */
export function registerProfileRoutes(router: Router, services: Services): void {
  const { accounts } = services;
  const tokens = new AccountTokens(services.store);

  // Sign-up creates the user only; the client signs in with a separate call.
  router.post('/v1/account', (ctx) => {
    const id = readCustomId(ctx.params, 'userId');
    const email = ctx.params.email('email');
    const password = readNewPassword(ctx.params, 'password', services.authSettings);
    const name = readOptionalName(ctx.params);
    if (accounts.userExists(id, email)) throw errors.userAlreadyExists();
    const user = accounts.createUser({ id, email, name, passwordHash: hashPassword(password) });
    publishUserEvent(services, user, 'create');
    return json(201, userModel(user));
  });

  router.get('/v1/account', (ctx) => json(200, userModel(signedIn(ctx.caller).user)));

  router.patch('/v1/account/name', (ctx) => {
    const { user } = signedIn(ctx.caller);
    const updated = accounts.updateUser(user.id, { name: readName(ctx.params) });
    publishUserEvent(services, updated, 'update.name');
    return json(200, userModel(updated));
  });

  // As on Appwrite: the current password confirms the change (an account without one, e.g. OAuth
  // only, sets it with this call), the new address must be verified again, and an address that any
  // account already has (this one included) is refused as an existing e-mail target.
  router.patch('/v1/account/email', (ctx) => {
    const { user } = signedIn(ctx.caller);
    const email = ctx.params.email('email');
    const password = readPassword(ctx.params, 'password');
    if (user.passwordHash && !verifyPassword(password, user.passwordHash)) throw errors.invalidCredentials();
    if (accounts.findUserByEmail(email)) throw errors.targetAlreadyExists();
    const firstPassword = user.passwordHash ? {} : { passwordHash: hashPassword(password) };
    const updated = accounts.updateUser(user.id, { email, emailVerification: false, ...firstPassword });
    tokens.dropAll(user.id);
    publishUserEvent(services, updated, 'update.email');
    return json(200, userModel(updated));
  });

  router.get('/v1/account/prefs', (ctx) => json(200, signedIn(ctx.caller).user.prefs));

  // Replaces the whole prefs object; Appwrite does not merge.
  router.patch('/v1/account/prefs', (ctx) => {
    const { user } = signedIn(ctx.caller);
    const updated = accounts.updateUser(user.id, { prefs: readPrefs(ctx.params) });
    publishUserEvent(services, updated, 'update.prefs');
    return json(200, userModel(updated));
  });

  // The old password is checked only when the account has one (OAuth-only users set a first one).
  // With the project's session invalidation on, every other session ends: whoever knew the old
  // password is signed out everywhere but here. A JWT counts as the session that minted it.
  router.patch('/v1/account/password', (ctx) => {
    const { user, session } = signedIn(ctx.caller);
    const password = readNewPassword(ctx.params, 'password', services.authSettings);
    const oldPassword = ctx.params.optionalString('oldPassword') ?? '';
    if (user.passwordHash && !verifyPassword(oldPassword, user.passwordHash)) throw errors.invalidCredentials();
    const updated = accounts.updateUser(user.id, { passwordHash: hashPassword(password) });
    if (services.authSettings.invalidateSessions) accounts.deleteSessionsExcept(user.id, session.id);
    publishUserEvent(services, updated, 'update.password');
    return json(200, userModel(updated));
  });
}
