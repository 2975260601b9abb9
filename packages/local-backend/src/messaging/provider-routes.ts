import { requireKey } from '../auth/identity.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { announce, listParams, type MessagingParts } from './messaging-context.ts';
import { messagingErrors } from './messaging-errors.ts';
import { nullableBoolean, optionalText, requiredText } from './messaging-params.ts';
import { hasRequired, mergeUpdateSettings, PROVIDER_KINDS, readCreateSettings, type ProviderKind } from './provider-kinds.ts';
import { providerModel, type ProviderRecord } from './provider-store.ts';

/**
 * Messaging providers (`/v1/messaging/providers…`, API key only): create and update routes for each
 * of Appwrite's providers (provider-kinds.ts), and get, list, delete and logs for all. A provider is
 * enabled only when asked (`enabled: true`) and its credentials are complete; on create an
 * incomplete one is quietly stored disabled, on update it is refused (`provider_missing_credentials`).
 */
export function registerProviderRoutes(router: Router, parts: MessagingParts): void {
  const { providers } = parts;

  for (const kind of Object.values(PROVIDER_KINDS)) {
    router.post(`/v1/messaging/providers/${kind.provider}`, (ctx) => {
      requireKey(ctx.caller, 'providers.write');
      const id = readCustomId(ctx.params, 'providerId');
      const name = requiredText(ctx.params, 'name', 128);
      const settings = readCreateSettings(kind, ctx.params);
      const enabled = nullableBoolean(ctx.params, 'enabled') === true && hasRequired(kind.enableOnCreate, settings);
      const created = providers.create({ id, name, provider: kind.provider, type: kind.type, enabled, ...settings });
      if (!created) throw messagingErrors.providerAlreadyExists();
      announceProvider(parts, ctx, created, 'create');
      return json(201, providerModel(created));
    });

    router.patch(`/v1/messaging/providers/${kind.provider}/{providerId}`, (ctx) => {
      requireKey(ctx.caller, 'providers.write');
      const provider = providers.find(ctx.pathParams.providerId ?? '');
      if (!provider) throw messagingErrors.providerNotFound();
      if (provider.provider !== kind.provider) throw messagingErrors.providerIncorrectType();
      const updated = providers.update(readUpdate(ctx, kind, provider));
      announceProvider(parts, ctx, updated, 'update');
      return json(200, providerModel(updated));
    });
  }

  router.get('/v1/messaging/providers', (ctx) => {
    requireKey(ctx.caller, 'providers.read');
    const list = listParams(ctx);
    const { total, providers: page } = providers.list(list.queries, list.search, list.total);
    return json(200, { total, providers: page.map(providerModel) });
  });

  router.get('/v1/messaging/providers/{providerId}', (ctx) => {
    requireKey(ctx.caller, 'providers.read');
    const provider = providers.find(ctx.pathParams.providerId ?? '');
    if (!provider) throw messagingErrors.providerNotFound();
    return json(200, providerModel(provider));
  });

  router.delete('/v1/messaging/providers/{providerId}', (ctx) => {
    requireKey(ctx.caller, 'providers.write');
    const provider = providers.find(ctx.pathParams.providerId ?? '');
    if (!provider) throw messagingErrors.providerNotFound();
    providers.delete(provider.id);
    announceProvider(parts, ctx, provider, 'delete');
    return noContent;
  });

  router.get('/v1/messaging/providers/{providerId}/logs', (ctx) => {
    requireKey(ctx.caller, 'providers.read');
    const provider = providers.find(ctx.pathParams.providerId ?? '');
    if (!provider) throw messagingErrors.providerNotFound();
    const list = listParams(ctx);
    return json(200, parts.audit.list(`provider/${provider.id}`, list.queries, list.total));
  });
}

/** The provider with an update request's changes: empty values keep what is stored, as in Appwrite's handlers. */
function readUpdate(ctx: RequestContext, kind: ProviderKind, provider: ProviderRecord): ProviderRecord {
  const name = optionalText(ctx.params, 'name', 128) ?? provider.name;
  const enabled = nullableBoolean(ctx.params, 'enabled');
  const settings = mergeUpdateSettings(kind, ctx.params, provider);
  if (enabled === true && !hasRequired(kind.enableOnUpdate, settings)) throw messagingErrors.providerMissingCredentials();
  return { ...provider, ...settings, name, enabled: enabled ?? provider.enabled };
}

function announceProvider(parts: MessagingParts, ctx: RequestContext, provider: ProviderRecord, action: 'create' | 'update' | 'delete'): void {
  announce(parts, ctx, {
    name: `providers.${provider.id}.${action}`,
    ids: { providerId: provider.id },
    payload: providerModel(provider),
    audit: `provider.${action}`,
    resource: `provider/${provider.id}`,
  });
}
