/**
 * Telling "this page's site is not registered with the project" from "the server is down".
 *
 * Appwrite refuses a browser request from an origin that is not one of the project's web platforms
 * (`403 general_unknown_origin`) without CORS headers, so the browser hides the answer and `fetch`
 * rejects exactly as it does offline: the reason is only in the console. A second request in `no-cors`
 * mode tells the two apart: the browser lets it resolve (with an empty, opaque answer) whenever the
 * server answered at all.
 */

/** The page's origin when running in a browser page; undefined elsewhere (Node has no CORS to refuse). */
export function pageOrigin(): string | undefined {
  return typeof document === 'undefined' || typeof location === 'undefined' ? undefined : location.origin;
}

/**
 * After a request to `endpoint` got no answer it could read: the page's origin if the server does
 * answer (so the browser withheld its answer from this site), undefined if it is unreachable.
 */
export async function unregisteredOrigin(endpoint: string, fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  const origin = pageOrigin();
  if (!origin) return undefined;
  try {
    await fetchImpl(`${endpoint.replace(/\/+$/, '')}/health/version`, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
    return origin;
  } catch {
    return undefined;
  }
}

/** What a developer must do, with the exact origin to register. */
export function unregisteredOriginMessage(origin: string): string {
  return `This site (${origin}) is not registered with the portal's server, so the browser did not let it read the answer. Add ${origin} as a web platform of the Appwrite project (WEB_ORIGINS for pnpm start), then reload.`;
}
