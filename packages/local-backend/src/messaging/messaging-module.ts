import { requireKey } from '../auth/identity.ts';
import { json, noContent } from '../http/context.ts';
import { AppwriteError, errors } from '../http/errors.ts';
import { isEmail, readCustomId, uniqueId } from '../http/params.ts';
import { formatDate } from '../models/time.ts';
import type { Module } from '../services.ts';

/**
 * The part of Appwrite Messaging a function needs to e-mail someone who has no account: an e-mail
 * target on an existing user (`POST /v1/users/{userId}/targets`, node-appwrite `users.createTarget`),
 * and an e-mail message to targets or users (`POST /v1/messaging/messages/email`,
 * `messaging.createEmail`), delivered at once to the development outbox. API key only, as on Appwrite.
 * Not here: providers (every message goes to the outbox), topics, drafts, scheduling, attachments.
 */

interface TargetRow {
  id: string;
  user_id: string;
  identifier: string;
  name: string;
  created_at: number;
}

export const messagingModule: Module = (router, services) => {
  const { store, accounts, outbox } = services;
  store.migrate(`
    CREATE TABLE IF NOT EXISTS _messaging_targets (
      id TEXT PRIMARY KEY, user_id TEXT NOT NULL, identifier TEXT NOT NULL, name TEXT NOT NULL, created_at INTEGER NOT NULL
    );
  `);

  const targetModel = (row: TargetRow) => ({
    $id: row.id,
    $createdAt: formatDate(row.created_at),
    $updatedAt: formatDate(row.created_at),
    name: row.name,
    userId: row.user_id,
    providerId: null,
    providerType: 'email',
    identifier: row.identifier,
    expired: false,
  });

  router.post('/v1/users/{userId}/targets', (ctx) => {
    requireKey(ctx.caller, 'targets.write');
    const user = accounts.findUser(ctx.pathParams.userId ?? '');
    if (!user) throw errors.userNotFound();
    const id = readCustomId(ctx.params, 'targetId');
    if (ctx.params.string('providerType') !== 'email') throw errors.argumentInvalid('Invalid `providerType` param: the local backend sends e-mail only.');
    const identifier = ctx.params.string('identifier').toLowerCase();
    if (!isEmail(identifier)) throw errors.argumentInvalid('Invalid `identifier` param: Value must be a valid email address');
    if (store.db.prepare('SELECT 1 FROM _messaging_targets WHERE id = ?').get(id)) {
      throw new AppwriteError(409, 'user_target_already_exists', 'A target with the same ID already exists.');
    }
    const row: TargetRow = { id, user_id: user.id, identifier, name: ctx.params.optionalString('name') ?? '', created_at: Date.now() };
    store.db
      .prepare('INSERT INTO _messaging_targets (id, user_id, identifier, name, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(row.id, row.user_id, row.identifier, row.name, row.created_at);
    return json(201, targetModel(row));
  });

  router.delete('/v1/users/{userId}/targets/{targetId}', (ctx) => {
    requireKey(ctx.caller, 'targets.write');
    const removed = store.db
      .prepare('DELETE FROM _messaging_targets WHERE id = ? AND user_id = ?')
      .run(ctx.pathParams.targetId ?? '', ctx.pathParams.userId ?? '');
    if (removed.changes === 0) throw new AppwriteError(404, 'user_target_not_found', 'The requested user target could not be found.');
    return noContent;
  });

  router.post('/v1/messaging/messages/email', (ctx) => {
    requireKey(ctx.caller, 'messages.write');
    const id = readCustomId(ctx.params, 'messageId');
    const subject = ctx.params.string('subject', { max: 998 });
    const content = ctx.params.string('content', { max: 64230 });
    const users = ctx.params.stringArray('users') ?? [];
    const targets = ctx.params.stringArray('targets') ?? [];
    if ((ctx.params.stringArray('topics') ?? []).length) throw errors.argumentInvalid('Topics are not supported by the local backend.');
    if (!users.length && !targets.length)
      throw new AppwriteError(400, 'message_missing_target', 'Message with the requested ID has no recipients (topics or users or targets).');
    const addresses = new Set<string>();
    for (const userId of users) {
      const user = accounts.findUser(userId);
      if (user?.email) addresses.add(user.email);
    }
    for (const targetId of targets) {
      const row = store.db.prepare('SELECT * FROM _messaging_targets WHERE id = ?').get(targetId) as TargetRow | undefined;
      if (!row) throw new AppwriteError(404, 'user_target_not_found', 'The requested user target could not be found.');
      addresses.add(row.identifier);
    }
    for (const to of addresses) outbox.send({ to, subject, text: content });
    const now = formatDate(Date.now());
    return json(201, {
      $id: id || uniqueId(),
      $createdAt: now,
      $updatedAt: now,
      providerType: 'email',
      topics: [],
      users,
      targets,
      scheduledAt: null,
      deliveredAt: now,
      deliveryErrors: [],
      deliveredTotal: addresses.size,
      data: { subject, content, html: ctx.params.boolean('html', false) },
      status: 'sent',
    });
  });
};
