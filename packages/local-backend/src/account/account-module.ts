import type { Module } from '../services.ts';
import { registerMfaRoutes } from './mfa-routes.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { registerRecoveryRoutes } from './recovery-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerTokenRoutes } from './token-routes.ts';
import { registerVerificationRoutes } from './verification-routes.ts';

/**
 * The client Account API (`/v1/account…`, web SDK `Account`): sign-up, e-mail sign-in, sessions,
 * anonymous sessions, JWTs, the audit log, profile and status, e-mail verification, password recovery,
 * e-mail codes and magic links, and MFA. OAuth and the token-to-session exchange live in `src/oauth/`.
 */
export const accountModule: Module = (router, services) => {
  registerProfileRoutes(router, services);
  registerSessionRoutes(router, services);
  registerVerificationRoutes(router, services);
  registerRecoveryRoutes(router, services);
  registerTokenRoutes(router, services);
  registerMfaRoutes(router, services);
};
