import type { Module } from '../services.ts';
import { registerPasswordImports } from './password-imports.ts';
import { registerUserRoutes } from './user-routes.ts';
import { registerUserSecurityRoutes } from './user-security-routes.ts';
import { registerUserUpdateRoutes } from './user-update-routes.ts';

/**
 * The server-side Users API (`/v1/users…`, node-appwrite `Users`): API key only (and, for reads,
 * users marked impersonator). It is how provisioning, tests and functions create users, import
 * hashed passwords, set role labels, verify addresses, manage sessions, JWTs and MFA.
 */
export const usersModule: Module = (router, services) => {
  registerUserRoutes(router, services);
  registerPasswordImports(router, services);
  registerUserUpdateRoutes(router, services);
  registerUserSecurityRoutes(router, services);
};
