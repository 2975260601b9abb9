import type { Module, Services } from '../services.ts';
import { Identities } from './identities.ts';
import { registerIdentityRoutes } from './identity-routes.ts';
import { registerLoginRoutes } from './login-routes.ts';
import { LoginStates } from './login-state.ts';
import { LoginTokens } from '../auth/login-tokens.ts';
import { registerServerTokens } from './server-tokens.ts';
import { registerTokenSessions } from './token-sessions.ts';

/** What the OAuth2 routes share: the server's services and this module's own stores. */
export interface OAuthParts {
  services: Services;
  states: LoginStates;
  tokens: LoginTokens;
  identities: Identities;
}

/**
 * Federated sign-in: Appwrite's OAuth2 token and session flows, answered by a built-in identity
 * provider that stands in for every provider of the SDK, plus the token-to-session exchange.
 */
export const oauthModule: Module = (router, services) => {
  const parts: OAuthParts = {
    services,
    states: new LoginStates(services.store),
    tokens: new LoginTokens(services.store),
    identities: new Identities(services.store),
  };
  registerLoginRoutes(router, parts);
  registerTokenSessions(router, parts);
  registerServerTokens(router, parts);
  registerIdentityRoutes(router, parts);
};
