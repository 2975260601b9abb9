/** Where the portal finds its Appwrite backend. */
export interface PortalConfig {
  endpoint: string;
  projectId: string;
}

export const DEFAULT_PROJECT_ID = 'opportunity-kit';

/**
 * VITE_APPWRITE_ENDPOINT and VITE_APPWRITE_PROJECT_ID, read at build time; without them the portal
 * talks to `/v1` on its own origin, where `pnpm start` serves the local backend.
 */
export function portalConfig(env: ImportMetaEnv, origin: string): PortalConfig {
  const endpoint = env.VITE_APPWRITE_ENDPOINT?.trim() || `${origin}/v1`;
  return {
    endpoint: endpoint.replace(/\/+$/, ''),
    projectId: env.VITE_APPWRITE_PROJECT_ID?.trim() || DEFAULT_PROJECT_ID,
  };
}
