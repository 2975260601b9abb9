export { startLocalBackend, DEFAULT_PROJECT_ID } from './server.ts';
export type { LocalBackend, LocalBackendOptions } from './server.ts';
export type { Clock } from './clock.ts';
export { isNetworkHost } from './platforms/loopback.ts';
/** The database capabilities the local backend declares, in the shape of Appwrite's `/v1/console/variables`. */
export { ADAPTER_CAPABILITIES } from './tablesdb/capabilities.ts';
