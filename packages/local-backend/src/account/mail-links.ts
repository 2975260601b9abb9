import type { TokenRecord } from '../auth/verification-tokens.ts';
import { errors } from '../http/errors.ts';
import type { ParamReader } from '../http/params.ts';
import { formatDate } from '../models/time.ts';
import type { RedirectTargets } from '../platforms/redirect-targets.ts';

/**
 * The app page a mailed link opens (verification, recovery); like Appwrite, only on a registered web
 * platform, so a mail never links to a stranger's site.
 */
export function readMailLinkUrl(params: ParamReader, name: string, targets: RedirectTargets): URL {
  const value = params.string(name);
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw errors.argumentInvalid(`Invalid \`${name}\` param: Value must be a valid URL`);
  }
  targets.require(url, name);
  return url;
}

/** The link as Appwrite mails it: the app's URL, its own query kept, plus `userId`, `secret` and `expire`. */
export function mailLink(url: URL, token: TokenRecord, secret: string): string {
  const link = new URL(url);
  link.searchParams.set('userId', token.userId);
  link.searchParams.set('secret', secret);
  link.searchParams.set('expire', formatDate(token.expire));
  return link.toString();
}
