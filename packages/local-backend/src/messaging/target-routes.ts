import type { UserRecord } from '../auth/accounts.ts';
import { requireKey, requireUser } from '../auth/identity.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { isEmail, readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { announceTarget, listParams, type MessagingParts } from './messaging-context.ts';
import { messagingErrors } from './messaging-errors.ts';
import { isPhone, optionalText, requiredText } from './messaging-params.ts';
import type { ProviderType } from './provider-kinds.ts';
import { targetModel, type TargetRecord } from './target-store.ts';

/** Appwrite's Database::LENGTH_KEY, the longest identifier a target takes. */
const IDENTIFIER_MAX = 255;
const PROVIDER_TYPES: readonly ProviderType[] = ['email', 'sms', 'push'];
/**
 * Appwrite names a push target after the device its user agent names ("brand model"); this server
 * reads no device from user agents, so the name stays empty.
 */
const DEVICE_NAME = '';

/**
 * Users' messaging targets: the Users API's (`/v1/users/{userId}/targets…`, API key) and the
 * account's push targets (`/v1/account/targets…/push`, a signed-in user, for the device of their
 * session). Deleting a target ends its subscriptions, as Appwrite's deletes worker does.
 */
export function registerTargetRoutes(router: Router, parts: MessagingParts): void {
  registerUserTargetRoutes(router, parts);
  registerAccountTargetRoutes(router, parts);
}

function registerUserTargetRoutes(router: Router, parts: MessagingParts): void {
  const { targets, providers } = parts;

  router.post('/v1/users/{userId}/targets', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const id = readCustomId(ctx.params, 'targetId');
    const providerType = readProviderType(ctx);
    const identifier = requiredText(ctx.params, 'identifier', IDENTIFIER_MAX);
    const providerId = optionalText(ctx.params, 'providerId', 64);
    const name = optionalText(ctx.params, 'name', 128) ?? '';
    checkIdentifier(providerType, identifier);
    const user = userOf(ctx, parts);
    if (targets.idTaken(id) || targets.identifierTaken(identifier)) throw messagingErrors.targetAlreadyExists();
    const provider = providerId === undefined ? undefined : providers.find(providerId);
    const target = targets.create({ id, userId: user.id, providerType, providerId: provider?.id ?? null, identifier, name, sessionId: null });
    if (!target) throw messagingErrors.targetAlreadyExists();
    announceTarget(parts, user.id, target.id, 'create', targetModel(target));
    return json(201, targetModel(target));
  });

  router.get('/v1/users/{userId}/targets', (ctx) => {
    requireKey(ctx.caller, 'users.read');
    const user = userOf(ctx, parts);
    const list = listParams(ctx);
    const { total, targets: page } = targets.list({ userId: user.id }, list.queries, list.total);
    return json(200, { total, targets: page.map(targetModel) });
  });

  router.get('/v1/users/{userId}/targets/{targetId}', (ctx) => {
    requireKey(ctx.caller, 'users.read');
    return json(200, targetModel(targetOf(ctx, parts, userOf(ctx, parts))));
  });

  router.patch('/v1/users/{userId}/targets/{targetId}', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const identifier = optionalText(ctx.params, 'identifier', IDENTIFIER_MAX);
    const providerId = optionalText(ctx.params, 'providerId', 64);
    const name = optionalText(ctx.params, 'name', 128);
    const user = userOf(ctx, parts);
    let target = targetOf(ctx, parts, user);
    if (identifier !== undefined) {
      checkIdentifier(target.providerType, identifier);
      if (targets.identifierTaken(identifier, target.id)) throw messagingErrors.targetAlreadyExists();
      target = { ...target, identifier, expired: false };
    }
    if (providerId !== undefined) {
      const provider = providers.find(providerId);
      if (!provider) throw messagingErrors.providerNotFound();
      if (provider.type !== target.providerType) throw messagingErrors.providerIncorrectType();
      target = { ...target, providerId: provider.id };
    }
    const updated = targets.update(name === undefined ? target : { ...target, name });
    announceTarget(parts, user.id, updated.id, 'update', targetModel(updated));
    return json(200, targetModel(updated));
  });

  router.delete('/v1/users/{userId}/targets/{targetId}', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const user = userOf(ctx, parts);
    removeTarget(parts, targetOf(ctx, parts, user));
    return noContent;
  });
}

function registerAccountTargetRoutes(router: Router, parts: MessagingParts): void {
  const { targets, providers } = parts;

  router.post('/v1/account/targets/push', (ctx) => {
    requireUser(ctx.caller, 'targets.write');
    const id = readCustomId(ctx.params, 'targetId');
    const identifier = requiredText(ctx.params, 'identifier', IDENTIFIER_MAX);
    const providerId = optionalText(ctx.params, 'providerId', 64);
    if (targets.idTaken(id) || targets.identifierTaken(identifier)) throw messagingErrors.targetAlreadyExists();
    const { user, session } = ctx.caller;
    const target = targets.create({
      id,
      userId: user.id,
      providerType: 'push',
      // Appwrite keeps the id as given even when no such provider exists.
      providerId: providerId === undefined ? null : (providers.find(providerId)?.id ?? providerId),
      identifier,
      name: DEVICE_NAME,
      sessionId: session?.id ?? null,
    });
    if (!target) throw messagingErrors.targetAlreadyExists();
    announceTarget(parts, user.id, target.id, 'create', targetModel(target));
    return json(201, targetModel(target));
  });

  router.put('/v1/account/targets/{targetId}/push', (ctx) => {
    requireUser(ctx.caller, 'targets.write');
    const identifier = requiredText(ctx.params, 'identifier', IDENTIFIER_MAX);
    const target = targets.find(ctx.pathParams.targetId ?? '');
    if (!target || target.userId !== ctx.caller.user.id) throw messagingErrors.targetNotFound();
    if (targets.identifierTaken(identifier, target.id)) throw messagingErrors.targetAlreadyExists();
    const updated = targets.update({ ...target, identifier, expired: false, name: DEVICE_NAME });
    announceTarget(parts, updated.userId, updated.id, 'update', targetModel(updated));
    return json(200, targetModel(updated));
  });

  router.delete('/v1/account/targets/{targetId}/push', (ctx) => {
    requireUser(ctx.caller, 'targets.write');
    const target = targets.find(ctx.pathParams.targetId ?? '');
    if (!target || target.userId !== ctx.caller.user.id) throw messagingErrors.targetNotFound();
    removeTarget(parts, target);
    return noContent;
  });
}

/** Deletes a target with its subscriptions and announces it. */
export function removeTarget(parts: MessagingParts, target: TargetRecord): void {
  parts.services.store.transaction(() => {
    parts.topics.unsubscribeTarget(target.id);
    parts.targets.delete(target.id);
  });
  announceTarget(parts, target.userId, target.id, 'delete', targetModel(target));
}

function readProviderType(ctx: RequestContext): ProviderType {
  const value = ctx.params.string('providerType');
  if (!(PROVIDER_TYPES as readonly string[]).includes(value)) {
    throw errors.argumentInvalid(`Invalid \`providerType\` param: Value must be one of (${PROVIDER_TYPES.join(', ')})`);
  }
  return value as ProviderType;
}

/** E-mail and SMS identifiers must be an address and a number (push tokens are free text). */
function checkIdentifier(type: ProviderType, identifier: string): void {
  if (type === 'email' && !isEmail(identifier)) throw messagingErrors.invalidEmail();
  if (type === 'sms' && !isPhone(identifier)) throw messagingErrors.invalidPhone();
}

function userOf(ctx: RequestContext, parts: MessagingParts): UserRecord {
  const user = parts.services.accounts.findUser(ctx.pathParams.userId ?? '');
  if (!user) throw errors.userNotFound();
  return user;
}

function targetOf(ctx: RequestContext, parts: MessagingParts, user: UserRecord): TargetRecord {
  const target = parts.targets.find(ctx.pathParams.targetId ?? '');
  if (!target || target.userId !== user.id) throw messagingErrors.targetNotFound();
  return target;
}
