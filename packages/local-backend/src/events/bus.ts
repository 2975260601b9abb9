/**
 * Something that happened, published by the module that did it and consumed by realtime and by
 * event-triggered functions. `name` is the concrete event path in Appwrite's grammar
 * (`users.U.create`, `databases.D.tables.T.rows.R.update`, `buckets.B.files.F.create`), `payload` the
 * resource as the REST call returned it (2.0.0 format) and `readRoles` who may receive it over realtime.
 */
export interface DomainEvent {
  resource: 'user' | 'session' | 'verification' | 'row' | 'file' | 'execution';
  name: string;
  payload: Record<string, unknown>;
  readRoles: readonly string[];
  /** Identifiers in the name, for consumers that build channels (`databaseId`, `tableId`, `rowId`, `userId`, …). */
  ids: Readonly<Record<string, string>>;
  action: string;
}

export type EventListener = (event: DomainEvent) => void;

/** Synchronous fan-out; listeners must not throw into the publisher, so failures are reported and swallowed. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: DomainEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('[local-backend] event listener failed', error);
      }
    }
  }
}
