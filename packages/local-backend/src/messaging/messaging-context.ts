import type { RequestContext } from '../http/context.ts';
import type { Services } from '../services.ts';
import type { MessagingAudit } from './messaging-audit.ts';
import type { MessageDelivery } from './message-delivery.ts';
import type { MessageScheduler } from './message-scheduler.ts';
import type { Messages } from './message-store.ts';
import type { Providers } from './provider-store.ts';
import type { Targets } from './target-store.ts';
import type { Topics } from './topic-store.ts';

/** What the Messaging routes share: the server's services and this module's stores, audit trail, worker and scheduler. */
export interface MessagingParts {
  services: Services;
  providers: Providers;
  topics: Topics;
  targets: Targets;
  messages: Messages;
  audit: MessagingAudit;
  delivery: MessageDelivery;
  scheduler: MessageScheduler;
}

/**
 * Announces a write to a provider, topic, subscriber or message: the event (`topics.T.create`, …)
 * for event-triggered functions, and its audit entry (`topic.create` on `topic/T`). These
 * resources have no realtime channel on Appwrite, so nobody may read the event there.
 */
export function announce(
  parts: MessagingParts,
  ctx: RequestContext,
  change: { name: string; ids: Record<string, string>; payload: Record<string, unknown>; audit: string; resource: string },
): void {
  parts.services.bus.publish({
    resource: 'messaging',
    name: change.name,
    ids: change.ids,
    payload: change.payload,
    readRoles: [],
    action: change.name.split('.').at(-1) as string,
  });
  parts.audit.record(ctx, change.audit, change.resource);
}

/**
 * Announces a change to a user's target: `users.U.targets.T.<action>`, which Appwrite's realtime
 * sends on the user's `account` channels.
 */
export function announceTarget(
  parts: MessagingParts,
  userId: string,
  targetId: string,
  action: 'create' | 'update' | 'delete',
  payload: Record<string, unknown>,
): void {
  parts.services.bus.publish({
    resource: 'user',
    name: `users.${userId}.targets.${targetId}.${action}`,
    ids: { userId, targetId },
    payload,
    readRoles: [`user:${userId}`],
    action,
  });
}

/** The list params every Messaging list route takes: `queries[]`, `search` and `total`. */
export function listParams(ctx: RequestContext): { queries: string[]; search: string; total: boolean } {
  return {
    queries: ctx.params.stringArray('queries', { max: 100 }) ?? [],
    search: ctx.params.optionalString('search', { max: 256 }) ?? '',
    total: ctx.params.boolean('total', true),
  };
}
