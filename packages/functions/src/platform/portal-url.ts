import { MissingSetting } from './deployment-settings.ts';

/**
 * Where the portal is, for links a function mails: `PORTAL_URL`, else, in local development, the
 * API's own origin (`pnpm start` serves the portal beside the local backend on one port). A real
 * deployment must say where its portal is, since a guessed link in a mailbox would lead nowhere.
 */
export function portalOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PORTAL_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  let endpoint: URL | undefined;
  try {
    endpoint = new URL(env.APPWRITE_FUNCTION_API_ENDPOINT ?? '');
  } catch {
    endpoint = undefined;
  }
  const local = endpoint && (endpoint.hostname === 'localhost' || endpoint.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(endpoint.hostname));
  if (!endpoint || !local) throw new MissingSetting('PORTAL_URL', 'PORTAL_URL is not set, so no link can be mailed: set it to the portal address.');
  return endpoint.origin;
}
