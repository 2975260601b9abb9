import { requireKey } from '../auth/identity.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { announce, listParams, type MessagingParts } from './messaging-context.ts';
import { messagingErrors } from './messaging-errors.ts';
import { futureDate, idList } from './messaging-params.ts';
import { mergeUpdateContent, readCreateContent } from './message-input.ts';
import { messageModel, type MessageRecord, type MessageStatus } from './message-store.ts';
import type { ProviderType } from './provider-kinds.ts';
import { targetModel } from './target-store.ts';

const TYPES: readonly ProviderType[] = ['email', 'sms', 'push'];

/**
 * Messages (`/v1/messaging/messages…`, API key only): e-mail, SMS and push, each created and
 * updated through its own route; drafts, scheduled messages (sent by the scheduler at
 * `scheduledAt`) and messages sent at once. A message to send is answered `processing`, as
 * Appwrite answers before its worker runs; here the worker (message-delivery.ts) has already
 * written the outcome by then, so the next read says `sent` or `failed`.
 */
export function registerMessageRoutes(router: Router, parts: MessagingParts): void {
  for (const type of TYPES) {
    router.post(`/v1/messaging/messages/${type}`, (ctx) => createMessage(ctx, parts, type));
    router.patch(`/v1/messaging/messages/${type}/{messageId}`, (ctx) => updateMessage(ctx, parts, type));
  }

  router.get('/v1/messaging/messages', (ctx) => {
    requireKey(ctx.caller, 'messages.read');
    const list = listParams(ctx);
    const { total, messages } = parts.messages.list(list.queries, list.search, list.total);
    return json(200, { total, messages: messages.map(messageModel) });
  });

  router.get('/v1/messaging/messages/{messageId}', (ctx) => {
    requireKey(ctx.caller, 'messages.read');
    return json(200, messageModel(messageOf(ctx, parts)));
  });

  router.delete('/v1/messaging/messages/{messageId}', (ctx) => {
    requireKey(ctx.caller, 'messages.write');
    const message = messageOf(ctx, parts);
    if (message.status === 'processing') throw messagingErrors.messageAlreadyScheduled();
    if (message.status === 'scheduled' && message.scheduledAt !== null && parts.services.clock.now() > message.scheduledAt) {
      throw messagingErrors.messageAlreadyScheduled();
    }
    parts.messages.delete(message.id);
    parts.scheduler.changed();
    announceMessage(parts, ctx, message, 'delete');
    return noContent;
  });

  router.get('/v1/messaging/messages/{messageId}/targets', (ctx) => {
    requireKey(ctx.caller, 'messages.read');
    const message = messageOf(ctx, parts);
    if (message.targets.length === 0) return json(200, { total: 0, targets: [] });
    const list = listParams(ctx);
    const { total, targets } = parts.targets.list({ ids: message.targets }, list.queries, list.total);
    return json(200, { total, targets: targets.map(targetModel) });
  });

  router.get('/v1/messaging/messages/{messageId}/logs', (ctx) => {
    requireKey(ctx.caller, 'messages.read');
    const message = messageOf(ctx, parts);
    const list = listParams(ctx);
    return json(200, parts.audit.list(`message/${message.id}`, list.queries, list.total));
  });
}

function createMessage(ctx: RequestContext, parts: MessagingParts, type: ProviderType) {
  requireKey(ctx.caller, 'messages.write');
  const { services } = parts;
  const id = readCustomId(ctx.params, 'messageId');
  const content = readCreateContent(type, ctx, services);
  const topics = idList(ctx.params, 'topics') ?? [];
  const users = idList(ctx.params, 'users') ?? [];
  const targets = idList(ctx.params, 'targets') ?? [];
  const draft = ctx.params.boolean('draft', false);
  const scheduledAt = futureDate(ctx.params, 'scheduledAt', services.clock.now());
  const status: MessageStatus = draft ? 'draft' : scheduledAt === undefined ? 'processing' : 'scheduled';
  if (status !== 'draft' && topics.length + users.length + targets.length === 0) throw messagingErrors.messageMissingTarget();
  checkTargets(parts, type, [...targets, ...content.copies]);
  // The message, its delivery and its outcome are one commit: a board's daily e-mails are thousands
  // of messages, and each flush to disk is the most of what one costs.
  const message = services.store.transaction(() => {
    const created = parts.messages.create({ id, providerType: type, status, data: content.data, topics, users, targets, scheduledAt: scheduledAt ?? null });
    if (created && status === 'processing') parts.delivery.send(created.id);
    return created;
  });
  if (!message) throw messagingErrors.messageAlreadyExists();
  if (status === 'scheduled') parts.scheduler.changed();
  announceMessage(parts, ctx, message, 'create');
  return json(201, messageModel(message));
}

/** Appwrite's update of a draft or a scheduled message, with its checks in its order. */
function updateMessage(ctx: RequestContext, parts: MessagingParts, type: ProviderType) {
  requireKey(ctx.caller, 'messages.write');
  const { services } = parts;
  const topics = idList(ctx.params, 'topics');
  const users = idList(ctx.params, 'users');
  const targets = idList(ctx.params, 'targets');
  const draft = ctx.params.has('draft') ? ctx.params.boolean('draft', false) : undefined;
  const now = services.clock.now();
  const scheduledAt = futureDate(ctx.params, 'scheduledAt', now);
  const message = messageOf(ctx, parts);
  const data = mergeUpdateContent(type, ctx, services, message.data);

  let status = message.status;
  if (draft !== undefined || scheduledAt !== undefined) status = draft === true ? 'draft' : scheduledAt === undefined ? 'processing' : 'scheduled';
  const recipients = (topics ?? message.topics).length + (users ?? message.users).length + (targets ?? message.targets).length;
  if (status !== 'draft' && recipients === 0) throw messagingErrors.messageMissingTarget();
  if (message.status === 'processing') throw messagingErrors.messageAlreadyProcessing();
  if (message.status === 'sent') throw messagingErrors.messageAlreadySent();
  if (message.status === 'failed') throw messagingErrors.messageAlreadyFailed();
  if (status === 'scheduled' && scheduledAt === undefined && message.scheduledAt === null) throw messagingErrors.messageMissingSchedule();
  if (message.scheduledAt !== null && message.scheduledAt < now) throw messagingErrors.messageAlreadyScheduled();

  const updated = parts.messages.update({
    ...message,
    status,
    data,
    topics: topics ?? message.topics,
    users: users ?? message.users,
    targets: targets ?? message.targets,
    scheduledAt: scheduledAt ?? message.scheduledAt,
  });
  if (status === 'processing') parts.delivery.send(updated.id);
  parts.scheduler.changed();
  announceMessage(parts, ctx, updated, 'update');
  return json(200, messageModel(updated));
}

/** Every target a new message names (`targets`, and for e-mail `cc` and `bcc`) must exist and be of the message's type. */
function checkTargets(parts: MessagingParts, type: ProviderType, ids: readonly string[]): void {
  if (ids.length === 0) return;
  if (parts.targets.byIds(ids, type).length !== ids.length) throw messagingErrors.messageTargetNotOfType(type);
}

function messageOf(ctx: RequestContext, parts: MessagingParts): MessageRecord {
  const message = parts.messages.find(ctx.pathParams.messageId ?? '');
  if (!message) throw messagingErrors.messageNotFound();
  return message;
}

function announceMessage(parts: MessagingParts, ctx: RequestContext, message: MessageRecord, action: 'create' | 'update' | 'delete'): void {
  announce(parts, ctx, {
    name: `messages.${message.id}.${action}`,
    ids: { messageId: message.id },
    payload: messageModel(message),
    audit: `message.${action}`,
    resource: `message/${message.id}`,
  });
}
