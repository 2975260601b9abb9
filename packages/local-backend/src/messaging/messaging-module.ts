import type { DomainEvent } from '../events/bus.ts';
import type { Module } from '../services.ts';
import type { MessagingParts } from './messaging-context.ts';
import { MessagingAudit } from './messaging-audit.ts';
import { MessageDelivery } from './message-delivery.ts';
import { registerMessageRoutes } from './message-routes.ts';
import { MessageScheduler } from './message-scheduler.ts';
import { Messages } from './message-store.ts';
import { registerProviderRoutes } from './provider-routes.ts';
import { Providers } from './provider-store.ts';
import { registerTargetRoutes, removeTarget } from './target-routes.ts';
import { Targets } from './target-store.ts';
import { registerTopicRoutes } from './topic-routes.ts';
import { provisionTopics } from './topic-provisioning.ts';
import { Topics } from './topic-store.ts';

/**
 * Appwrite Messaging: providers, topics and subscribers, users' targets (Users API and the
 * account's push targets), and e-mail, SMS and push messages, drafted, scheduled or sent at once.
 * Nothing leaves the machine: e-mail lands in the development outbox, SMS and push in the server
 * log (message-delivery.ts says when). API key only, except subscribing and push targets, which a
 * signed-in user may do for themselves, as on Appwrite.
 */
export const messagingModule: Module = (router, services) => {
  const { store, accounts, outbox } = services;
  const providers = new Providers(store);
  const topics = new Topics(store);
  const targets = new Targets(store, accounts);
  const messages = new Messages(store);
  const delivery = new MessageDelivery({ messages, targets, topics, providers, outbox, log: (line) => services.log(line), now: () => services.clock.now() });
  const scheduler = new MessageScheduler(messages, delivery, services.clock, (line) => services.log(line));
  const parts: MessagingParts = {
    services,
    providers,
    topics,
    targets,
    messages,
    audit: new MessagingAudit(store, services.projectId),
    delivery,
    scheduler,
  };

  registerProviderRoutes(router, parts);
  registerTopicRoutes(router, parts);
  registerTargetRoutes(router, parts);
  registerMessageRoutes(router, parts);
  const unsubscribe = services.bus.subscribe((event) => followAccounts(parts, event));

  return {
    start: () => {
      provisionTopics(services.projectRoot, topics);
      scheduler.start();
    },
    close: () => {
      scheduler.close();
      unsubscribe();
    },
  };
};

/**
 * Keeps targets in step with their users, as Appwrite does when it writes users and sessions: a
 * new or changed address moves the user's e-mail target, a deleted user takes their targets and
 * subscriptions, and an ended session takes the push targets registered from it.
 */
function followAccounts(parts: MessagingParts, event: DomainEvent): void {
  const userId = event.ids.userId;
  if (userId === undefined) return;
  if (event.resource === 'user') {
    if (event.name === `users.${userId}.create` || event.name === `users.${userId}.update.email`) parts.targets.syncAccountTarget(userId);
    if (event.name === `users.${userId}.delete`) {
      parts.services.store.transaction(() => {
        for (const target of parts.targets.allOfUser(userId)) parts.topics.unsubscribeTarget(target.id);
        parts.targets.forgetUser(userId);
      });
    }
  } else if (event.resource === 'session' && event.action === 'delete' && event.ids.sessionId !== undefined) {
    for (const target of parts.targets.ofSession(event.ids.sessionId)) removeTarget(parts, target);
  }
}
