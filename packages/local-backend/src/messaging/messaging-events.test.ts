import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, ID, Messaging, MessagingProviderType, Users } from 'node-appwrite';
import type { DomainEvent } from '../events/bus.ts';
import { startLocalBackend, type LocalBackend } from '../server.ts';

// Event-triggered functions see Messaging writes only through the bus, so its events are pinned
// here, in process, while the calls that cause them go through the official SDK.
let backend: LocalBackend;
let events: DomainEvent[] = [];

beforeAll(async () => {
  backend = await startLocalBackend({ memory: true, log: () => {} });
  backend.services.bus.subscribe((event) => events.push(event));
});
afterAll(() => backend.close());
beforeEach(() => {
  events = [];
});

function admin(): Client {
  return new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setKey(backend.apiKey);
}

function named(name: string): DomainEvent {
  const event = events.find((candidate) => candidate.name === name);
  expect(event, `event ${name} among ${events.map((candidate) => candidate.name).join(', ')}`).toBeDefined();
  return event as DomainEvent;
}

describe('messaging events', () => {
  it('announces providers, topics, subscribers and messages with their models, readable by nobody over realtime', async () => {
    const messaging = new Messaging(admin());
    const provider = await messaging.createSendgridProvider({ providerId: ID.unique(), name: 'Mail' });
    expect(named(`providers.${provider.$id}.create`)).toMatchObject({ resource: 'messaging', action: 'create', readRoles: [], payload: { name: 'Mail' } });
    await messaging.updateSendgridProvider({ providerId: provider.$id, name: 'Mail 2' });
    expect(named(`providers.${provider.$id}.update`).payload).toMatchObject({ name: 'Mail 2' });
    await messaging.deleteProvider({ providerId: provider.$id });
    expect(named(`providers.${provider.$id}.delete`).action).toBe('delete');

    const user = await new Users(admin()).create({ userId: ID.unique(), email: 'events.messaging@example.com' });
    const topic = await messaging.createTopic({ topicId: ID.unique(), name: 'news' });
    expect(named(`topics.${topic.$id}.create`).ids).toEqual({ topicId: topic.$id });
    const subscriber = await messaging.createSubscriber({ topicId: topic.$id, subscriberId: ID.unique(), targetId: user.targets[0]?.$id ?? '' });
    expect(named(`topics.${topic.$id}.subscribers.${subscriber.$id}.create`)).toMatchObject({
      ids: { topicId: topic.$id, subscriberId: subscriber.$id },
      payload: { target: { identifier: 'events.messaging@example.com' } },
    });

    const message = await messaging.createEmail({ messageId: ID.unique(), subject: 'Hi', content: 'c', topics: [topic.$id] });
    expect(named(`messages.${message.$id}.create`).payload).toMatchObject({ status: 'processing' });
    await messaging.delete({ messageId: message.$id });
    expect(named(`messages.${message.$id}.delete`).payload).toMatchObject({ status: 'sent' });
  });

  it('announces users’ targets as user events, which realtime sends on the user’s account channels', async () => {
    const users = new Users(admin());
    const user = await users.create({ userId: ID.unique(), email: 'events.targets@example.com' });
    const target = await users.createTarget({ userId: user.$id, targetId: ID.unique(), providerType: MessagingProviderType.Push, identifier: 'token' });
    expect(named(`users.${user.$id}.targets.${target.$id}.create`)).toMatchObject({
      resource: 'user',
      action: 'create',
      ids: { userId: user.$id, targetId: target.$id },
      readRoles: [`user:${user.$id}`],
      payload: { identifier: 'token' },
    });
    await users.deleteTarget({ userId: user.$id, targetId: target.$id });
    expect(named(`users.${user.$id}.targets.${target.$id}.delete`).action).toBe('delete');
  });
});
