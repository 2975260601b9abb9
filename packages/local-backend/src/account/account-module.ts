import type { Module } from '../services.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { registerRecoveryRoutes } from './recovery-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerVerificationRoutes } from './verification-routes.ts';

/**
 * The client Account API (`/v1/account…`, web SDK `Account`): sign-up, e-mail sign-in, sessions,
 * JWTs, profile, e-mail verification and password recovery. OAuth and token sessions live in `src/oauth/`.
 */
export const accountModule: Module = (router, services) => {
  registerProfileRoutes(router, services);
  registerSessionRoutes(router, services);
  registerVerificationRoutes(router, services);
  registerRecoveryRoutes(router, services);
};
