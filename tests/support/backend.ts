import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as AdminClient } from 'node-appwrite';
import { startLocalBackend, type LocalBackend, type LocalBackendOptions } from '@opportunity-kit/local-backend';

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

/** Starts a backend for one test file. `persistent` keeps data in a temporary folder (for restart tests). */
export async function startTestBackend(options: { persistent?: boolean } & Omit<LocalBackendOptions, 'port' | 'dataDir' | 'memory'> = {}): Promise<TestBackend> {
  if (realAppwrite) {
    return { ...realAppwrite, local: undefined, restart: async () => {}, close: async () => {} };
  }
  const dataDir = options.persistent ? mkdtempSync(join(tmpdir(), 'ok-backend-')) : undefined;
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
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
