import { describe, expect, it } from 'vitest';
import { writeSessionFlag, type KeyValueStorage } from './session-flag.ts';
import { createPortalClient } from './portal-client.ts';

class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

// Nothing listens on port 1: every call fails the way fetch fails offline, with no answer at all.
const UNREACHABLE = 'http://127.0.0.1:1/v1';

describe('a server that cannot be reached', () => {
  it('is a network failure on every later call, never a signed-out member', async () => {
    const storage = new MemoryStorage();
    writeSessionFlag(storage, { id: 'u1', email: '1001@school.example', displayName: 'Maya', role: 'student', emailVerified: true });
    const portal = createPortalClient({ endpoint: UNREACHABLE, projectId: 'opportunity-kit', storage });
    try {
      // The portal's session check asks first; its failure must not be remembered as "no one signed in".
      await expect(portal.auth.currentUser()).rejects.toMatchObject({ code: 'network', message: expect.stringMatching(/could not reach the server/i) });
      await expect(portal.posts.feed()).rejects.toMatchObject({ code: 'network' });
      await expect(portal.applications.listMine()).rejects.toMatchObject({ code: 'network' });
      // The local flag still says who is signed in, for when the connection comes back.
      expect(portal.auth.storedSession().isAuthenticated).toBe(true);
    } finally {
      await portal.close();
    }
  });
});
