export { startLocalBackend, DEFAULT_PROJECT_ID } from './server.ts';
export type { LocalBackend, LocalBackendOptions } from './server.ts';
export type { Clock } from './clock.ts';
export { isNetworkHost } from './platforms/loopback.ts';
