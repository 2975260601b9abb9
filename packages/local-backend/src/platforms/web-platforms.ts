/**
 * The project's registered web platforms: the only browser origins whose requests the server
 * answers, and the only places it redirects to or links from its mails (OAuth2 `success` and
 * `failure`, verification `url`). Appwrite keeps these as "Web platforms" of a project.
 *
 * An entry is either a bare hostname (`www.school.example`), which, as on Appwrite, allows that
 * host over http and https on any port, or a full origin (`http://127.0.0.1:5173`), which allows
 * exactly that scheme, host and port. The server's own origin (the portal it serves) is always
 * allowed. Unlike Appwrite, `localhost` is not allowed on every port by default: a page on another
 * port of the developer's machine is another site and must not read a signed-in student's data.
 */
export class WebPlatforms {
  private readonly hostnames = new Set<string>();
  private readonly origins = new Set<string>();

  constructor(entries: readonly string[] = []) {
    for (const entry of entries) this.register(entry);
  }

  /** Adds a hostname or an origin; throws on anything else, so a typo fails at start, not at the first request. */
  register(entry: string): void {
    const trimmed = entry.trim();
    if (!trimmed) return;
    if (trimmed.includes('://')) {
      const url = parseUrl(trimmed);
      if (!url || !isWebScheme(url) || url.pathname !== '/' || url.search || url.hash || url.username) {
        throw new Error(`"${entry}" is not a web origin (scheme://host[:port], nothing after it) nor a hostname.`);
      }
      this.origins.add(url.origin);
    } else {
      if (!/^[a-z0-9.-]+$/i.test(trimmed)) throw new Error(`"${entry}" is not a hostname nor a web origin.`);
      this.hostnames.add(trimmed.toLowerCase());
    }
  }

  /**
   * Whether a browser page at `origin` may call the API. `ownOrigin` is the origin the request was
   * sent to (scheme and Host): a page served by this server itself is always allowed.
   */
  allowsOrigin(origin: string, ownOrigin: string): boolean {
    const url = parseUrl(origin);
    if (!url || !isWebScheme(url)) return false;
    return url.origin === ownOrigin || this.origins.has(url.origin) || this.hostnames.has(url.hostname);
  }

  /** Whether the server may send a browser to `target` (an absolute URL) or link to it in a mail. */
  allowsUrl(target: URL, ownOrigin: string): boolean {
    return this.allowsOrigin(target.origin, ownOrigin);
  }

  /** The registered entries, for error messages and the start banner. */
  describe(): string[] {
    return [...this.origins, ...this.hostnames];
  }
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function isWebScheme(url: URL): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}
