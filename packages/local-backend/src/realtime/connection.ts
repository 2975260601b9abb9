import type { RawData, WebSocket } from 'ws';
import type { SessionRecord, UserRecord } from '../auth/accounts.ts';
import { userModel } from '../auth/accounts.ts';
import { GUEST_ROLES } from '../auth/roles.ts';
import { isCustomId, uniqueId } from '../http/params.ts';
import type { Services } from '../services.ts';
import { convertChannels, rebindAccountChannels, type Publication } from './channels.ts';
import type { UrlSubscription } from './url-subscriptions.ts';
import { matchesQueries, parseRealtimeQueries, RealtimeQueryError, type RealtimeQuery } from './queries.ts';

/** Realtime error codes, sent as `{ type: 'error', data: { code, message } }`: 1003 leaves the socket open, 1008 closes it. */
export const MESSAGE_INVALID = 1003;
export const POLICY_VIOLATION = 1008;

/** A message the server cannot act on: answered with an error frame, the socket stays open. */
class InvalidMessage extends Error {}

/** Who is on the other end of a socket; a guest has neither user nor session. */
export interface ConnectionIdentity {
  user: UserRecord | undefined;
  session: SessionRecord | undefined;
}

interface Subscription {
  channels: string[];
  queries: RealtimeQuery[];
  queryStrings: string[];
}

const invalid = (message: string) => new InvalidMessage(message);

/** One socket: its identity and roles, its subscriptions by client-chosen id, and the message handlers. */
export class RealtimeConnection {
  private identity: ConnectionIdentity;
  private roles: readonly string[];
  private readonly subscriptions = new Map<string, Subscription>();

  constructor(
    private readonly socket: WebSocket,
    private readonly services: Services,
    identity: ConnectionIdentity,
  ) {
    this.identity = identity;
    this.roles = identity.user ? services.identity.rolesOf(identity.user) : GUEST_ROLES;
  }

  get userId(): string | undefined {
    return this.identity.user?.id;
  }

  /**
   * Greets the socket. Channels named in the socket URL (`channels[]`, how SDKs before Appwrite 1.9.5
   * subscribe, and which Appwrite still honours) open as subscriptions at once, one per query slot; the
   * frame maps each slot to its subscription id, as Appwrite's `connected` frame does.
   */
  sendConnected(channels: readonly string[], opened: readonly UrlSubscription[]): void {
    const mapping: Record<string, string> = {};
    for (const { slot, channels: slotChannels, queries, queryStrings } of opened) {
      const id = uniqueId();
      this.subscriptions.set(id, { channels: slotChannels, queries, queryStrings });
      mapping[slot] = id;
    }
    this.send({ type: 'connected', data: { channels, subscriptions: phpJsonArray(mapping), user: this.accountModel() } });
  }

  /** Abrupt drop, as a network failure or a server crash would do it. */
  terminate(): void {
    this.socket.terminate();
  }

  handleMessage(raw: RawData): void {
    try {
      this.send(this.dispatch(parseMessage(raw)));
    } catch (error) {
      if (error instanceof InvalidMessage) {
        this.send({ type: 'error', data: { code: MESSAGE_INVALID, message: error.message } });
      } else {
        console.error('[local-backend] realtime message failed', error);
        this.send({ type: 'error', data: { code: 500, message: 'Error: Server Error' } });
      }
    }
  }

  private dispatch(message: { type: unknown; data?: unknown; hasData: boolean }): Record<string, unknown> {
    switch (message.type) {
      case 'ping':
        return { type: 'pong' };
      case 'authentication':
        return this.authenticate(message.data);
      case 'subscribe':
        return this.subscribe(requireList(message, 'Items'));
      case 'unsubscribe':
        return this.unsubscribe(requireList(message, 'Items'));
      default:
        throw invalid('Message type is not valid.');
    }
  }

  private authenticate(data: unknown): Record<string, unknown> {
    const session = isRecord(data) ? data.session : undefined;
    if (session === undefined) throw invalid('Payload is not valid. Session is required');
    if (typeof session !== 'string' || session.length > 2048) throw invalid('session: Value must be a valid string and at most 2048 chars');
    const caller = this.services.identity.userFromSessionToken(session);
    if (caller?.kind !== 'user') throw invalid('Session is not valid.');

    const previousUserId = this.userId;
    this.identity = { user: caller.user, session: caller.session };
    this.roles = caller.roles;
    for (const subscription of this.subscriptions.values()) {
      subscription.channels = rebindAccountChannels(subscription.channels, previousUserId, caller.user.id);
    }
    return { type: 'response', data: { to: 'authentication', success: true, user: this.accountModel() } };
  }

  private subscribe(items: unknown[]): Record<string, unknown> {
    const parsed = items.map((item) => {
      const payload = validateSubscribeItem(item);
      let queries: RealtimeQuery[];
      try {
        queries = parseRealtimeQueries(payload.queries);
      } catch (error) {
        if (error instanceof RealtimeQueryError) throw invalid(`Invalid query: ${error.message}`);
        throw error;
      }
      const queryStrings = payload.queries.map((query) => (typeof query === 'string' ? query : JSON.stringify(query)));
      return { id: payload.subscriptionId ?? uniqueId(), channels: convertChannels(payload.channels, this.userId), queries, queryStrings };
    });
    // Validate the whole batch before storing anything, so a bad item leaves no partial state.
    for (const { id, channels, queries, queryStrings } of parsed) this.subscriptions.set(id, { channels, queries, queryStrings });
    return {
      type: 'response',
      data: {
        to: 'subscribe',
        success: true,
        subscriptions: parsed.map(({ id, channels, queryStrings }) => ({ subscriptionId: id, channels, queries: queryStrings })),
      },
    };
  }

  private unsubscribe(items: unknown[]): Record<string, unknown> {
    const ids = items.map((item) => {
      const subscriptionId = isRecord(item) ? item.subscriptionId : undefined;
      if (typeof subscriptionId !== 'string' || subscriptionId === '') {
        throw invalid('items: Each unsubscribe payload must include a non-empty subscriptionId.');
      }
      return subscriptionId;
    });
    return {
      type: 'response',
      data: { to: 'unsubscribe', success: true, subscriptions: ids.map((id) => ({ subscriptionId: id, removed: this.subscriptions.delete(id) })) },
    };
  }

  /** Sends one frame listing every subscription of this socket that may see the event (its roles name one of `readRoles`). */
  deliver(readRoles: readonly string[], publication: Publication, timestamp: string): void {
    if (!readRoles.includes('any') && !readRoles.some((role) => this.roles.includes(role))) return;
    const matched: string[] = [];
    for (const [id, subscription] of this.subscriptions) {
      if (!subscription.channels.some((channel) => publication.channels.includes(channel))) continue;
      if (!matchesQueries(subscription.queries, publication.payload)) continue;
      matched.push(id);
    }
    if (matched.length === 0) return;
    this.send({
      type: 'event',
      data: { events: publication.events, channels: publication.channels, timestamp, payload: publication.payload, subscriptions: matched },
    });
  }

  /**
   * Re-reads the user, session and team roles behind this socket. Appwrite does this when the user's
   * memberships change and otherwise keeps a socket's roles until it reconnects; refreshing after the
   * user's own events too is cheap and means a signed-out or deleted user stops receiving private
   * events, and new labels or verification apply at once.
   */
  refreshIdentity(): void {
    const { user, session } = this.identity;
    if (!user) return;
    const current = this.services.accounts.findUser(user.id);
    const live = session ? this.services.accounts.findSession(session.id) : undefined;
    const stillValid = current && (!session || (live && live.userId === current.id && live.expire > Date.now()));
    if (stillValid) {
      this.identity = { user: current, session: live };
      this.roles = this.services.identity.rolesOf(current);
    } else {
      this.roles = GUEST_ROLES;
    }
  }

  private accountModel(): Record<string, unknown> | null {
    return this.identity.user ? userModel(this.identity.user) : null;
  }

  private send(frame: Record<string, unknown>): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }
}

function parseMessage(raw: RawData): { type: unknown; data?: unknown; hasData: boolean } {
  const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.isBuffer(raw) ? raw.toString('utf8') : Buffer.from(raw).toString('utf8');
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    throw invalid('Message format is not valid.');
  }
  if (!isRecord(message) || (!('type' in message) && !('data' in message))) throw invalid('Message format is not valid.');
  return { type: message.type, data: message.data, hasData: 'data' in message && message.data !== null };
}

function requireList(message: { data?: unknown; hasData: boolean }, name: string): unknown[] {
  if (!message.hasData) throw invalid(`Payload is not valid. ${name} is required`);
  if (!Array.isArray(message.data)) throw invalid(`${name.toLowerCase()}: Payload is not valid.`);
  return message.data;
}

/** Appwrite's SubscribePayload validator, item by item, with its messages. */
function validateSubscribeItem(item: unknown): { subscriptionId: string | undefined; channels: string[]; queries: unknown[] } {
  if (!isRecord(item)) throw invalid('items: Each subscribe payload must be an object.');
  const { subscriptionId, channels, queries } = item;
  if (subscriptionId !== undefined && (typeof subscriptionId !== 'string' || !isCustomId(subscriptionId))) {
    throw invalid('items: subscriptionId is not a valid id.');
  }
  if (channels === undefined) throw invalid('items: channels is not present in payload.');
  if (!Array.isArray(channels)) throw invalid('items: channels is not a valid array.');
  if (!channels.every((channel): channel is string => typeof channel === 'string')) throw invalid('items: channels must contain only strings.');
  if (queries !== undefined && !Array.isArray(queries)) throw invalid('items: queries is not a valid array.');
  return { subscriptionId, channels, queries: queries ?? [] };
}

/** A slot-to-id map as PHP's `json_encode` writes it: a list when its keys are 0, 1, 2, …; an object otherwise. */
function phpJsonArray(mapping: Record<string, string>): string[] | Record<string, string> {
  const keys = Object.keys(mapping);
  return keys.every((key, index) => key === String(index)) ? keys.map((key) => mapping[key] as string) : mapping;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
