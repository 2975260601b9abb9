import type { UserChanges, UserRecord } from '../auth/accounts.ts';
import { requireKey } from '../auth/identity.ts';
import { hashPassword } from '../auth/password-hashes.ts';
import { checkPasswordHistory, checkPersonalData } from '../auth/password-rules.ts';
import { recordAudit } from '../auth/session-cookies.ts';
import { publishUserEvent, type UserChange } from '../auth/user-events.ts';
import { adminUserModel } from '../auth/user-model.ts';
import {
  readLabels,
  readName,
  readOptionalEmail,
  readOptionalNewPassword,
  readOptionalPhone,
  readPrefs,
  readRequiredBoolean,
  requireParam,
} from '../auth/user-input.ts';
import { AccountTokens } from '../auth/verification-tokens.ts';
import { json, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import { targetUser } from './user-target.ts';

export function registerUserUpdateRoutes(router: Router, services: Services): void {
  const { accounts } = services;
  const tokens = new AccountTokens(services.store);
  const answer = (user: UserRecord) => json(200, adminUserModel(user));

  router.patch('/v1/users/{userId}/name', (ctx) => answer(updateTarget(ctx, services, 'update.name', () => ({ name: readName(ctx.params) }))));

  // Links mailed to the old address must not verify the new one (see AccountTokens).
  router.patch('/v1/users/{userId}/email', (ctx) => {
    const updated = updateTarget(ctx, services, 'update.email', () => ({ email: readNewEmail(ctx, services), emailVerification: false }));
    tokens.dropAll(updated.id);
    return answer(updated);
  });

  // The number may be empty (no phone at all); one that another user has is refused as its SMS target.
  router.patch('/v1/users/{userId}/phone', (ctx) =>
    answer(
      updateTarget(ctx, services, 'update.phone', (user) => {
        requireParam(ctx.params, 'number');
        const phone = readOptionalPhone(ctx.params, 'number') ?? '';
        const owner = phone === '' ? undefined : accounts.findUserByPhone(phone);
        if (owner && owner.id !== user.id) throw errors.targetAlreadyExists();
        return { phone, phoneVerification: false };
      }),
    ),
  );

  router.put('/v1/users/{userId}/labels', (ctx) => answer(updateTarget(ctx, services, 'update.labels', () => ({ labels: readLabels(ctx.params) }))));

  router.patch('/v1/users/{userId}/verification', (ctx) =>
    answer(updateTarget(ctx, services, 'update.verification', () => ({ emailVerification: readRequiredBoolean(ctx.params, 'emailVerification') }))),
  );

  router.patch('/v1/users/{userId}/verification/phone', (ctx) =>
    answer(updateTarget(ctx, services, 'update.verification', () => ({ phoneVerification: readRequiredBoolean(ctx.params, 'phoneVerification') }))),
  );

  router.patch('/v1/users/{userId}/status', (ctx) =>
    answer(updateTarget(ctx, services, 'update.status', () => ({ status: readRequiredBoolean(ctx.params, 'status') }))),
  );

  // Appwrite 1.9: whether the user may act as another user (see Identity's impersonation).
  router.patch('/v1/users/{userId}/impersonator', (ctx) =>
    answer(updateTarget(ctx, services, 'update.impersonator', () => ({ impersonator: readRequiredBoolean(ctx.params, 'impersonator') }))),
  );

  router.patch('/v1/users/{userId}/mfa', (ctx) => answer(updateTarget(ctx, services, 'update.mfa', () => ({ mfa: readRequiredBoolean(ctx.params, 'mfa') }))));

  // Unlike `PATCH /account/prefs`, the admin variant answers the prefs object, not the user.
  router.patch('/v1/users/{userId}/prefs', (ctx) => json(200, updateTarget(ctx, services, 'update.prefs', () => ({ prefs: readPrefs(ctx.params) })).prefs));

  // An empty password removes it (Appwrite's validator allows empty here), after the project's
  // personal-data and history rules. With the project's session invalidation on, every session of the
  // user ends, as on Appwrite, and an emptied password ends them in any case; they end before the
  // event, so that open realtime sockets re-checking their session find it gone.
  router.patch('/v1/users/{userId}/password', async (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = targetUser(ctx, services);
    requireParam(ctx.params, 'password');
    const password = readOptionalNewPassword(ctx.params, 'password', services.authSettings);
    if (password !== undefined) {
      checkPersonalData(password, user, services.authSettings);
      await checkPasswordHistory(password, user, services.authSettings);
    }
    const hashed = password === undefined ? null : await hashPassword(password);
    const updated = accounts.updateUser(user.id, { password: hashed, keepHistory: services.authSettings.passwordHistory });
    if (services.authSettings.invalidateSessions || hashed === null) accounts.deleteSessionsExcept(user.id, undefined);
    recordAudit(ctx, services, updated, 'user.update');
    publishUserEvent(services, updated, 'update.password');
    return answer(updated);
  });
}

/**
 * The admin setters: check the key, find the user (404 first), then read and apply the change and
 * announce `users.U.update.<field>`. The change is read late so errors come in Appwrite's order.
 */
function updateTarget(ctx: RequestContext, services: Services, change: UserChange, read: (user: UserRecord) => UserChanges): UserRecord {
  requireKey(ctx.caller, 'users.write');
  const user = targetUser(ctx, services);
  const updated = services.accounts.updateUser(user.id, read(user));
  recordAudit(ctx, services, updated, 'user.update');
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
