import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Account, Client, ID, Users } from 'node-appwrite';
import type { DomainEvent } from '../events/bus.ts';
import { startLocalBackend, type LocalBackend } from '../server.ts';

// Realtime and event-triggered functions see users only through the bus, so the events are pinned
// here, in process, while the calls that cause them go through the official SDK.
let backend: LocalBackend;
let events: DomainEvent[] = [];

beforeAll(async () => {
  backend = await startLocalBackend({ memory: true, log: () => {}, webOrigins: ['http://localhost:5173'] });
  backend.services.bus.subscribe((event) => events.push(event));
});
afterAll(() => backend.close());
beforeEach(() => {
  events = [];
});

function admin(): Client {
  return new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setKey(backend.apiKey);
}

/** Signs up and in through the SDK and returns a client acting as that user (the SSR pattern). */
async function signedIn(email: string): Promise<{ userId: string; account: Account; sessionId: string }> {
  const guest = new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
  const user = await guest.create({ userId: ID.unique(), email, password: 'correct horse' });
  const session = await new Account(admin()).createEmailPasswordSession({ email, password: 'correct horse' });
  const client = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setSession(session.secret);
  return { userId: user.$id, account: new Account(client), sessionId: session.$id };
}

function named(name: string): DomainEvent {
  const event = events.find((candidate) => candidate.name === name);
  expect(event, `event ${name} among ${events.map((candidate) => candidate.name).join(', ')}`).toBeDefined();
  return event as DomainEvent;
}

describe('account events', () => {
  it('publishes users.U.create for sign-up and users.U.update.* for profile changes', async () => {
    const { userId, account, sessionId } = await signedIn('events.profile@example.com');
    const created = named(`users.${userId}.create`);
    expect(created).toMatchObject({ resource: 'user', action: 'create', ids: { userId }, readRoles: [`user:${userId}`] });
    expect(created.payload).toMatchObject({ $id: userId, email: 'events.profile@example.com' });
    expect(named(`users.${userId}.sessions.${sessionId}.create`).resource).toBe('session');

    await account.updateName({ name: 'Evented' });
    expect(named(`users.${userId}.update.name`)).toMatchObject({ resource: 'user', action: 'update', payload: { name: 'Evented' } });
    await account.updatePrefs({ prefs: { theme: 'dark' } });
    expect(named(`users.${userId}.update.prefs`).payload).toMatchObject({ prefs: { theme: 'dark' } });
    await account.updatePassword({ password: 'another horse', oldPassword: 'correct horse' });
    expect(named(`users.${userId}.update.password`).action).toBe('update');
  });

  it('publishes verification create (with the secret, for mail-sending functions) and update', async () => {
    const { userId, account } = await signedIn('events.verify@example.com');
    const token = await account.createVerification({ url: 'http://localhost:5173/verify' });
    const create = named(`users.${userId}.verification.${token.$id}.create`);
    expect(create).toMatchObject({ resource: 'verification', action: 'create', ids: { userId, tokenId: token.$id }, readRoles: [`user:${userId}`] });
    const secret = create.payload.secret as string;
    expect(secret).toHaveLength(256);

    await account.updateVerification({ userId, secret });
    const update = named(`users.${userId}.verification.${token.$id}.update`);
    expect(update).toMatchObject({ resource: 'verification', action: 'update', payload: { $id: token.$id, secret: '' } });
  });

  it('publishes users.U.sessions.S.delete when a session ends', async () => {
    const { userId, account, sessionId } = await signedIn('events.logout@example.com');
    await account.deleteSession({ sessionId: 'current' });
    expect(named(`users.${userId}.sessions.${sessionId}.delete`)).toMatchObject({
      resource: 'session',
      action: 'delete',
      ids: { userId, sessionId },
      payload: { $id: sessionId, userId },
    });
  });
});

describe('users events', () => {
  it('publishes create, labels, status, verification, name, prefs and delete', async () => {
    const users = new Users(admin());
    const user = await users.create({ userId: ID.unique(), email: 'events.admin@example.com' });
    const id = user.$id;
    expect(named(`users.${id}.create`).payload).toMatchObject({ $id: id });

    await users.updateLabels({ userId: id, labels: ['teacher'] });
    expect(named(`users.${id}.update.labels`).payload).toMatchObject({ labels: ['teacher'] });
    await users.updateStatus({ userId: id, status: false });
    expect(named(`users.${id}.update.status`).payload).toMatchObject({ status: false });
    await users.updateEmailVerification({ userId: id, emailVerification: true });
    expect(named(`users.${id}.update.verification`).payload).toMatchObject({ emailVerification: true });
    await users.updateName({ userId: id, name: 'Admin made' });
    expect(named(`users.${id}.update.name`).payload).toMatchObject({ name: 'Admin made' });
    await users.updatePrefs({ userId: id, prefs: { a: 1 } });
    expect(named(`users.${id}.update.prefs`).payload).toMatchObject({ prefs: { a: 1 } });
    await users.delete({ userId: id });
    expect(named(`users.${id}.delete`)).toMatchObject({ resource: 'user', action: 'delete', payload: { $id: id } });
  });
});
