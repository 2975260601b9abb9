import { Realtime, type Client, type RealtimeResponseEvent } from 'appwrite';
import { PortalError } from './errors.ts';
import type { PortalRow } from './mapping.ts';

/** What happened to a row that a live subscription reports. @public */
export type LiveAction = 'create' | 'update' | 'delete';

/** Stops a live subscription; safe to call more than once. @public */
export type Unsubscribe = () => Promise<void>;

/** Called when a live subscription fails (the SDK keeps reconnecting on its own after a dropped socket). @public */
export type LiveErrorHandler = (error: PortalError) => void;

interface Listener {
  channel: string;
  onRow: (action: LiveAction, row: PortalRow) => void;
  onError: LiveErrorHandler | undefined;
  onOpen: (() => void) | undefined;
  subscription: Promise<{ close(): Promise<void> } | undefined> | undefined;
  closed: boolean;
}

/** The action of a realtime event, from the most specific event name it carries. */
export function actionOf(events: readonly string[]): LiveAction | undefined {
  for (const event of events) {
    if (event.endsWith('.create')) return 'create';
    if (event.endsWith('.update') || event.endsWith('.upsert')) return 'update';
    if (event.endsWith('.delete')) return 'delete';
  }
  return undefined;
}

/**
 * One realtime connection per portal client (the web SDK's `Realtime`), shared by every live
 * subscription. Appwrite authenticates a socket only when it opens, so after a sign-in or sign-out
 * `reconnect()` moves every subscription onto a new socket that carries the new identity.
 */
export class LiveHub {
  private realtime: Realtime | undefined;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly client: Client) {}

  /**
   * Delivers every create, update and delete of rows on `channel` that the caller may read; `onOpen`
   * runs each time the subscription goes out on a socket (again after `reconnect()`).
   */
  listen(channel: string, onRow: Listener['onRow'], onError?: LiveErrorHandler, onOpen?: () => void): Unsubscribe {
    const listener: Listener = { channel, onRow, onError, onOpen, subscription: undefined, closed: false };
    this.listeners.add(listener);
    this.open(listener);
    return async () => {
      if (listener.closed) return;
      listener.closed = true;
      this.listeners.delete(listener);
      const subscription = await listener.subscription;
      await subscription?.close();
    };
  }

  /** Re-opens every live subscription on a fresh socket (its identity follows the client's session). */
  async reconnect(): Promise<void> {
    const previous = this.realtime;
    this.realtime = undefined;
    if (!previous) return;
    await previous.disconnect();
    for (const listener of this.listeners) this.open(listener);
  }

  async close(): Promise<void> {
    for (const listener of this.listeners) listener.closed = true;
    this.listeners.clear();
    const previous = this.realtime;
    this.realtime = undefined;
    await previous?.disconnect();
  }

  private connection(): Realtime {
    if (!this.realtime) {
      const realtime = new Realtime(this.client);
      realtime.onError((error, code) => {
        const wrapped = liveError(error, code);
        for (const listener of this.listeners) listener.onError?.(wrapped);
      });
      this.realtime = realtime;
    }
    return this.realtime;
  }

  private open(listener: Listener): void {
    const deliver = (event: RealtimeResponseEvent<PortalRow>) => {
      const action = actionOf(event.events);
      if (!listener.closed && action && event.payload && typeof event.payload.$id === 'string') listener.onRow(action, event.payload);
    };
    listener.subscription = this.connection()
      .subscribe<PortalRow>(listener.channel, deliver)
      .then((subscription) => {
        if (!listener.closed) listener.onOpen?.();
        return subscription;
      })
      .catch((thrown: unknown) => {
        listener.onError?.(PortalError.from(thrown));
        return undefined;
      });
  }
}

/**
 * A realtime failure: the server's error frames carry WebSocket close codes (1003 a message it
 * refused, 1008 a policy violation such as an unknown project); anything else is the socket itself.
 */
function liveError(error: Error | undefined, code: number | undefined): PortalError {
  if (code === 1008) return new PortalError('not-allowed', error?.message, { cause: error });
  if (code === 1003) return new PortalError('invalid-input', error?.message, { cause: error });
  return new PortalError('network', undefined, { cause: error });
}

/** The realtime channel of every row of a `portal` table. */
export function tableChannel(tableId: string): string {
  return `tablesdb.portal.tables.${tableId}.rows`;
}

/** The realtime channel of one row of a `portal` table. */
export function rowChannel(tableId: string, rowId: string): string {
  return `${tableChannel(tableId)}.${rowId}`;
}
