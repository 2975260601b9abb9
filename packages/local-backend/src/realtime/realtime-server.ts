import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DomainEvent } from '../events/bus.ts';
import { parseCookies } from '../http/cookies.ts';
import { AppwriteError } from '../http/errors.ts';
import { formatDate } from '../models/time.ts';
import type { Services } from '../services.ts';
import { convertChannels, publicationOf } from './channels.ts';
import { parsePhpQuery, phpGet, phpStrings } from './handshake-query.ts';
import { RealtimeQueryError, urlSubscriptions, type UrlSubscription } from './url-subscriptions.ts';
import { POLICY_VIOLATION, RealtimeConnection, type ConnectionIdentity } from './connection.ts';
import { parseEventName } from '../events/event-names.ts';
import { requestUrl } from '../http/request-target.ts';

/** Appwrite's own project, which every Appwrite has; its realtime sockets get the SDK test channel only. */
const CONSOLE_PROJECT = 'console';
const CONSOLE_TEST_INTERVAL_MS = 5_000;
/** How long a refused socket has to read its error before it is cut. */
const CLOSE_GRACE_MS = 100;

const ACCOUNT_RESOURCES: ReadonlyArray<DomainEvent['resource']> = ['user', 'session', 'verification', 'recovery'];

/** The WebSocket endpoint `/v1/realtime`: accepts sockets, tracks them, and fans domain events out to them. */
export class RealtimeServer {
  private readonly sockets = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<RealtimeConnection>();
  /** Sockets opened as Appwrite's `console` project. */
  private readonly consoleConnections = new Set<RealtimeConnection>();
  private consoleTimer: NodeJS.Timeout | undefined;
  private readonly unsubscribeBus: () => void;

  constructor(private readonly services: Services) {
    this.unsubscribeBus = services.bus.subscribe((event) => this.publish(event));
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.sockets.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req, socket));
  }

  /** Drops every socket without a closing handshake; the SDK sees an abnormal close and reconnects. */
  dropAll(): void {
    for (const connection of [...this.connections, ...this.consoleConnections]) connection.terminate();
  }

  close(): void {
    this.stopConsoleTests();
    this.unsubscribeBus();
    this.dropAll();
    this.sockets.close();
  }

  private accept(ws: WebSocket, req: IncomingMessage, socket: Duplex): void {
    ws.on('error', () => ws.terminate());
    const reject = (code: number, message: string) => {
      ws.send(JSON.stringify({ type: 'error', data: { code, message } }));
      // 1008 tells the SDK not to reconnect: the same handshake would fail again. Appwrite then drops the
      // connection without a closing handshake; a client that has not answered the close frame by then
      // finds its connection reset, as it would on Appwrite.
      ws.close(POLICY_VIOLATION);
      setTimeout(() => resetConnection(socket), CLOSE_GRACE_MS).unref();
    };
    const url = requestUrl(req.url) ?? new URL('http://local/');
    const query = parsePhpQuery(url.search);
    const projectParam = phpGet(query, 'project');
    const project = (typeof projectParam === 'string' && projectParam) || headerValue(req.headers, 'x-appwrite-project');
    const isConsole = project === CONSOLE_PROJECT;
    if (project !== this.services.projectId && !isConsole) return reject(POLICY_VIOLATION, 'Missing or unknown project ID');
    // A page on an unregistered origin must not follow a signed-in student's events (Appwrite checks this on open too,
    // except for its console, whose sockets carry no project data here).
    const origin = headerValue(req.headers, 'origin');
    const ownOrigin = `${headerValue(req.headers, 'x-forwarded-proto') === 'https' ? 'https' : 'http'}://${req.headers.host ?? ''}`;
    if (!isConsole && origin !== undefined && !this.services.platforms.allowsOrigin(origin, ownOrigin)) {
      return reject(
        POLICY_VIOLATION,
        `Invalid Origin. Register your new client (${originHostname(origin)}) as a new Web platform on your project console dashboard`,
      );
    }
    let identity: ConnectionIdentity;
    let channels: string[];
    let opened: UrlSubscription[];
    try {
      identity = isConsole ? { user: undefined, session: undefined } : this.identify(req, url);
      channels = convertChannels(phpStrings(phpGet(query, 'channels')), identity.user?.id);
      opened = channels.length ? urlSubscriptions(channels, query) : [];
    } catch (error) {
      if (error instanceof AppwriteError) return reject(error.status, error.message);
      if (error instanceof RealtimeQueryError) return reject(POLICY_VIOLATION, handshakeQueryMessage(error.message));
      throw error;
    }

    const connection = new RealtimeConnection(ws, this.services, identity);
    const pool = isConsole ? this.consoleConnections : this.connections;
    pool.add(connection);
    if (isConsole) this.startConsoleTests();
    ws.on('message', (data) => connection.handleMessage(data));
    ws.on('close', () => {
      pool.delete(connection);
      if (isConsole && pool.size === 0) this.stopConsoleTests();
    });
    connection.sendConnected(channels, opened);
  }

  /**
   * Appwrite's console project publishes a `test.event` on its `tests` channel every 5 seconds, for the SDKs'
   * own end-to-end tests. The console has no data here, so that is all its sockets ever receive.
   */
  private startConsoleTests(): void {
    this.consoleTimer ??= setInterval(() => {
      const publication = { events: ['test.event'], channels: ['tests'], payload: { response: 'WS:/v1/realtime:passed' } };
      const timestamp = formatDate(Date.now());
      for (const connection of this.consoleConnections) connection.deliver(['guests'], publication, timestamp);
    }, CONSOLE_TEST_INTERVAL_MS);
    this.consoleTimer.unref();
  }

  private stopConsoleTests(): void {
    if (this.consoleTimer) clearInterval(this.consoleTimer);
    this.consoleTimer = undefined;
  }

  /** Handshake identity, in the order Appwrite reads it: session cookies, X-Appwrite-Session, X-Fallback-Cookies, then a JWT. */
  private identify(req: IncomingMessage, url: URL): ConnectionIdentity {
    // A project API key names no user, so on a socket it counts as a guest.
    const { 'x-appwrite-key': _key, ...headers } = req.headers;
    const jwt = url.searchParams.get('jwt') || undefined;
    const caller = this.services.identity.resolve(headers, parseCookies(req.headers.cookie), jwt ? { jwt } : {});
    return caller.kind === 'user' ? { user: caller.user, session: caller.session } : { user: undefined, session: undefined };
  }

  private publish(event: DomainEvent): void {
    // Roles of users whose memberships changed are re-read (see DomainEvent.rolesChanged), so a new
    // member receives the team's events at once and a removed one no longer does.
    if (event.rolesChanged?.refresh === 'before') this.refreshUsers(event.rolesChanged.userIds);
    const publication = publicationOf(event, this.services.projectId);
    if (publication) {
      const timestamp = formatDate(Date.now());
      for (const connection of this.connections) connection.deliver(event.readRoles, publication, timestamp);
    }
    if (event.rolesChanged?.refresh === 'after') this.refreshUsers(event.rolesChanged.userIds);
    if (ACCOUNT_RESOURCES.includes(event.resource)) {
      const userId = event.ids.userId ?? parseEventName(event.name, event.ids)[1]?.value;
      for (const connection of this.connections) {
        if (connection.userId === userId) connection.refreshIdentity();
      }
    }
  }

  private refreshUsers(userIds: readonly string[]): void {
    for (const connection of this.connections) {
      if (connection.userId !== undefined && userIds.includes(connection.userId)) connection.refreshIdentity();
    }
  }
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** Cuts a connection with a TCP reset (a closing handshake is Appwrite's to skip, not the client's to finish). */
function resetConnection(socket: Duplex): void {
  if (socket.destroyed) return;
  if (socket instanceof Socket) socket.resetAndDestroy();
  else socket.destroy();
}

/** The origin's host name, as Appwrite's Origin validator names the client in its refusal. */
function originHostname(origin: string): string {
  try {
    return new URL(origin).hostname || origin;
  } catch {
    return origin;
  }
}

/** A query of the socket URL that Appwrite cannot parse: its parser's message, or the Realtime rule broken. */
function handshakeQueryMessage(message: string): string {
  return message.startsWith('Query method') || message.startsWith('Only select') ? message : `Invalid query: ${message}`;
}
