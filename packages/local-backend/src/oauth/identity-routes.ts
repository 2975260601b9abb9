import { requireKey, requireUser, requireUsersRead } from '../auth/identity.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { AppwriteError, errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { formatDate } from '../models/time.ts';
import { invalidQuery, parseListQueries, type ListAttribute } from '../queries/list-queries.ts';
import type { IdentityRecord } from './identities.ts';
import type { OAuthParts } from './oauth-module.ts';

interface IdentityAttribute extends ListAttribute {
  field: 'userId' | 'provider' | 'providerUid' | 'providerEmail';
}

/** What Appwrite's Identities query validator lets a list filter on. */
const ATTRIBUTES: Readonly<Record<string, IdentityAttribute>> = {
  userId: { field: 'userId', type: 'string' },
  provider: { field: 'provider', type: 'string' },
  providerUid: { field: 'providerUid', type: 'string' },
  providerEmail: { field: 'providerEmail', type: 'string' },
};

function identityNotFound(): AppwriteError {
  return new AppwriteError(404, 'user_identity_not_found', 'The identity could not be found. Please sign in with OAuth provider to create identity first.');
}

/** The Identity model; the local provider hands out no provider tokens. */
function identityModel(identity: IdentityRecord): Record<string, unknown> {
  return {
    $id: identity.id,
    $createdAt: formatDate(identity.createdAt),
    $updatedAt: formatDate(identity.updatedAt),
    userId: identity.userId,
    provider: identity.provider,
    providerUid: identity.providerUid,
    providerEmail: identity.providerEmail,
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
  };
}

/**
 * The provider accounts linked to users (Appwrite's identities): a user lists and unlinks their
 * own (`/account/identities`), an API key everyone's (`/users/identities`). Unlinking leaves the
 * user's sessions; the next sign-in with that provider links it again.
 */
export function registerIdentityRoutes(router: Router, parts: OAuthParts): void {
  const list = (ctx: RequestContext, userId: string | undefined) => {
    const parsed = parseListQueries(ctx.params.stringArray('queries') ?? [], ATTRIBUTES);
    if (parsed.orders.length > 0) invalidQuery('Invalid query method: order');
    let found = parts.identities.list(userId).filter((identity) =>
      parsed.filters.every(({ method, field, values }) => {
        const value = identity[field.field];
        return method === 'equal' ? values.includes(value) : method === 'notEqual' ? !values.includes(value) : invalidQuery(`Invalid query method: ${method}`);
      }),
    );
    const search = (ctx.params.optionalString('search', { max: 256 }) ?? '').trim().toLowerCase();
    if (search)
      found = found.filter((identity) => [identity.id, identity.provider, identity.providerEmail].some((text) => text.toLowerCase().includes(search)));
    const total = ctx.params.boolean('total', true) ? found.length : 0;
    if (parsed.cursor) {
      const at = found.findIndex((identity) => identity.id === parsed.cursor?.id);
      if (at < 0) throw errors.resourceCursorNotFound('Identity', parsed.cursor.id);
      found = parsed.cursor.direction === 'after' ? found.slice(at + 1) : found.slice(0, at).slice(-parsed.limit - parsed.offset);
    }
    return json(200, { total, identities: found.slice(parsed.offset, parsed.offset + parsed.limit).map(identityModel) });
  };

  router.get('/v1/account/identities', (ctx) => {
    requireUser(ctx.caller);
    return list(ctx, ctx.caller.user.id);
  });

  router.delete('/v1/account/identities/{identityId}', (ctx) => {
    requireUser(ctx.caller);
    const identity = parts.identities.findById(ctx.pathParams.identityId ?? '');
    if (!identity || identity.userId !== ctx.caller.user.id) throw identityNotFound();
    parts.identities.delete(identity.id);
    return noContent;
  });

  router.get('/v1/users/identities', (ctx) => {
    requireUsersRead(ctx.caller);
    return list(ctx, undefined);
  });

  router.delete('/v1/users/identities/{identityId}', (ctx) => {
    requireKey(ctx.caller, 'users.write');
    const identity = parts.identities.findById(ctx.pathParams.identityId ?? '');
    if (!identity) throw identityNotFound();
    parts.identities.delete(identity.id);
    return noContent;
  });
}
