import { Client, Realtime, type RealtimeResponseEvent } from 'appwrite';
import WebSocket from 'ws';
import type { TestBackend } from './backend.ts';

/**
 * Runs the web SDK's `Realtime` class in Node. The SDK needs a global `WebSocket` (Node 20 has
 * none, so `ws` plays it) and a `window` with timers and a localStorage. Every socket the SDK opens
 * records the frames it sends and receives, so a test can wait for the server's acknowledgement
 * instead of sleeping. Nothing is mocked: the frames travel over a real socket to the backend.
 */

export interface Frame {
  type: string;
  data?: unknown;
}

export type LiveEvent = RealtimeResponseEvent<Record<string, unknown>>;

/** A `ws` socket that keeps every frame it sent and received. */
export class TracedWebSocket extends WebSocket {
  readonly sent: Frame[] = [];
  readonly received: Frame[] = [];

  constructor(address: string | URL, protocols?: string | string[]) {
    super(address, protocols);
    this.on('message', (data) => this.received.push(JSON.parse(String(data)) as Frame));
    const send = this.send.bind(this);
    this.send = ((data: string, ...rest: never[]) => {
      this.sent.push(JSON.parse(String(data)) as Frame);
      send(data, ...rest);
    }) as typeof this.send;
  }

  /** The subscription ids of every `subscribe` acknowledgement this socket received, in order. */
  subscribeAcks(): string[][] {
    return this.received
      .filter((frame) => frame.type === 'response' && (frame.data as { to?: string }).to === 'subscribe')
      .map((frame) => (frame.data as { subscriptions: Array<{ subscriptionId: string }> }).subscriptions.map((item) => item.subscriptionId));
  }
}

/**
 * One browser has one localStorage, but Node has one global `window` for every simulated browser.
 * Sessions therefore stay in each TestBrowser's own jar (tests/support/browser.ts) and realtime
 * clients get theirs through `client.setSession`; the shared storage stays empty, as a browser
 * whose session lives in cookies would keep it.
 */
const emptyStorage = {
  getItem: (_key: string): string | null => null,
  setItem: (_key: string, _value: string): void => {},
  removeItem: (_key: string): void => {},
};

/** The SDK warns on every session answer once a localStorage exists; the shared storage is not used. */
const windowConsole = {
  ...console,
  warn: (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Appwrite is using localStorage')) console.warn(...args);
  },
};

let installed = false;
function installBrowserGlobals(): void {
  if (installed) return;
  installed = true;
  Object.assign(globalThis, {
    WebSocket: TracedWebSocket,
    window: { setTimeout, clearTimeout, setInterval, clearInterval, localStorage: emptyStorage, console: windowConsole },
  });
}

/** Polls until `check` returns a value; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One subscription of a LiveClient: its id and every event the SDK handed to its callback. */
export interface Feed {
  readonly subscriptionId: string;
  readonly events: LiveEvent[];
  /** The first event (already received or still to come) that satisfies `predicate`. */
  waitFor(predicate?: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  unsubscribe(): Promise<void>;
}

export interface LiveClient {
  readonly realtime: Realtime;
  /** What the SDK passed to `onError`: message and realtime error code. */
  readonly errors: Array<{ message: string; code: number | undefined }>;
  /** Subscribes through the SDK and resolves once the server has acknowledged the subscription. */
  subscribe(channels: string[], queries?: string[]): Promise<Feed>;
  /** The socket the SDK currently uses. */
  socket(): TracedWebSocket | undefined;
  /**
   * Pings on the SDK's socket and waits for the pong. The server answers in order, so every event
   * it sent before (everything published by REST calls that already returned) has arrived by then.
   */
  flush(): Promise<void>;
  /** Waits for the SDK to replace `previous` and the server to acknowledge all subscriptions on the new socket. */
  resubscribed(previous: TracedWebSocket, timeoutMs?: number): Promise<TracedWebSocket>;
  close(): Promise<void>;
}

const openClients = new Set<LiveClient>();

/** A web-SDK `Realtime` client; pass a browser's session token to make the SDK send `authentication`. */
export function openRealtime(backend: TestBackend, options: { session?: string; jwt?: string } = {}): LiveClient {
  installBrowserGlobals();
  const client = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId);
  if (options.session) client.setSession(options.session);
  if (options.jwt) client.setJWT(options.jwt);
  const realtime = new Realtime(client);
  const errors: LiveClient['errors'] = [];
  realtime.onError((error, code) => errors.push({ message: error?.message ?? '', code }));
  const ids = new Set<string>();
  // The SDK keeps its socket private; reading it is the only way to tell this client's frames apart.
  const socket = () => (realtime as unknown as { socket?: TracedWebSocket }).socket;

  const live: LiveClient = {
    realtime,
    errors,
    socket,
    async subscribe(channels, queries = []) {
      const events: LiveEvent[] = [];
      const subscription = await realtime.subscribe<Record<string, unknown>>(channels, (event) => events.push(event), queries);
      const subscriptionId = await waitFor(`the server to acknowledge a subscription to ${channels.join(', ')}`, () =>
        socket()
          ?.subscribeAcks()
          .flat()
          .find((id) => !ids.has(id)),
      );
      ids.add(subscriptionId);
      return {
        subscriptionId,
        events,
        waitFor: (predicate = () => true, timeoutMs = 5_000) => waitFor(`an event on ${channels.join(', ')}`, () => events.find(predicate), timeoutMs),
        unsubscribe: async () => {
          ids.delete(subscriptionId);
          await subscription.unsubscribe();
        },
      };
    },
    async flush() {
      const current = socket();
      if (!current) throw new Error('the SDK has no socket to flush');
      const pongs = () => current.received.filter((frame) => frame.type === 'pong').length;
      const before = pongs();
      current.send(JSON.stringify({ type: 'ping' }));
      await waitFor('a pong', () => pongs() > before);
    },
    resubscribed(previous, timeoutMs = 10_000) {
      return waitFor(
        'the SDK to reconnect and resubscribe',
        () => {
          const current = socket();
          if (!current || current === previous || current.readyState !== WebSocket.OPEN) return undefined;
          const acknowledged = new Set(current.subscribeAcks().flat());
          return [...ids].every((id) => acknowledged.has(id)) ? current : undefined;
        },
        timeoutMs,
      );
    },
    async close() {
      openClients.delete(live);
      await realtime.disconnect();
    },
  };
  openClients.add(live);
  return live;
}

/** A plain `ws` socket for protocol-level checks the SDK hides (error frames, pong, handshake). */
export interface RawSocket {
  readonly frames: Frame[];
  send(message: unknown): void;
  sendText(text: string): void;
  /** The next frame after the last one returned that satisfies `predicate`. */
  next(predicate?: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  readonly closed: Promise<number>;
  isOpen(): boolean;
  close(): void;
}

const openRaw = new Set<RawSocket>();

export function openRawSocket(
  backend: TestBackend,
  options: { project?: string; jwt?: string; headers?: Record<string, string>; channels?: string[]; query?: string } = {},
): RawSocket {
  const params = new URLSearchParams({ project: options.project ?? backend.projectId });
  if (options.jwt) params.set('jwt', options.jwt);
  // Channels in the URL: how SDKs before Appwrite 1.9.5 subscribe.
  for (const channel of options.channels ?? []) params.append('channels[]', channel);
  // `query` adds URL params as a client writes them itself (PHP's `channels[0]=…`, per-slot queries).
  const search = options.query ? `${params}&${options.query}` : String(params);
  const socket = new WebSocket(`${backend.endpoint.replace(/^http/, 'ws')}/realtime?${search}`, { headers: options.headers });
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve) => socket.once('open', () => resolve()));
  let cursor = 0;
  const raw: RawSocket = {
    frames,
    send: (message) => raw.sendText(JSON.stringify(message)),
    sendText: (text) => void opened.then(() => socket.send(text)),
    async next(predicate = () => true, timeoutMs = 5_000) {
      return waitFor(
        'a realtime frame',
        () => {
          const index = frames.findIndex((frame, position) => position >= cursor && predicate(frame));
          if (index < 0) return undefined;
          cursor = index + 1;
          return frames[index];
        },
        timeoutMs,
      );
    },
    closed,
    isOpen: () => socket.readyState === WebSocket.OPEN,
    close: () => {
      openRaw.delete(raw);
      socket.close();
    },
  };
  openRaw.add(raw);
  return raw;
}

/** Closes every realtime client and raw socket a test opened; call before closing the backend. */
export async function closeRealtimeClients(): Promise<void> {
  for (const raw of [...openRaw]) raw.close();
  await Promise.all([...openClients].map((live) => live.close()));
}
