import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Client as AdminClient } from 'node-appwrite';
import { startLocalBackend, type LocalBackend, type LocalBackendOptions } from '@opportunity-kit/local-backend';
import { rememberSignUps, removeLeftovers } from './cleanup.ts';

/**
 * The backend a contract test talks to: the local backend started in-process on a free port, or a
 * real Appwrite when APPWRITE_ENDPOINT, APPWRITE_PROJECT_ID and APPWRITE_API_KEY are set.
 */
export interface TestBackend {
  endpoint: string;
  projectId: string;
  apiKey: string;
  /** The in-process server; undefined against a real Appwrite. */
  local: LocalBackend | undefined;
  /** Restarts the local server on the same data folder (local only). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const realAppwrite =
  process.env.APPWRITE_ENDPOINT && process.env.APPWRITE_PROJECT_ID && process.env.APPWRITE_API_KEY
    ? { endpoint: process.env.APPWRITE_ENDPOINT, projectId: process.env.APPWRITE_PROJECT_ID, apiKey: process.env.APPWRITE_API_KEY }
    : undefined;

/**
 * Tests only the local backend can answer, skipped against a real Appwrite: its development outbox,
 * its identity provider, fixture functions and buckets loaded from a local config, restarts, and
 * other in-process hooks. Each use says in a comment why it is local. README "Against a real
 * Appwrite" lists them.
 */
export const describeLocal = describe.skipIf(Boolean(realAppwrite));
export const itLocal = it.skipIf(Boolean(realAppwrite));

/**
 * Against a real Appwrite one project is shared by every test file of a run (two run at a time) and
 * by earlier runs, so a table or bucket may hold rows and files other files made. `onlyOwn` keeps
 * what this file made before a test compares a whole list; locally it keeps everything, so a
 * stranger in a list still fails the comparison there.
 */
export function onlyOwn<T>(items: readonly T[], isOwn: (item: T) => boolean): T[] {
  return realAppwrite ? items.filter(isOwn) : [...items];
}

/** A count of what a list shows: exactly `expected` locally, at least `expected` on a shared real Appwrite (see onlyOwn). */
export function expectCount(actual: number, expected: number): void {
  if (realAppwrite) expect(actual).toBeGreaterThanOrEqual(expected);
  else expect(actual).toBe(expected);
}

/** Origins the contract tests' apps run on (OAuth2 success URLs, verification links): registered web platforms. */
export const TEST_APP_ORIGINS = ['http://localhost:5173', 'app.example'];

/**
 * The product's own project auth settings (`settings.auth.security` of the repository's
 * `appwrite.config.json`: password dictionary on, …), for backend tests of those rules. A bare test
 * backend is a new Appwrite project: dictionary off.
 */
export const PRODUCT_AUTH_SECURITY: Readonly<Record<string, unknown>> = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../appwrite.config.json', import.meta.url)), 'utf8')) as {
    settings: { auth: { security: Record<string, unknown> } };
  }
).settings.auth.security;

/**
 * Starts a backend for one test file. `persistent` keeps data in a temporary folder (for restart
 * tests); `authSecurity` gives the bare project these auth settings, as a project folder whose
 * `appwrite.config.json` holds only them (against a real Appwrite, the project is set up so).
 */
export async function startTestBackend(
  options: { persistent?: boolean; authSecurity?: Readonly<Record<string, unknown>> } & Omit<LocalBackendOptions, 'port' | 'dataDir' | 'memory'> = {},
): Promise<TestBackend> {
  if (realAppwrite) {
    const target = realAppwrite;
    // Files are found by the server's clock; a margin covers a client clock that runs ahead.
    const since = new Date(Date.now() - 10 * 60_000).toISOString();
    rememberSignUps(target.endpoint);
    return { ...target, local: undefined, restart: async () => {}, close: () => removeLeftovers(target, since) };
  }
  const dataDir = options.persistent ? mkdtempSync(join(tmpdir(), 'ok-backend-')) : undefined;
  const settingsRoot = options.authSecurity ? mkdtempSync(join(tmpdir(), 'ok-settings-')) : undefined;
  if (settingsRoot) {
    writeFileSync(join(settingsRoot, 'appwrite.config.json'), JSON.stringify({ settings: { auth: { security: options.authSecurity } } }));
    options = { ...options, projectRoot: settingsRoot };
  }
  // The web apps the tests play, registered as a school would register its portal's origin.
  options = { ...options, webOrigins: options.webOrigins ?? TEST_APP_ORIGINS };
  // Suites sign in and up many times from one address, so Appwrite's abuse limits are off unless a
  // test opts in (`abuseLimits: true`, the security tests), as a test project sets _APP_OPTIONS_ABUSE=disabled.
  options = { ...options, abuseLimits: options.abuseLimits ?? false };
  const start = () => startLocalBackend({ ...options, log: options.log ?? (() => {}), ...(dataDir ? { dataDir } : { memory: true }) });
  let local = await start();
  const backend: TestBackend = {
    endpoint: local.endpoint,
    projectId: local.projectId,
    apiKey: local.apiKey,
    get local() {
      return local;
    },
    async restart() {
      const port = local.port;
      await local.close();
      // Keep-alive sockets that clients pooled (node-appwrite's fetch) were closed by the old server; one
      // turn of the event loop lets the clients see that before a request would reuse a dead socket.
      await new Promise((resolve) => setTimeout(resolve, 5));
      local = await startLocalBackend({ ...options, port, log: options.log ?? (() => {}), ...(dataDir ? { dataDir } : { memory: true }) });
    },
    async close() {
      await local.close();
      for (const folder of [dataDir, settingsRoot]) if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
  return backend;
}

/** A node-appwrite client authenticated with the project API key. */
export function adminClient(backend: TestBackend): AdminClient {
  return new AdminClient().setEndpoint(backend.endpoint).setProject(backend.projectId).setKey(backend.apiKey);
}

/** A short unique suffix so tests against a shared real Appwrite never collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
