import { userModel } from '../auth/accounts.ts';
import { hashPassword, verifyPassword } from '../auth/password-hashes.ts';
import { checkPasswordHistory, checkPersonalData } from '../auth/password-rules.ts';
import { clearSessionCookies, recordAudit } from '../auth/session-cookies.ts';
import { publishUserEvent } from '../auth/user-events.ts';
import { readName, readNewPassword, readOptionalName, readOptionalPhone, readPassword, readPrefs, requireParam } from '../auth/user-input.ts';
import { AccountTokens } from '../auth/verification-tokens.ts';
import { json, noContent } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import { presentAccount, signedIn } from './signed-in.ts';

/** Sign-up and the signed-in user's own profile: `/v1/account`, name, e-mail, prefs, password, status. */
export function registerProfileRoutes(router: Router, services: Services): void {
  const { accounts, authSettings } = services;
  const tokens = new AccountTokens(services.store);

  // Sign-up creates the user only; the client signs in with a separate call. The checks come in
  // Appwrite's order: params, the project's user limit, personal data in the password, duplicates.
  router.post('/v1/account', async (ctx) => {
    const id = readCustomId(ctx.params, 'userId');
    const email = ctx.params.email('email');
    const password = readNewPassword(ctx.params, 'password', authSettings);
    const name = readOptionalName(ctx.params);
    if (authSettings.limit > 0 && accounts.countUsers() >= authSettings.limit) throw errors.userCountExceeded();
    checkPersonalData(password, { id, email, name }, authSettings);
    if (accounts.userExists(id, email)) throw errors.userAlreadyExists();
    const hashed = await hashPassword(password);
    if (accounts.userExists(id, email)) throw errors.userAlreadyExists();
    const user = accounts.createUser({ id, email, name, password: hashed, keepHistory: authSettings.passwordHistory });
    recordAudit(ctx, services, user, 'user.create');
    publishUserEvent(services, user, 'create');
    return json(201, userModel(user));
  });

  router.get('/v1/account', (ctx) => json(200, presentAccount(signedIn(ctx.caller))));

  // Appwrite 1.9 lets a signed-in user delete their own account; their sessions go with it.
  router.delete('/v1/account', (ctx) => {
    const { user } = signedIn(ctx.caller);
    accounts.deleteUser(user.id);
    accounts.logs.deleteUser(user.id);
    publishUserEvent(services, user, 'delete');
    return noContent;
  });

  router.patch('/v1/account/name', (ctx) => {
    const { user } = signedIn(ctx.caller);
    const updated = accounts.updateUser(user.id, { name: readName(ctx.params) });
    recordAudit(ctx, services, updated, 'user.update');
    publishUserEvent(services, updated, 'update.name');
    return json(200, userModel(updated));
  });

  // As on Appwrite: the current password confirms the change (an account without one, e.g. OAuth
  // only or anonymous, sets it with this call), the new address must be verified again, and an
  // address that any account already has (this one included) is refused as an existing e-mail target.
  router.patch('/v1/account/email', async (ctx) => {
    const { user } = signedIn(ctx.caller);
    const email = ctx.params.email('email');
    const password = readPassword(ctx.params, 'password');
    if (user.passwordUpdate !== null && !(user.password && (await verifyPassword(password, user.password)))) throw errors.invalidCredentials();
    if (accounts.findUserByEmail(email)) throw errors.targetAlreadyExists();
    const firstPassword = user.passwordUpdate === null ? { password: await hashPassword(password), keepHistory: authSettings.passwordHistory } : {};
    const updated = accounts.updateUser(user.id, { email, emailVerification: false, ...firstPassword });
    tokens.dropAll(user.id);
    recordAudit(ctx, services, updated, 'user.update');
    publishUserEvent(services, updated, 'update.email');
    return json(200, userModel(updated));
  });

  // Like the e-mail change: the password confirms it (or becomes the first one), the number must be
  // verified again, and one that another account has is refused as its SMS target.
  router.patch('/v1/account/phone', async (ctx) => {
    const { user } = signedIn(ctx.caller);
    requireParam(ctx.params, 'phone');
    const phone = readOptionalPhone(ctx.params) ?? '';
    if (phone === '') throw errors.argumentInvalid("Invalid `phone` param: Phone number must start with a '+' can have a maximum of fifteen digits.");
    const password = readPassword(ctx.params, 'password');
    if (user.passwordUpdate !== null && !(user.password && (await verifyPassword(password, user.password)))) throw errors.invalidCredentials();
    const owner = accounts.findUserByPhone(phone);
    if (owner && owner.id !== user.id) throw errors.targetAlreadyExists();
    const firstPassword = user.passwordUpdate === null ? { password: await hashPassword(password), keepHistory: authSettings.passwordHistory } : {};
    const updated = accounts.updateUser(user.id, { phone, phoneVerification: false, ...firstPassword });
    recordAudit(ctx, services, updated, 'user.update');
    publishUserEvent(services, updated, 'update.phone');
    return json(200, userModel(updated));
  });

  // Phone sign-in and verification send an SMS; with no SMS provider Appwrite refuses them with 503.
  router.post('/v1/account/tokens/phone', () => {
    throw errors.phoneDisabled();
  });
  router.post('/v1/account/verifications/phone', (ctx) => {
    signedIn(ctx.caller);
    throw errors.phoneDisabled();
  });

  router.get('/v1/account/prefs', (ctx) => json(200, signedIn(ctx.caller).user.prefs));

  // Replaces the whole prefs object; Appwrite does not merge.
  router.patch('/v1/account/prefs', (ctx) => {
    const { user } = signedIn(ctx.caller);
    const updated = accounts.updateUser(user.id, { prefs: readPrefs(ctx.params) });
    recordAudit(ctx, services, updated, 'user.update');
    publishUserEvent(services, updated, 'update.prefs');
    return json(200, userModel(updated));
  });

  // The old password is checked only when the account has set one (OAuth-only, magic-URL and
  // anonymous users set a first one), then the project's password history and personal-data rules.
  // With the project's session invalidation on, every other session ends: whoever knew the old
  // password is signed out everywhere but here. A JWT counts as the session that minted it.
  router.patch('/v1/account/password', async (ctx) => {
    const { user, session } = signedIn(ctx.caller);
    const password = readNewPassword(ctx.params, 'password', authSettings);
    const oldPassword = ctx.params.optionalString('oldPassword', { max: 256 }) ?? '';
    if (user.passwordUpdate !== null && !(user.password && (await verifyPassword(oldPassword, user.password)))) throw errors.invalidCredentials();
    await checkPasswordHistory(password, user, authSettings);
    checkPersonalData(password, user, authSettings);
    const updated = accounts.updateUser(user.id, { password: await hashPassword(password), keepHistory: authSettings.passwordHistory });
    if (authSettings.invalidateSessions) accounts.deleteSessionsExcept(user.id, session?.id);
    recordAudit(ctx, services, updated, 'user.update');
    publishUserEvent(services, updated, 'update.password');
    return json(200, userModel(updated));
  });

  // A user may block their own account (Appwrite 1.9): it stays, its sessions refuse every request
  // from now on (403 `user_blocked`), and this browser's cookies are cleared.
  router.patch('/v1/account/status', (ctx) => {
    const { user } = signedIn(ctx.caller);
    const updated = accounts.updateUser(user.id, { status: false });
    clearSessionCookies(ctx, services);
    recordAudit(ctx, services, updated, 'user.update');
    publishUserEvent(services, updated, 'update.status');
    return json(200, userModel(updated));
  });
}
