import { startSession } from '../auth/session-cookies.ts';
import type { Reply, RequestContext } from '../http/context.ts';
import { AppwriteError, errors } from '../http/errors.ts';
import { isEmail } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { resolveFederatedUser } from './federated-users.ts';
import type { LoginFlow, LoginState } from './login-state.ts';
import { OAUTH2_TOKEN_LIFETIME_SECONDS } from '../auth/login-tokens.ts';
import type { OAuthParts } from './oauth-module.ts';
import { renderProviderPage } from './provider-page.ts';
import { providerName, readProvider } from './providers.ts';
import { isLocalPeer } from '../platforms/loopback.ts';
import { redirectTargets } from '../platforms/redirect-targets.ts';
import { failureRedirect, readRedirectUrl, redirect, withQuery } from './redirects.ts';

/** The local identity provider's page; under `/v1/dev/`, so it needs no project. */
export const PROVIDER_PAGE_PATH = '/v1/dev/oauth/authorize';
const CALLBACK_ROUTE = '/v1/account/sessions/oauth2/callback/{provider}/{projectId}';
const MAX_SCOPES = 100;

/**
 * Appwrite's redirect-style sign-in (https://appwrite.io/docs/products/auth/oauth2): the app navigates to the OAuth2 endpoint,
 * is sent on to the provider, and the provider returns to the callback, which answers the app's
 * success URL with a one-time token (token flow) or with session cookies (session flow).
 */
export function registerLoginRoutes(router: Router, parts: OAuthParts): void {
  router.get('/v1/account/tokens/oauth2/{provider}', (ctx) => beginLogin(ctx, parts, 'token'));
  router.get('/v1/account/sessions/oauth2/{provider}', (ctx) => beginLogin(ctx, parts, 'session'));
  router.get(PROVIDER_PAGE_PATH, (ctx) => showProviderPage(ctx, parts));
  // Providers return with a GET (and the page's Cancel link does too) or, with form_post, a POST.
  router.get(CALLBACK_ROUTE, (ctx) => completeLogin(ctx, parts));
  router.post(CALLBACK_ROUTE, (ctx) => completeLogin(ctx, parts));
}

function beginLogin(ctx: RequestContext, parts: OAuthParts, flow: LoginFlow): Reply {
  const provider = readProvider(ctx.pathParams.provider);
  // Without a URL Appwrite falls back to its console's pages; the local server's own root is the app.
  const fallback = `${ctx.origin}/`;
  const targets = redirectTargets(parts.services.platforms, ctx.origin);
  const success = readRedirectUrl(ctx.params.optionalString('success'), 'success', fallback, targets);
  const failure = readRedirectUrl(ctx.params.optionalString('failure'), 'failure', fallback, targets);
  // Validated like Appwrite's, then dropped: the local provider grants whatever an app asks for.
  ctx.params.stringArray('scopes', { max: MAX_SCOPES });
  // The provider page is a development surface: from another machine the sign-in ends at the app's failure page.
  if (!isLocalPeer(ctx.req)) return failureRedirect(failure, errors.localOnly());
  const state = parts.states.seal({ provider, project: parts.services.projectId, flow, success, failure });
  return redirect(`${ctx.origin}${PROVIDER_PAGE_PATH}?${new URLSearchParams({ state }).toString()}`);
}

function showProviderPage(ctx: RequestContext, parts: OAuthParts): Reply {
  const { state, expired } = openState(ctx, parts);
  if (expired) return failureRedirect(state.failure, stateExpired());
  const html = renderProviderPage({
    providerName: providerName(state.provider),
    callbackPath: callbackPath(state),
    state: ctx.params.string('state'),
  });
  return {
    status: 200,
    text: html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // No form-action directive: browsers apply it to the callback's redirect to the app as well.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      // The state sits in this page's URL; it need not travel further.
      'Referrer-Policy': 'no-referrer',
    },
  };
}

function completeLogin(ctx: RequestContext, parts: OAuthParts): Reply {
  const { services } = parts;
  const provider = readProvider(ctx.pathParams.provider);
  if (ctx.pathParams.projectId !== services.projectId) throw errors.projectNotFound();
  const { state, expired } = openState(ctx, parts);
  if (state.provider !== provider || state.project !== ctx.pathParams.projectId) throw stateUnusable();

  const fail = (error: AppwriteError): Reply => failureRedirect(state.failure, error);
  if (expired) return fail(stateExpired());
  const providerError = ctx.params.optionalString('error');
  if (providerError) {
    const description = ctx.params.optionalString('error_description');
    const detail = description ? `${providerError}: ${description}` : providerError;
    return fail(errors.oauth2ProviderError(`The ${providerName(provider)} OAuth2 provider returned an error: ${detail}`));
  }
  const email = (ctx.params.optionalString('email') ?? '').trim().toLowerCase();
  if (!isEmail(email)) return fail(errors.invalidEmail());

  let user;
  try {
    const profile = { provider, uid: email, email, name: ctx.params.optionalString('name') ?? '' };
    user = services.store.transaction(() => resolveFederatedUser(services, parts.identities, profile, ctx.caller));
  } catch (thrown) {
    if (thrown instanceof AppwriteError) return fail(thrown);
    throw thrown;
  }

  if (state.flow === 'token') {
    // The lifetime starts now, after the person has finished on the provider page.
    const { secret } = parts.tokens.mint({ userId: user.id, type: 'oauth2', provider, lifetimeSeconds: OAUTH2_TOKEN_LIFETIME_SECONDS });
    return redirect(withQuery(state.success, { secret, userId: user.id }));
  }
  // startSession sets the cookies and X-Fallback-Cookies on this response; its JSON body is not
  // wanted here, because the browser is being sent back to the app.
  startSession(ctx, services, user, { name: provider, uid: email, factors: ['email', 'oauth2'] });
  return redirect(state.success);
}

function openState(ctx: RequestContext, parts: OAuthParts): { state: LoginState; expired: boolean } {
  const opened = parts.states.open(ctx.params.optionalString('state'));
  if (!opened) throw stateUnusable();
  return opened;
}

function callbackPath(state: LoginState): string {
  return `/v1/account/sessions/oauth2/callback/${encodeURIComponent(state.provider)}/${encodeURIComponent(state.project)}`;
}

function stateUnusable(): AppwriteError {
  return errors.badRequest('The OAuth2 login state is missing or invalid. Start the sign-in from the app again.');
}

function stateExpired(): AppwriteError {
  return errors.badRequest('The OAuth2 sign-in took too long. Start the sign-in from the app again.');
}
