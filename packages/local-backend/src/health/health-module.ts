import { json } from '../http/context.ts';
import { SERVER_VERSION } from '../http/errors.ts';
import type { Module } from '../services.ts';

const VERSION_PATH = '/v1/health/version';

/** The project every Appwrite has: its console. Clients that know no project yet name it. */
const CONSOLE_PROJECT = 'console';

/**
 * `GET /v1/health/version`: the server version, public. The Appwrite CLI calls it on
 * `appwrite client --endpoint …` (as project `console`) to check that the endpoint is an Appwrite.
 */
export const healthModule: Module = (router) => {
  router.get(VERSION_PATH, () => json(200, { version: SERVER_VERSION }));
};

/**
 * True when a request needs no project of this server: the version check, asked without a project
 * or as Appwrite's console project (which exists on every Appwrite), answers anyway.
 */
export function answersWithoutProject(path: string, projectId: string): boolean {
  return path === VERSION_PATH && (projectId === '' || projectId === CONSOLE_PROJECT);
}
