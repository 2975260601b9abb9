/**
 * Something that happened, published by the module that did it and consumed by realtime and by
 * event-triggered functions. `name` is the concrete event path in Appwrite's grammar
 * (`users.U.create`, `databases.D.tables.T.rows.R.update`, `buckets.B.files.F.create`), `payload` the
 * resource as the REST call returned it (2.0.0 format) and `readRoles` who may receive it over realtime.
 */
export interface DomainEvent {
  /** `messaging`: a provider, topic, subscriber or message (no realtime channel; function triggers only). */
  resource: 'user' | 'session' | 'verification' | 'recovery' | 'row' | 'file' | 'execution' | 'messaging' | 'team' | 'membership';
  name: string;
  payload: Record<string, unknown>;
  readRoles: readonly string[];
  /** Identifiers in the name, for consumers that build channels (`databaseId`, `tableId`, `rowId`, `userId`, …). */
  ids: Readonly<Record<string, string>>;
  action: string;
  /**
   * Users whose roles this event changed (a team joined or left, its roles changed, the team deleted).
   * Realtime re-reads their sockets' roles `before` delivering the event, as Appwrite does on its
   * `permissionsChanged` (a new member receives the event of joining), or `after` it (the members of
   * a deleted team still hear that it is gone, then lose its roles).
   */
  rolesChanged?: { userIds: readonly string[]; refresh: 'before' | 'after' };
}

export type EventListener = (event: DomainEvent) => void;

export interface SubscribeOptions {
  /**
   * A durable listener records in SQLite what the event asks of it (an event-triggered execution)
   * before `publish` returns, and a failure to record it fails the publisher: the request that
   * caused the event is then answered with an error instead of being acknowledged.
   */
  durable?: boolean;
}

/**
 * Synchronous fan-out: every listener has run when `publish` returns, which publishers do before they
 * answer their request, so durable listeners have stored their work by the time the caller hears of
 * success. Failures of other listeners (realtime) are reported and swallowed; a durable listener's
 * failure is thrown to the publisher once every listener has had the event.
 */
export class EventBus {
  private readonly listeners = new Map<EventListener, SubscribeOptions>();

  subscribe(listener: EventListener, options: SubscribeOptions = {}): () => void {
    this.listeners.set(listener, options);
    return () => this.listeners.delete(listener);
  }

  publish(event: DomainEvent): void {
    let durableFailure: unknown;
    for (const [listener, options] of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('[local-backend] event listener failed', error);
        if (options.durable) durableFailure ??= error;
      }
    }
    if (durableFailure !== undefined) throw durableFailure;
  }
}
