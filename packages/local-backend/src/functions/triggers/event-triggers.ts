import type { DomainEvent, EventBus } from '../../events/bus.ts';
import { triggerEventNames } from '../../events/event-names.ts';
import { SERVER_VERSION } from '../../http/errors.ts';
import type { FunctionExecutor } from '../executions/executor.ts';
import type { FunctionRegistry } from '../registry/function-registry.ts';

/**
 * Runs every enabled function whose `events` contain one of the names generated for a domain
 * event (exact membership, not glob matching, as on Appwrite), asynchronously, with the event's
 * payload as JSON body. Execution events themselves never trigger functions, so a function cannot
 * start itself through its own executions; writes a function makes do trigger, as on Appwrite.
 *
 * The listener is durable: each execution is queued in SQLite while the event is published, before
 * the request that caused it is answered, so an acknowledged sign-up's `roles` run survives a crash.
 * A publisher inside its own SQLite transaction queues them in that transaction: if it rolls back,
 * so do they. They start once the publisher is done.
 */
export function subscribeEventTriggers(bus: EventBus, registry: FunctionRegistry, executor: FunctionExecutor): () => void {
  return bus.subscribe(
    (event: DomainEvent) => {
      if (event.resource === 'execution' || event.name.startsWith('functions.')) return;
      // Read per event: functions are created and deployed while the server runs.
      const subscribed = registry.subscribedToEvents();
      if (subscribed.length === 0) return;
      const names = triggerEventNames(event);
      const targets = subscribed.filter((fn) => fn.enabled && fn.events.some((pattern) => names.includes(pattern)));
      if (targets.length === 0) return;
      const body = JSON.stringify(event.payload);
      for (const fn of targets) {
        executor.enqueue({
          fn,
          trigger: 'event',
          method: 'POST',
          path: '/',
          body,
          headers: { 'user-agent': `Appwrite/${SERVER_VERSION}`, 'content-type': 'application/json' },
          userId: '',
          sessionId: '',
          event: names[0] as string,
          clientIp: undefined,
          permissions: [],
        });
      }
    },
    { durable: true },
  );
}
