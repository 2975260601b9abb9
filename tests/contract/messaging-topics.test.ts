import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messaging as ClientMessaging } from 'appwrite';
import { ID, Messaging, MessagingProviderType, Query, Users } from 'node-appwrite';
import { adminClient, describeLocal, itLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { expectModel, type ModelShape } from '../support/models.ts';

/**
 * Topics, subscribers and users' targets through node-appwrite and the web SDK: topics count their
 * subscribers per type; a signed-in user subscribes their own targets to topics open to them and
 * manages only their own subscriptions; every user with an address has an e-mail target that
 * follows it; the Users API manages targets and the account its push targets.
 */

const TOPIC: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  name: 'string',
  emailTotal: 'number',
  smsTotal: 'number',
  pushTotal: 'number',
  subscribe: 'array',
};
const TARGET: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  name: 'string',
  userId: 'string',
  providerId: 'any',
  providerType: 'string',
  identifier: 'string',
  expired: 'boolean',
};
const SUBSCRIBER: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  targetId: 'string',
  target: 'object',
  userId: 'string',
  userName: 'string',
  topicId: 'string',
  providerType: 'string',
};

let backend: TestBackend;
let messaging: Messaging;
let users: Users;
beforeAll(async () => {
  backend = await startTestBackend();
  messaging = new Messaging(adminClient(backend));
  users = new Users(adminClient(backend));
});
afterAll(() => backend?.close());

async function failure(promise: Promise<unknown>): Promise<{ code: number; type: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: { code: number; type: string }) => caught,
  );
  expect(error).toBeDefined();
  return { code: (error as { code: number }).code, type: (error as { type: string }).type };
}

async function member(name: string): Promise<TestBrowser & { userId: string; email: string; messaging: ClientMessaging }> {
  const browser = await signedInBrowser(backend, { email: `${name}.${uniqueSuffix()}@school.example`, name });
  return Object.assign(browser, { messaging: new ClientMessaging(browser.client) });
}

describe('messaging topics and targets', () => {
  it('creates, searches, renames and deletes topics, counting subscribers per type', async () => {
    const topic = await messaging.createTopic({ topicId: ID.unique(), name: `staff-${uniqueSuffix()}` });
    expectModel(topic, TOPIC);
    expect(topic).toMatchObject({ emailTotal: 0, smsTotal: 0, pushTotal: 0, subscribe: ['users'] });

    const user = await users.create({ userId: ID.unique(), email: `teacher.${uniqueSuffix()}@school.example`, phone: '+14155550123' });
    const sms = await users.createTarget({ userId: user.$id, targetId: ID.unique(), providerType: MessagingProviderType.Sms, identifier: '+14155550123' });
    const subscriber = await messaging.createSubscriber({ topicId: topic.$id, subscriberId: ID.unique(), targetId: user.targets[0]?.$id ?? '' });
    expectModel(subscriber, SUBSCRIBER);
    expect(subscriber).toMatchObject({ topicId: topic.$id, userId: user.$id, providerType: 'email', target: { identifier: user.email } });
    await messaging.createSubscriber({ topicId: topic.$id, subscriberId: ID.unique(), targetId: sms.$id });
    expect(await failure(messaging.createSubscriber({ topicId: topic.$id, subscriberId: ID.unique(), targetId: sms.$id }))).toEqual({
      code: 409,
      type: 'subscriber_already_exists',
    });
    expect(await messaging.getTopic({ topicId: topic.$id })).toMatchObject({ emailTotal: 1, smsTotal: 1, pushTotal: 0 });
    const counted = await messaging.listTopics({ queries: [Query.equal('$id', [topic.$id]), Query.greaterThan('smsTotal', 0)] });
    expect(counted.topics.map((listed) => listed.$id)).toEqual([topic.$id]);
    expect((await messaging.listTopics({ search: topic.name })).topics.map((listed) => listed.$id)).toEqual([topic.$id]);

    const found = await messaging.listSubscribers({ topicId: topic.$id, search: user.$id });
    expect(found.total).toBe(2);
    await messaging.deleteSubscriber({ topicId: topic.$id, subscriberId: subscriber.$id });
    expect(await messaging.getTopic({ topicId: topic.$id })).toMatchObject({ emailTotal: 0, smsTotal: 1 });

    const renamed = await messaging.updateTopic({ topicId: topic.$id, name: 'renamed', subscribe: ['label:teacher'] });
    expect(renamed).toMatchObject({ name: 'renamed', subscribe: ['label:teacher'] });
    expect(await failure(messaging.updateTopic({ topicId: topic.$id, subscribe: ['nobody'] }))).toEqual({ code: 400, type: 'general_argument_invalid' });
    await messaging.deleteTopic({ topicId: topic.$id });
    expect(await failure(messaging.getTopic({ topicId: topic.$id }))).toEqual({ code: 404, type: 'topic_not_found' });
    expect(await failure(messaging.listSubscribers({ topicId: topic.$id }))).toEqual({ code: 404, type: 'topic_not_found' });
  });

  it('lets a member subscribe their own target to an open topic and manage only their own subscriptions', async () => {
    const open = await messaging.createTopic({ topicId: ID.unique(), name: 'newsletter' });
    const closed = await messaging.createTopic({ topicId: ID.unique(), name: 'staff', subscribe: ['label:teacher'] });
    const ana = await member('ana');
    const ben = await member('ben');
    const anaTarget = (await ana.account.get()).targets[0]?.$id ?? '';

    const subscribed = await ana.messaging.createSubscriber({ topicId: open.$id, subscriberId: ID.unique(), targetId: anaTarget });
    expect(subscribed).toMatchObject({ userId: ana.userId, target: { identifier: ana.email } });
    expect(await failure(ana.messaging.createSubscriber({ topicId: closed.$id, subscriberId: ID.unique(), targetId: anaTarget }))).toEqual({
      code: 401,
      type: 'user_unauthorized',
    });
    // Stricter than Appwrite: a member cannot subscribe somebody else's address.
    expect(await failure(ben.messaging.createSubscriber({ topicId: open.$id, subscriberId: ID.unique(), targetId: anaTarget }))).toEqual({
      code: 404,
      type: 'user_target_not_found',
    });
    expect(await failure(ben.messaging.deleteSubscriber({ topicId: open.$id, subscriberId: subscribed.$id }))).toEqual({
      code: 404,
      type: 'subscriber_not_found',
    });
    await ana.messaging.deleteSubscriber({ topicId: open.$id, subscriberId: subscribed.$id });
    expect((await messaging.getTopic({ topicId: open.$id })).emailTotal).toBe(0);
  });

  it('gives every user with an address an e-mail target that follows it, and manages other targets through the Users API', async () => {
    const user = await users.create({ userId: ID.unique(), email: `student.${uniqueSuffix()}@school.example` });
    const own = user.targets[0];
    expect(own).toMatchObject({ providerType: 'email', identifier: user.email });
    expectModel((await users.getTarget({ userId: user.$id, targetId: own?.$id ?? '' })) as object, TARGET);

    const moved = `moved.${uniqueSuffix()}@school.example`;
    await users.updateEmail({ userId: user.$id, email: moved });
    expect((await users.getTarget({ userId: user.$id, targetId: own?.$id ?? '' })).identifier).toBe(moved);

    const push = await users.createTarget({
      userId: user.$id,
      targetId: ID.unique(),
      providerType: MessagingProviderType.Push,
      identifier: 'device-token',
      name: 'Phone',
    });
    expect(push).toMatchObject({ providerType: 'push', identifier: 'device-token', name: 'Phone', providerId: null, expired: false });
    const listed = await users.listTargets({ userId: user.$id, queries: [Query.equal('providerType', ['push'])] });
    expect(listed.targets.map((target) => target.$id)).toEqual([push.$id]);

    const fcm = await messaging.createFCMProvider({ providerId: cleanup.provider(ID.unique()), name: 'FCM' });
    expect((await users.updateTarget({ userId: user.$id, targetId: push.$id, identifier: 'new-token', providerId: fcm.$id })).providerId).toBe(fcm.$id);
    const mail = await messaging.createSendgridProvider({ providerId: cleanup.provider(ID.unique()), name: 'Mail' });
    expect(await failure(users.updateTarget({ userId: user.$id, targetId: push.$id, providerId: mail.$id }))).toEqual({
      code: 400,
      type: 'provider_incorrect_type',
    });
    // At once, not when the file ends: a project whose only e-mail provider is disabled sends no mail at all.
    await messaging.deleteProvider({ providerId: mail.$id });

    expect(
      await failure(users.createTarget({ userId: user.$id, targetId: ID.unique(), providerType: MessagingProviderType.Email, identifier: 'not-an-address' })),
    ).toEqual({
      code: 400,
      type: 'general_invalid_email',
    });
    expect(await failure(users.createTarget({ userId: user.$id, targetId: ID.unique(), providerType: MessagingProviderType.Sms, identifier: '12' }))).toEqual({
      code: 400,
      type: 'general_invalid_phone',
    });
    expect(await failure(users.createTarget({ userId: user.$id, targetId: push.$id, providerType: MessagingProviderType.Push, identifier: 'x' }))).toEqual({
      code: 409,
      type: 'user_target_already_exists',
    });

    const topic = await messaging.createTopic({ topicId: ID.unique(), name: 'devices' });
    await messaging.createSubscriber({ topicId: topic.$id, subscriberId: ID.unique(), targetId: push.$id });
    await users.deleteTarget({ userId: user.$id, targetId: push.$id });
    expect(await failure(users.getTarget({ userId: user.$id, targetId: push.$id }))).toEqual({ code: 404, type: 'user_target_not_found' });
    // A deleted target's subscriptions go with it.
    expect(await messaging.getTopic({ topicId: topic.$id })).toMatchObject({ pushTotal: 0 });
  });

  itLocal('registers a push target for the session’s device, which ends with the session', async () => {
    // Local: Appwrite deletes a session's push targets in its deletes worker, later.
    const ana = await member('pushy');
    const target = await ana.account.createPushTarget({ targetId: ID.unique(), identifier: 'fcm-token' });
    expect(target).toMatchObject({ userId: ana.userId, providerType: 'push', identifier: 'fcm-token' });
    expect((await ana.account.updatePushTarget({ targetId: target.$id, identifier: 'fcm-token-2' })).identifier).toBe('fcm-token-2');
    const other = await member('other');
    expect(await failure(other.account.updatePushTarget({ targetId: target.$id, identifier: 'stolen' }))).toEqual({ code: 404, type: 'user_target_not_found' });

    await ana.account.deleteSession({ sessionId: 'current' });
    expect(await failure(users.getTarget({ userId: ana.userId, targetId: target.$id }))).toEqual({ code: 404, type: 'user_target_not_found' });
    expect(await failure(ana.account.createPushTarget({ targetId: ID.unique(), identifier: 'x' }))).toEqual({ code: 401, type: 'general_unauthorized_scope' });
  });

  it('refuses guests', async () => {
    const topic = await messaging.createTopic({ topicId: ID.unique(), name: 'public' });
    const guest = await signedInBrowser(backend, { email: `guest.${uniqueSuffix()}@school.example` });
    await guest.account.deleteSession({ sessionId: 'current' });
    const result = await failure(new ClientMessaging(guest.client).createSubscriber({ topicId: topic.$id, subscriberId: ID.unique(), targetId: 'x' }));
    expect(result).toEqual({ code: 401, type: 'general_unauthorized_scope' });
  });
});

// Local only: topics come from the project folder's appwrite.config.json, as `appwrite push topics` would create them.
describeLocal('topics in appwrite.config.json', () => {
  it('are created without subscribers on start, and take the file’s name and roles when it changes them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ok-topics-'));
    const write = (topic: object) => writeFileSync(join(root, 'appwrite.config.json'), JSON.stringify({ topics: [topic] }));
    write({ $id: 'newsletter', name: 'Newsletter', subscribe: [] });
    const local = await startTestBackend({ persistent: true, projectRoot: root });
    try {
      const admin = new Messaging(adminClient(local));
      await expect(admin.getTopic({ topicId: 'newsletter' })).resolves.toMatchObject({ name: 'Newsletter', subscribe: [], emailTotal: 0 });
      write({ $id: 'newsletter', name: 'Weekly newsletter', subscribe: ['users'] });
      await local.restart();
      await expect(admin.getTopic({ topicId: 'newsletter' })).resolves.toMatchObject({ name: 'Weekly newsletter', subscribe: ['users'] });
    } finally {
      await local.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
