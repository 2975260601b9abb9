import { describe, expect, it } from 'vitest';
import type { CurrentUser, StoredSession } from '@opportunity-kit/sdk';
import { PortalError } from '@opportunity-kit/sdk';
import { checkSession, homePath, needsVerification } from './session-check.ts';

const ada: CurrentUser = { id: 'u1', email: 'ada@acme.example', displayName: 'Ada', role: 'recruiter', emailVerified: false };

function auth(stored: StoredSession, current: () => Promise<CurrentUser | null>) {
  let asked = 0;
  return {
    storedSession: () => stored,
    currentUser: () => {
      asked += 1;
      return current();
    },
    asked: () => asked,
  };
}

describe('checkSession', () => {
  it('answers a guest without asking the server when the local flag is not set', async () => {
    const guest = auth({ isAuthenticated: false, currentUser: null }, () => Promise.resolve(ada));
    expect(await checkSession(guest)).toBeNull();
    expect(guest.asked()).toBe(0);
  });

  it('asks the server when the flag is set, and answers what the server says now', async () => {
    const renamed = { ...ada, displayName: 'Ada L.' };
    const member = auth({ isAuthenticated: true, currentUser: ada }, () => Promise.resolve(renamed));
    expect(await checkSession(member)).toEqual(renamed);
    expect(await checkSession(auth({ isAuthenticated: true, currentUser: ada }, () => Promise.resolve(null)))).toBeNull();
  });

  it('keeps the stored user when the server cannot be reached', async () => {
    const offline = auth({ isAuthenticated: true, currentUser: ada }, () => Promise.reject(new PortalError('network', 'offline')));
    expect(await checkSession(offline)).toEqual(ada);
  });
});

describe('homePath and needsVerification', () => {
  it('sends / to the home screen or the welcome page by the flag', () => {
    expect(homePath(true)).toBe('/landing');
    expect(homePath(false)).toBe('/welcome');
  });

  it('asks every unverified account to verify, whatever its address or label', () => {
    expect(needsVerification({ ...ada, role: undefined })).toBe(true);
    expect(needsVerification({ ...ada, email: '1234@school.example', role: undefined })).toBe(true);
    expect(needsVerification(ada)).toBe(true);
    expect(needsVerification({ ...ada, role: undefined, emailVerified: true })).toBe(false);
    expect(needsVerification({ ...ada, emailVerified: true })).toBe(false);
    expect(needsVerification(null)).toBe(false);
  });
});
