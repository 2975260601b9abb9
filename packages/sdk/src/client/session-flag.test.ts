import { describe, expect, it } from 'vitest';
import { clearSessionFlag, readSessionFlag, SESSION_KEYS, writeSessionFlag, type KeyValueStorage } from './session-flag.ts';

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

const sam = { id: 'u1', email: '1sam@school.example', displayName: 'Sam', role: 'student' as const, emailVerified: true };

describe('the local session flag of the spec', () => {
  it("stores isAuthenticated as the text true and the user as JSON under the spec's keys", () => {
    const storage = new MemoryStorage();
    writeSessionFlag(storage, sam);
    expect(storage.values.get('isAuthenticated')).toBe('true');
    expect(JSON.parse(storage.values.get('currentUser') ?? '')).toEqual(sam);
    expect(readSessionFlag(storage)).toEqual({ isAuthenticated: true, currentUser: sam });
  });

  it('clears both keys on sign-out', () => {
    const storage = new MemoryStorage();
    writeSessionFlag(storage, sam);
    clearSessionFlag(storage);
    expect(storage.values.size).toBe(0);
    expect(readSessionFlag(storage)).toEqual({ isAuthenticated: false, currentUser: null });
  });

  it('counts anything but the exact text true, or a broken stored user, as signed out', () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_KEYS.currentUser, JSON.stringify(sam));
    for (const flag of ['TRUE', '1', 'yes']) {
      storage.setItem(SESSION_KEYS.isAuthenticated, flag);
      expect(readSessionFlag(storage).isAuthenticated).toBe(false);
    }
    storage.setItem(SESSION_KEYS.isAuthenticated, 'true');
    storage.setItem(SESSION_KEYS.currentUser, '{not json');
    expect(readSessionFlag(storage).isAuthenticated).toBe(false);
    storage.setItem(SESSION_KEYS.currentUser, JSON.stringify({ id: 'u1' }));
    expect(readSessionFlag(storage).isAuthenticated).toBe(false);
  });

  it('drops a stored role the SDK does not know', () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_KEYS.isAuthenticated, 'true');
    storage.setItem(SESSION_KEYS.currentUser, JSON.stringify({ ...sam, role: 'admin' }));
    expect(readSessionFlag(storage).currentUser?.role).toBeUndefined();
  });

  it('works without storage and survives a storage that refuses access', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readSessionFlag(undefined)).toEqual({ isAuthenticated: false, currentUser: null });
    expect(() => writeSessionFlag(refusing, sam)).not.toThrow();
    expect(() => clearSessionFlag(refusing)).not.toThrow();
    expect(readSessionFlag(refusing).isAuthenticated).toBe(false);
  });
});
