import { requireKey, requireUser, type Caller } from '../auth/identity.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { formatDate } from '../models/time.ts';
import { announce, listParams, type MessagingParts } from './messaging-context.ts';
import { messagingErrors } from './messaging-errors.ts';
import { requiredText, roleList } from './messaging-params.ts';
import { targetModel } from './target-store.ts';
import { topicModel, type SubscriberRecord, type TopicRecord } from './topic-store.ts';

/**
 * Topics (`/v1/messaging/topics…`, API key only) and their subscribers. A signed-in user may
 * subscribe a target to a topic whose `subscribe` roles include one of theirs, and list, read and
 * delete their own subscriptions, as Appwrite's subscriber permissions allow; an API key may do all.
 */
export function registerTopicRoutes(router: Router, parts: MessagingParts): void {
  const { topics } = parts;

  router.post('/v1/messaging/topics', (ctx) => {
    requireKey(ctx.caller, 'topics.write');
    const id = readCustomId(ctx.params, 'topicId');
    const name = requiredText(ctx.params, 'name', 128);
    const subscribe = roleList(ctx.params, 'subscribe') ?? ['users'];
    const topic = topics.create(id, name, subscribe);
    if (!topic) throw messagingErrors.topicAlreadyExists();
    announceTopic(parts, ctx, topic, 'create');
    return json(201, topicModel(topic));
  });

  router.get('/v1/messaging/topics', (ctx) => {
    requireKey(ctx.caller, 'topics.read');
    const list = listParams(ctx);
    const { total, topics: page } = topics.list(list.queries, list.search, list.total);
    return json(200, { total, topics: page.map(topicModel) });
  });

  router.get('/v1/messaging/topics/{topicId}', (ctx) => {
    requireKey(ctx.caller, 'topics.read');
    return json(200, topicModel(topicOf(ctx, parts)));
  });

  router.patch('/v1/messaging/topics/{topicId}', (ctx) => {
    requireKey(ctx.caller, 'topics.write');
    const topic = topicOf(ctx, parts);
    const name = ctx.params.has('name') ? requiredText(ctx.params, 'name', 128) : topic.name;
    const updated = topics.update({ ...topic, name, subscribe: roleList(ctx.params, 'subscribe') ?? topic.subscribe });
    announceTopic(parts, ctx, updated, 'update');
    return json(200, topicModel(updated));
  });

  router.delete('/v1/messaging/topics/{topicId}', (ctx) => {
    requireKey(ctx.caller, 'topics.write');
    const topic = topicOf(ctx, parts);
    topics.delete(topic.id);
    announceTopic(parts, ctx, topic, 'delete');
    return noContent;
  });

  router.get('/v1/messaging/topics/{topicId}/logs', (ctx) => {
    requireKey(ctx.caller, 'topics.read');
    const topic = topicOf(ctx, parts);
    const list = listParams(ctx);
    return json(200, parts.audit.list(`topic/${topic.id}`, list.queries, list.total));
  });

  registerSubscriberRoutes(router, parts);
}

function registerSubscriberRoutes(router: Router, parts: MessagingParts): void {
  const { topics, targets } = parts;

  router.post('/v1/messaging/topics/{topicId}/subscribers', (ctx) => {
    requireKeyOrUser(ctx.caller, 'subscribers.write');
    const id = readCustomId(ctx.params, 'subscriberId');
    const targetId = requiredText(ctx.params, 'targetId', 64);
    const topic = topicOf(ctx, parts);
    if (ctx.caller.kind !== 'key') assertMaySubscribe(ctx.caller, topic);
    const target = targets.find(targetId);
    // Stricter than Appwrite (ARCHITECTURE.md): a user subscribes only their own targets.
    if (!target || (ctx.caller.kind === 'user' && target.userId !== ctx.caller.user.id)) throw messagingErrors.targetNotFound();
    const subscriber = topics.subscribe({ id, topicId: topic.id, targetId: target.id, userId: target.userId, providerType: target.providerType });
    if (subscriber === 'duplicate') throw messagingErrors.subscriberAlreadyExists();
    announceSubscriber(parts, ctx, subscriber, 'create');
    return json(201, subscriberModel(parts, subscriber));
  });

  router.get('/v1/messaging/topics/{topicId}/subscribers', (ctx) => {
    requireKeyOrUser(ctx.caller, 'subscribers.read');
    const list = listParams(ctx);
    const topic = topicOf(ctx, parts);
    const { total, subscribers } = topics.listSubscribers(topic.id, {
      rawQueries: list.queries,
      search: list.search,
      includeTotal: list.total,
      onlyUserId: ctx.caller.kind === 'user' ? ctx.caller.user.id : undefined,
    });
    return json(200, { total, subscribers: subscribers.map((subscriber) => subscriberModel(parts, subscriber)) });
  });

  router.get('/v1/messaging/topics/{topicId}/subscribers/{subscriberId}', (ctx) => {
    requireKeyOrUser(ctx.caller, 'subscribers.read');
    const topic = topicOf(ctx, parts);
    return json(200, subscriberModel(parts, subscriberOf(ctx, parts, topic)));
  });

  router.delete('/v1/messaging/topics/{topicId}/subscribers/{subscriberId}', (ctx) => {
    requireKeyOrUser(ctx.caller, 'subscribers.write');
    const topic = topicOf(ctx, parts);
    const subscriber = subscriberOf(ctx, parts, topic);
    topics.unsubscribe(subscriber);
    announceSubscriber(parts, ctx, subscriber, 'delete');
    return noContent;
  });

  router.get('/v1/messaging/subscribers/{subscriberId}/logs', (ctx) => {
    requireKeyOrUser(ctx.caller, 'subscribers.read');
    const subscriber = topics.findSubscriber(ctx.pathParams.subscriberId ?? '');
    if (!subscriber || !readable(ctx.caller, subscriber)) throw messagingErrors.subscriberNotFound();
    const list = listParams(ctx);
    return json(200, parts.audit.list(`subscriber/${subscriber.id}`, list.queries, list.total));
  });
}

/** Subscribers are for API keys and signed-in users (Appwrite's `subscribers.*` scopes of the member role); guests get 401. */
function requireKeyOrUser(caller: Caller, scope: string): void {
  if (caller.kind !== 'key') requireUser(caller, scope);
}

/** A user reads and deletes only the subscriptions of their own targets (Appwrite's subscriber permissions). */
function readable(caller: Caller, subscriber: SubscriberRecord): boolean {
  return caller.kind === 'key' || (caller.kind === 'user' && caller.user.id === subscriber.userId);
}

/** Appwrite's authorization check of the topic's `subscribe` roles, with its wording (PHP's JSON escapes `/`). */
function assertMaySubscribe(caller: Caller, topic: TopicRecord): void {
  if (topic.subscribe.length === 0) throw errors.userUnauthorized("No permissions provided for action 'subscribe'");
  if (topic.subscribe.some((role) => caller.roles.includes(role))) return;
  const phpJson = (value: readonly string[]) => JSON.stringify(value).replaceAll('/', '\\/');
  throw errors.userUnauthorized(
    `Missing "subscribe" permission for role "${topic.subscribe.at(-1) as string}". Only "${phpJson(caller.roles)}" scopes are allowed and "${phpJson(topic.subscribe)}" was given.`,
  );
}

function topicOf(ctx: RequestContext, parts: MessagingParts): TopicRecord {
  const topic = parts.topics.find(ctx.pathParams.topicId ?? '');
  if (!topic) throw messagingErrors.topicNotFound();
  return topic;
}

function subscriberOf(ctx: RequestContext, parts: MessagingParts, topic: TopicRecord): SubscriberRecord {
  const subscriber = parts.topics.findSubscriber(ctx.pathParams.subscriberId ?? '');
  if (!subscriber || subscriber.topicId !== topic.id || !readable(ctx.caller, subscriber)) throw messagingErrors.subscriberNotFound();
  return subscriber;
}

/** Appwrite's Subscriber model: the subscription with its target and the target user's name. */
function subscriberModel(parts: MessagingParts, subscriber: SubscriberRecord): Record<string, unknown> {
  const target = parts.targets.find(subscriber.targetId);
  return {
    $id: subscriber.id,
    $createdAt: formatDate(subscriber.createdAt),
    $updatedAt: formatDate(subscriber.updatedAt),
    targetId: subscriber.targetId,
    target: target ? targetModel(target) : [],
    userId: subscriber.userId,
    userName: parts.services.accounts.findUser(subscriber.userId)?.name ?? '',
    topicId: subscriber.topicId,
    providerType: subscriber.providerType,
  };
}

function announceTopic(parts: MessagingParts, ctx: RequestContext, topic: TopicRecord, action: 'create' | 'update' | 'delete'): void {
  announce(parts, ctx, {
    name: `topics.${topic.id}.${action}`,
    ids: { topicId: topic.id },
    payload: topicModel(topic),
    audit: `topic.${action}`,
    resource: `topic/${topic.id}`,
  });
}

function announceSubscriber(parts: MessagingParts, ctx: RequestContext, subscriber: SubscriberRecord, action: 'create' | 'delete'): void {
  announce(parts, ctx, {
    name: `topics.${subscriber.topicId}.subscribers.${subscriber.id}.${action}`,
    ids: { topicId: subscriber.topicId, subscriberId: subscriber.id },
    payload: subscriberModel(parts, subscriber),
    audit: `subscriber.${action}`,
    resource: `subscriber/${subscriber.id}`,
  });
}
