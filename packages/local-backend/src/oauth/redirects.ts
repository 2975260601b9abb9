import type { Reply } from '../http/context.ts';
import type { AppwriteError } from '../http/errors.ts';
import { errors } from '../http/errors.ts';
import type { RedirectTargets } from '../platforms/redirect-targets.ts';

/** Appwrite answers every OAuth2 hop with a 301 that no cache may keep. */
export function redirect(location: string): Reply {
  return {
    status: 301,
    text: '',
    headers: { Location: location, 'Cache-Control': 'no-store, no-cache, must-revalidate, max-age=0', Pragma: 'no-cache' },
  };
}

/** Adds query parameters to an app URL, keeping its own query and fragment. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/** The failure redirect Appwrite sends: `error` holds `{"message","type","code"}` as JSON. */
export function failureRedirect(failure: string, error: AppwriteError): Reply {
  return redirect(withQuery(failure, { error: JSON.stringify({ message: error.message, type: error.type, code: error.status }) }));
}

/**
 * Reads a `success`/`failure` param. Appwrite accepts only URLs on the project's registered web
 * platforms (the login secret travels in the success URL, so anywhere else would hand it to a
 * stranger); anything else is refused the way Appwrite's validators word it.
 */
export function readRedirectUrl(value: string | undefined, name: 'success' | 'failure', fallback: string, allowed: RedirectTargets): string {
  if (value === undefined || value === '') return fallback;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw errors.argumentInvalid(`Invalid \`${name}\` param: Invalid URI.`);
  }
  allowed.require(url, name);
  return value;
}
