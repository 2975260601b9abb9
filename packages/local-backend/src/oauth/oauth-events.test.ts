import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/bus.ts';
import { startLocalBackend, type LocalBackend } from '../server.ts';

/**
 * What the OAuth2 callback tells the rest of the server (realtime, event-triggered functions such
 * as role assignment). Events are not visible through the SDKs without realtime, so this test
 * listens on the bus of a real server while driving the flow over HTTP.
 */

let backend: LocalBackend;
const events: DomainEvent[] = [];
beforeAll(async () => {
  backend = await startLocalBackend({ memory: true, log: () => {}, webOrigins: ['http://app.example'] });
  backend.services.bus.subscribe((event) => events.push(event));
});
afterAll(() => backend.close());

async function signIn(email: string, flow: 'tokens' | 'sessions'): Promise<Response> {
  const query = new URLSearchParams({ success: 'http://app.example/done', failure: 'http://app.example/failed', project: backend.projectId });
  const start = await fetch(`${backend.endpoint}/account/${flow}/oauth2/microsoft?${query.toString()}`, { redirect: 'manual' });
  const page = new URL(start.headers.get('location') ?? '');
  const state = page.searchParams.get('state') ?? '';
  return fetch(`${backend.url}/v1/account/sessions/oauth2/callback/microsoft/${backend.projectId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, email }).toString(),
  });
}

describe('events of a federated sign-in', () => {
  it('announces a new account as users.U.create, verified, readable by that user only', async () => {
    events.length = 0;
    const response = await signIn('new.person@example.com', 'tokens');
    const userId = new URL(response.headers.get('location') ?? '').searchParams.get('userId');
    const created = events.find((event) => event.name === `users.${userId}.create`);
    expect(created).toMatchObject({ resource: 'user', action: 'create', ids: { userId }, readRoles: [`user:${userId}`] });
    expect(created?.payload).toMatchObject({ $id: userId, email: 'new.person@example.com', emailVerification: true });
    expect(events.some((event) => event.name.endsWith('.update.verification'))).toBe(false);
  });

  it('announces users.U.update.verification when an unverified account signs in, and no create', async () => {
    // An account the provider created, whose verification was taken back since (the Users API can).
    const first = await signIn('known@example.com', 'tokens');
    const userId = new URL(first.headers.get('location') ?? '').searchParams.get('userId') ?? '';
    const user = backend.services.accounts.updateUser(userId, { emailVerification: false });
    events.length = 0;
    await signIn('known@example.com', 'tokens');
    expect(events.map((event) => event.name)).toEqual([`users.${user.id}.update.verification`]);
    expect(events[0]?.payload).toMatchObject({ $id: user.id, emailVerification: true });

    events.length = 0;
    await signIn('known@example.com', 'tokens');
    expect(events).toEqual([]);
  });

  it('announces the session of the session flow as users.U.sessions.S.create', async () => {
    const first = await signIn('cookie@example.com', 'tokens');
    const user = { id: new URL(first.headers.get('location') ?? '').searchParams.get('userId') ?? '' };
    events.length = 0;
    await signIn('cookie@example.com', 'sessions');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ resource: 'session', action: 'create', ids: { userId: user.id } });
    expect(events[0]?.payload).toMatchObject({ provider: 'microsoft', providerUid: 'cookie@example.com', factors: ['email', 'oauth2'] });
  });
});
