import { errors } from '../http/errors.ts';
import type { WebPlatforms } from './web-platforms.ts';

/** Where one request may send a browser, or point a link in a mail. */
export interface RedirectTargets {
  /** Throws Appwrite's `general_argument_invalid` for a URL off the registered web platforms. */
  require(url: URL, param: string): void;
}

/**
 * The redirect targets of a request: the server's own origin (the portal it serves) and the
 * registered web platforms. Appwrite checks OAuth2 `success`/`failure` and mail `url` params the
 * same way, so a login secret or a verification link never travels to a stranger's site.
 */
export function redirectTargets(platforms: WebPlatforms, ownOrigin: string): RedirectTargets {
  return {
    require(url, param) {
      if (platforms.allowsUrl(url, ownOrigin)) return;
      const hosts = [new URL(ownOrigin).host, ...platforms.describe()];
      throw errors.argumentInvalid(`Invalid \`${param}\` param: URL host must be one of: ${hosts.join(', ')}`);
    },
  };
}
