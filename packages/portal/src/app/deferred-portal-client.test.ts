import { describe, expect, it } from 'vitest';
import { createPortalClient, SESSION_KEYS, type KeyValueStorage, type PortalClient } from '@opportunity-kit/sdk';
import { deferredPortalClient } from './deferred-portal-client.ts';

const memberUser = { id: 'u1', displayName: 'Maya Patel', email: 'maya@student.example', role: 'student', emailVerified: true };

function memoryStorage(entries: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(entries));
  return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
}

/** A real SDK client (pointing nowhere: these tests make no request), and a count of loads. */
function loader(options: { failFirst?: boolean } = {}) {
  const state = { loads: 0 };
  const real = createPortalClient({ endpoint: 'http://127.0.0.1:9/v1', projectId: 'opportunity-kit', storage: null });
  const load = async (): Promise<PortalClient> => {
    state.loads += 1;
    if (options.failFirst && state.loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return real;
  };
  return { state, real, load };
}

describe('deferredPortalClient', () => {
  it('loads nothing for a visitor: the session check reads the local flag itself', () => {
    const { state, load } = loader();
    const portal = deferredPortalClient(load, () => memoryStorage());
    expect(portal.client.auth.storedSession()).toEqual({ isAuthenticated: false, currentUser: null });
    expect(state.loads).toBe(0);
    expect(portal.loaded()).toBe(false);
  });

  it("reads a member's stored flag before the client is there", () => {
    const { load } = loader();
    const storage = memoryStorage({ [SESSION_KEYS.isAuthenticated]: 'true', [SESSION_KEYS.currentUser]: JSON.stringify(memberUser) });
    const portal = deferredPortalClient(load, () => storage);
    expect(portal.client.auth.storedSession()).toMatchObject({ isAuthenticated: true, currentUser: { displayName: 'Maya Patel' } });
  });

  it('loads the client on the first asynchronous call, once, and answers what the real client answers', async () => {
    const { state, real, load } = loader();
    const portal = deferredPortalClient(load, () => memoryStorage());
    // The real client refuses an invalid address before any request: the same refusal comes through.
    const [first, second] = await Promise.allSettled([portal.client.newsletter.subscribe('not-an-address'), portal.client.newsletter.subscribe('nope')]);
    expect(first).toMatchObject({ status: 'rejected', reason: { code: 'invalid-input', message: 'Please enter a valid email address' } });
    expect(second.status).toBe('rejected');
    expect(state.loads).toBe(1);
    expect(portal.loaded()).toBe(true);
    await expect(portal.ready()).resolves.toBe(real);
  });

  it('stands in for every module of the real client, so no page finds one missing', () => {
    const { real, load } = loader();
    const portal = deferredPortalClient(load, () => memoryStorage());
    expect(Object.keys(portal.client).sort()).toEqual(Object.keys(real).sort());
  });

  it('runs synchronous methods straight through once loaded, and refuses them before', async () => {
    const { real, load } = loader();
    const portal = deferredPortalClient(load, () => memoryStorage());
    expect(() => portal.client.files.viewUrl('post-images', 'f1')).toThrow(/before the SDK client loaded/);
    await portal.ready();
    expect(portal.client.files.viewUrl('post-images', 'f1')).toBe(real.files.viewUrl('post-images', 'f1'));
  });

  it('tries again after a failed load (a moment offline) instead of failing for good', async () => {
    const { state, load } = loader({ failFirst: true });
    const portal = deferredPortalClient(load, () => memoryStorage());
    await expect(portal.client.jobs.get('x')).rejects.toThrow(/dynamically imported module/);
    await expect(portal.ready()).resolves.toBeDefined();
    expect(state.loads).toBe(2);
  });
});
