import { Account, Client, Functions, ID, Storage, TablesDB } from 'appwrite';
import type { TestBackend } from './backend.ts';

/**
 * The web SDK in Node has no browser to keep its session cookies. A TestBrowser plays that part:
 * fetch is wrapped once so that each client, tagged with its own `x-test-browser` header, gets its
 * own cookie jar and fallback-cookie store, exactly as separate browsers would. Nothing is mocked:
 * every request still reaches the backend unchanged apart from the cookies a browser would send.
 */
export interface TestBrowser {
  readonly client: Client;
  readonly account: Account;
  readonly tablesDB: TablesDB;
  readonly storage: Storage;
  readonly functions: Functions;
  /** The encoded session token this browser holds, for `client.setSession` in realtime tests. */
  sessionToken(): string | undefined;
  /** Cookie header value this browser would send (for raw requests such as file views). */
  cookieHeader(): string;
}

interface Jar {
  cookies: Map<string, string>;
  fallback: string | undefined;
}

const jars = new Map<string, Jar>();
let installed = false;
const BROWSER_HEADER = 'x-test-browser';

function installFetchJar(): void {
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const browserId = headers.get(BROWSER_HEADER);
    const jar = browserId ? jars.get(browserId) : undefined;
    if (!jar) return realFetch(input, init);
    headers.delete(BROWSER_HEADER);
    if (jar.cookies.size) headers.set('cookie', [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    if (jar.fallback) headers.set('x-fallback-cookies', jar.fallback);
    const response = await realFetch(input, { ...init, headers });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(';');
      const index = (pair ?? '').indexOf('=');
      const name = (pair ?? '').slice(0, index).trim();
      const value = (pair ?? '').slice(index + 1).trim();
      const expires = attributes.find((attribute) => attribute.trim().toLowerCase().startsWith('expires='));
      const expired = expires !== undefined && new Date(expires.split('=')[1] ?? '').getTime() < Date.now();
      if (!value || expired) jar.cookies.delete(name);
      else jar.cookies.set(name, value);
    }
    const fallback = response.headers.get('x-fallback-cookies');
    if (fallback) jar.fallback = fallback;
    return response;
  };
}

let browserCount = 0;

export function openBrowser(backend: TestBackend): TestBrowser {
  installFetchJar();
  const id = `browser-${++browserCount}`;
  const jar: Jar = { cookies: new Map(), fallback: undefined };
  jars.set(id, jar);
  const client = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId);
  client.headers[BROWSER_HEADER] = id;
  return {
    client,
    account: new Account(client),
    tablesDB: new TablesDB(client),
    storage: new Storage(client),
    functions: new Functions(client),
    sessionToken() {
      const cookie = jar.cookies.get(`a_session_${backend.projectId}`) ?? jar.cookies.get(`a_session_${backend.projectId}_legacy`);
      if (cookie) return decodeURIComponent(cookie);
      if (!jar.fallback) return undefined;
      try {
        const parsed = JSON.parse(jar.fallback) as Record<string, string>;
        return parsed[`a_session_${backend.projectId}`];
      } catch {
        return undefined;
      }
    },
    cookieHeader() {
      return [...jar.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
  };
}

/** Signs up and signs in a new user in a fresh browser; returns the browser and the account. */
export async function signedInBrowser(
  backend: TestBackend,
  input: { email: string; password?: string; name?: string },
): Promise<TestBrowser & { userId: string; email: string; password: string }> {
  const browser = openBrowser(backend);
  const password = input.password ?? 'correct horse battery';
  const user = await browser.account.create({ userId: ID.unique(), email: input.email, password, name: input.name ?? input.email.split('@')[0] ?? '' });
  await browser.account.createEmailPasswordSession({ email: input.email, password });
  return Object.assign(browser, { userId: user.$id, email: input.email, password });
}
