import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DomainEvent } from '../events/bus.ts';
import { parseCookies } from '../http/cookies.ts';
import { AppwriteError } from '../http/errors.ts';
import { formatDate } from '../models/time.ts';
import type { Services } from '../services.ts';
import { publicationOf } from './channels.ts';
import { POLICY_VIOLATION, RealtimeConnection, type ConnectionIdentity } from './connection.ts';
import { parseEventName } from '../events/event-names.ts';
import { requestUrl } from '../http/request-target.ts';

const ACCOUNT_RESOURCES: ReadonlyArray<DomainEvent['resource']> = ['user', 'session', 'verification', 'recovery'];

/** The WebSocket endpoint `/v1/realtime`: accepts sockets, tracks them, and fans domain events out to them. */
export class RealtimeServer {
  private readonly sockets = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<RealtimeConnection>();
  private readonly unsubscribeBus: () => void;

  constructor(private readonly services: Services) {
    this.unsubscribeBus = services.bus.subscribe((event) => this.publish(event));
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.sockets.handleUpgrade(req, socket, head, (ws) => this.accept(ws, req));
  }

  /** Drops every socket without a closing handshake; the SDK sees an abnormal close and reconnects. */
  dropAll(): void {
    for (const connection of this.connections) connection.terminate();
  }

  close(): void {
    this.unsubscribeBus();
    this.dropAll();
    this.sockets.close();
  }

  private accept(ws: WebSocket, req: IncomingMessage): void {
    ws.on('error', () => ws.terminate());
    const reject = (code: number, message: string) => {
      ws.send(JSON.stringify({ type: 'error', data: { code, message } }));
      // 1008 tells the SDK not to reconnect: the same handshake would fail again.
      ws.close(POLICY_VIOLATION);
    };
    const url = requestUrl(req.url) ?? new URL('http://local/');
    const project = url.searchParams.get('project') || headerValue(req.headers, 'x-appwrite-project');
    if (project !== this.services.projectId) return reject(POLICY_VIOLATION, 'Missing or unknown project ID');
    // A page on an unregistered origin must not follow a signed-in student's events (Appwrite checks this on open too).
    const origin = headerValue(req.headers, 'origin');
    const ownOrigin = `${headerValue(req.headers, 'x-forwarded-proto') === 'https' ? 'https' : 'http'}://${req.headers.host ?? ''}`;
    if (origin !== undefined && !this.services.platforms.allowsOrigin(origin, ownOrigin))
      return reject(POLICY_VIOLATION, 'Invalid Origin. Register your new client as a new Web platform on your project console dashboard');
    let identity: ConnectionIdentity;
    try {
      identity = this.identify(req, url);
    } catch (error) {
      if (error instanceof AppwriteError) return reject(error.status, error.message);
      throw error;
    }

    const connection = new RealtimeConnection(ws, this.services, identity);
    this.connections.add(connection);
    ws.on('message', (data) => connection.handleMessage(data));
    ws.on('close', () => this.connections.delete(connection));
    connection.sendConnected([...url.searchParams.getAll('channels[]'), ...url.searchParams.getAll('channels')]);
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
      for (const connection of this.connections) connection.deliver(event, publication, timestamp);
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
