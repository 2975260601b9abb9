import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { AbuseLimits } from './abuse/abuse-limits.ts';
import { Accounts } from './auth/accounts.ts';
import { Identity } from './auth/identity.ts';
import { TeamStore } from './auth/team-store.ts';
import { systemClock, type Clock } from './clock.ts';
import { EventBus } from './events/bus.ts';
import { WorkQueues } from './events/work-queues.ts';
import { answersWithoutProject } from './health/health-module.ts';
import type { CookieOptions, Reply, RequestContext } from './http/context.ts';
import { parseCookies, serializeCookie } from './http/cookies.ts';
import { corsHeaders } from './http/cors.ts';
import { readMultipartFields } from './http/multipart.ts';
import { AppwriteError, errors, SERVER_VERSION, toAppwriteError } from './http/errors.ts';
import { ParamReader, parseQueryString, type Params } from './http/params.ts';
import { Router } from './http/router.ts';
import { modules } from './modules.ts';
import { Outbox } from './outbox/outbox.ts';
import { isLocalPeer } from './platforms/loopback.ts';
import { WebPlatforms } from './platforms/web-platforms.ts';
import type { Services } from './services.ts';
import { randomSecret, Store, type StoreLocation } from './store/store.ts';
import { TablesDb } from './tablesdb/tables-db.ts';
import { loadProjectConfig } from './provisioning/config.ts';
import { projectAuthSettings } from './auth/project-auth.ts';
import { requestUrl } from './http/request-target.ts';

export interface LocalBackendOptions {
  /** Data folder (durable); omit or pass `memory: true` for an in-memory store. */
  dataDir?: string;
  memory?: boolean;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  projectId?: string;
  /** Fixes the API key instead of generating one (kept in the data folder otherwise). */
  apiKey?: string;
  /** Folder with `appwrite.config.json` (and `.env`): provisioned on start, functions loaded from it. */
  projectRoot?: string;
  /** Answers requests outside `/v1` (the portal's static files); 404 JSON otherwise. */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Registered web platforms besides the server's own origin: origins (`https://www.school.example`,
   * exact) or hostnames (any port, as Appwrite's Web platforms). Browser requests from anywhere else
   * are refused with `403 general_unknown_origin`, and OAuth2 or mail links may point only here.
   */
  webOrigins?: readonly string[];
  /** Where log lines go; defaults to stdout. Pass `() => {}` to silence. */
  log?: (message: string) => void;
  /**
   * Appwrite's abuse limits (429 `general_rate_limit_exceeded`), on by default; `false` is Appwrite's
   * `_APP_OPTIONS_ABUSE=disabled`, for test suites that sign in and up many times from one address.
   */
  abuseLimits?: boolean;
  /** Time and timers for function schedules (cron); tests pass a manual clock to reach a tick at once. */
  clock?: Clock;
}

export interface LocalBackend {
  /** Endpoint including `/v1`, as the SDKs take it. */
  readonly endpoint: string;
  readonly url: string;
  readonly port: number;
  readonly projectId: string;
  readonly apiKey: string;
  readonly services: Services;
  readonly server: Server;
  close(): Promise<void>;
}

export const DEFAULT_PROJECT_ID = 'opportunity-kit';
/**
 * Appwrite's HTTP server refuses any request larger than 12 MiB (Swoole's `package_max_length`) with 413,
 * before it reads a project or a route: uploads go in 5 MiB chunks, so only a bigger chunk meets it.
 */
const MAX_REQUEST_BODY = 12 * 1024 * 1024;
const LISTEN_BACKLOG = 4096;
const CLOSE_GRACE_MS = 2_000;
const IDLE_SOCKET_TIMEOUT_MS = 120_000;

/** Upgrade handlers (realtime) register here, keyed by path. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const location: StoreLocation = options.dataDir && !options.memory ? { dataDir: options.dataDir } : { memory: true };
  const store = new Store(location);
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const apiKey = options.apiKey ?? store.ensureMeta('apiKey', () => `standard_${randomSecret(32)}`);
  const jwtSecret = store.ensureMeta('jwtSecret', () => randomSecret(32));
  const accounts = new Accounts(store);
  const teams = new TeamStore(store);
  const identity = new Identity(accounts, teams, projectId, apiKey, jwtSecret);
  const bus = new EventBus();
  const log = options.log ?? ((message: string) => console.log(message));
  let endpoint = '';

  const upgradeHandlers = new Map<string, UpgradeHandler>();
  const projectConfig = loadProjectConfig(options.projectRoot);
  const services: Services = {
    store,
    accounts,
    teams,
    identity,
    bus,
    projectId,
    projectName: projectConfig.projectName ?? projectId,
    authSettings: projectAuthSettings(projectConfig),
    apiKey,
    // Engines more than one part of the server uses, built once here rather than looked up per module.
    outbox: new Outbox(store, log),
    tablesDb: new TablesDb({ store, bus }),
    queues: new WorkQueues(),
    platforms: new WebPlatforms(options.webOrigins),
    endpoint: () => endpoint,
    projectRoot: options.projectRoot,
    dataDir: store.dataDir,
    log,
    clock: options.clock ?? systemClock,
    onUpgrade: (path, handler) => upgradeHandlers.set(path, handler),
  };

  const router = new Router();
  const starters: Array<() => void | Promise<void>> = [];
  const closers: Array<() => void | Promise<void>> = [];
  for (const register of modules) {
    const hooks = register(router, services);
    if (hooks?.start) starters.push(hooks.start);
    if (hooks?.close) closers.push(hooks.close);
  }

  const abuseLimits = new AbuseLimits({ enabled: options.abuseLimits ?? true });
  // Requests still being answered; close() lets them finish before the database goes away.
  const inFlight = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    const answered = handle(req, res, { router, services, fallback: options.fallback, abuseLimits })
      .catch((error: unknown) => {
        console.error('[local-backend] request failed', error);
        if (!res.headersSent) res.writeHead(500).end();
      })
      .finally(() => inFlight.delete(answered));
    inFlight.add(answered);
  });
  server.on('upgrade', (req, socket, head) => {
    const path = requestUrl(req.url)?.pathname ?? '';
    const handler = upgradeHandlers.get(path);
    if (handler) handler(req, socket, head);
    else socket.destroy();
  });
  // Idle keep-alive sockets are closed by the client, never by a server timer that could race with a
  // request the client is just sending on that socket (an ECONNRESET under load). With no keep-alive
  // timeout the server sends no `Keep-Alive: timeout` hint, so clients keep their own shorter default;
  // the generous socket timeout only reclaims sockets a client abandoned. close() ends them all.
  server.keepAliveTimeout = 0;
  server.timeout = IDLE_SOCKET_TIMEOUT_MS;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue: a burst of concurrent clients (a thousand views at once) must wait, not be reset.
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', LISTEN_BACKLOG, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const displayHost = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  const url = `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${address.port}`;
  endpoint = `${url}/v1`;
  try {
    for (const start of starters) await start();
  } catch (error) {
    // A module that refuses to start (a config Appwrite would refuse) must not leave the port and the database open.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    store.close();
    throw error;
  }

  return {
    endpoint,
    url,
    port: address.port,
    projectId,
    apiKey,
    services,
    server,
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Let answers in progress finish (bounded, so a stuck handler cannot hold the process), then cut the rest.
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS))]);
      server.closeAllConnections();
      for (const close of closers) await close();
      await stopped;
      store.close();
    },
  };
}

interface Dispatch {
  abuseLimits: AbuseLimits;
  router: Router;
  services: Services;
  fallback: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse, { router, services, fallback, abuseLimits }: Dispatch): Promise<void> {
  const url = requestUrl(req.url);
  const method = (req.method ?? 'GET').toUpperCase();
  if (!url) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request');
    return;
  }

  if (!url.pathname.startsWith('/v1/') && url.pathname !== '/v1') {
    if (fallback) return fallback(req, res);
  }
  const secure = (req.headers['x-forwarded-proto'] ?? '') === 'https';
  const hostHeader = req.headers.host ?? '127.0.0.1';
  const ownOrigin = `${secure ? 'https' : 'http'}://${hostHeader}`;
  const devSurface = isDevSurface(url.pathname);
  const origin = headerValue(req, 'origin');
  // Development surfaces never answer cross-origin reads (no CORS at all); everything else answers
  // the registered web platforms only, as Appwrite does.
  const originAllowed = origin === undefined || services.platforms.allowsOrigin(origin, ownOrigin);
  const cors = origin !== undefined && originAllowed && !devSurface ? corsHeaders(req) : {};
  if (method === 'OPTIONS') {
    res.writeHead(204, cors).end();
    return;
  }

  const extraHeaders: Record<string, string | string[]> = {};
  const cookiesToSet: string[] = [];
  try {
    if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BODY) throw new BodyTooLarge();
    if (devSurface && !isLocalPeer(req)) throw errors.localOnly();
    // A server SDK with an API key is no browser page; Appwrite skips the origin check for it too.
    if (!devSurface && !originAllowed && !headerValue(req, 'x-appwrite-key')) throw errors.unknownOrigin(originHost(origin));
    if (url.pathname === '/v1/ping') {
      res.writeHead(200, { ...cors, 'Content-Type': 'text/plain' }).end('Pong!');
      return;
    }
    // HEAD is answered as GET without a body (Node sends none for HEAD), as Appwrite's router does.
    const match = router.match(method === 'HEAD' ? 'GET' : method, url.pathname);
    if (!match) throw errors.routeNotFound();

    const query = parseQueryString(url.search);
    const body: Params = match.rawBody ? {} : await readJsonBody(req);
    const projectId = stringParam(query.project) ?? stringParam(body.project) ?? headerValue(req, 'x-appwrite-project') ?? '';
    if (!devSurface && !answersWithoutProject(url.pathname, projectId)) {
      if (projectId === '') throw errors.accessForbidden();
      // Appwrite reserves the console's project id for its own console.
      if (projectId === 'console' && services.projectId !== 'console') throw errors.consoleProject();
      if (projectId !== services.projectId) throw errors.projectNotFound();
    }

    const cookies = parseCookies(req.headers.cookie);
    const caller = services.identity.resolve(req.headers, cookies, {}, { method, path: url.pathname, query });
    const ctx: RequestContext = {
      req,
      res,
      method,
      path: url.pathname,
      pathParams: match.params,
      query,
      body,
      params: new ParamReader({ ...query, ...body }),
      headers: req.headers,
      cookies,
      caller,
      // Without the header Appwrite answers in its own version's format.
      responseFormat: headerValue(req, 'x-appwrite-response-format') ?? SERVER_VERSION,
      origin: ownOrigin,
      secure,
      hostname: hostHeader.replace(/:\d+$/, ''),
      clientIp: forwardedFor(req) ?? peerAddress(req),
      peerAddress: peerAddress(req),
      setHeader: (name, value) => {
        extraHeaders[name] = value;
      },
      setCookie: (name: string, value: string, cookieOptions: CookieOptions) => {
        cookiesToSet.push(serializeCookie(name, value, cookieOptions));
      },
    };
    const reply = await abuseLimits.guard(ctx, () => match.handler(ctx));
    if (cookiesToSet.length) extraHeaders['Set-Cookie'] = cookiesToSet;
    writeReply(res, reply, { ...cors, ...extraHeaders });
  } catch (thrown) {
    if (!(thrown instanceof AppwriteError)) console.error('[local-backend] unexpected error', thrown);
    const error = toAppwriteError(thrown);
    if (res.headersSent) {
      res.end();
      return;
    }
    // The rest of a refused body is still on its way: the connection cannot carry another request.
    if (thrown instanceof BodyTooLarge) extraHeaders.Connection = 'close';
    res
      .writeHead(error.status, {
        ...cors,
        ...extraHeaders,
        'Content-Type': 'application/json',
        'Cache-Control': 'no-cache, no-store, must-revalidate',
      })
      .end(JSON.stringify(error.toJSON()));
  }
}

function writeReply(res: ServerResponse, reply: Reply, headers: Record<string, string | string[]>): void {
  if ('raw' in reply) return;
  if (reply.status === 204 || !('json' in reply || 'text' in reply)) {
    res.writeHead(204, headers).end();
    return;
  }
  if ('json' in reply) {
    res.writeHead(reply.status, { ...headers, 'Content-Type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.json));
  } else {
    res.writeHead(reply.status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', ...reply.headers }).end(reply.text);
  }
}

/** A body over the limit: 413, with `Connection: close`, since its unread rest would follow on the socket. */
class BodyTooLarge extends AppwriteError {
  constructor() {
    super(413, 'general_bad_request', 'Request body is too large.');
  }
}

async function readJsonBody(req: IncomingMessage): Promise<Params> {
  const type = req.headers['content-type'] ?? '';
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  if (type.toLowerCase().startsWith('multipart/form-data')) return readMultipartFields(req, MAX_REQUEST_BODY);
  const text = (await readBody(req, MAX_REQUEST_BODY)).toString('utf8');
  if (!text.trim()) return {};
  if (type.includes('application/x-www-form-urlencoded')) return parseQueryString(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw errors.badRequest('Invalid JSON body.');
  }
  // PHP, and so Appwrite's PHP SDK, encodes "no params" as `[]`: Appwrite reads a list as a request
  // with no named params.
  if (Array.isArray(parsed)) return {};
  if (typeof parsed !== 'object' || parsed === null) throw errors.badRequest('Invalid JSON body.');
  return parsed as Params;
}

/**
 * Routes that exist only for development: the mail outbox and the local identity provider (its page
 * and the callback its form posts to). They answer loopback peers only.
 */
function isDevSurface(path: string): boolean {
  return path.startsWith('/v1/dev/') || path.startsWith('/v1/account/sessions/oauth2/callback/');
}

function originHost(origin: string | undefined): string {
  try {
    return new URL(origin ?? '').host || String(origin);
  } catch {
    return String(origin);
  }
}

/**
 * Reads the whole body, or refuses it once it passes `limit`. Never destroys the request: that would
 * reset the socket before the refusal is written (the caller answers with `Connection: close`).
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.pause();
      reject(new BodyTooLarge());
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function peerAddress(req: IncomingMessage): string {
  // An IPv4 peer of a dual-stack socket counts as its IPv4 address.
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/** Appwrite's `Request::getIP()`: the first address of `X-Forwarded-For`, when it is an IP address. */
function forwardedFor(req: IncomingMessage): string | undefined {
  const first = (headerValue(req, 'x-forwarded-for') ?? '').split(',')[0]?.trim() ?? '';
  return first && isIP(first) ? first : undefined;
}

function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}
