import { describe, expect, it } from 'vitest';
import type { UserRecord } from './accounts.ts';
import { userRoles } from './roles.ts';

const user: UserRecord = {
  id: 'u1',
  email: 'ada@example.com',
  phone: '',
  name: 'Ada',
  password: null,
  passwordHistory: [],
  mfa: false,
  impersonator: false,
  status: true,
  labels: ['teacher'],
  prefs: {},
  emailVerification: true,
  phoneVerification: false,
  registration: 0,
  passwordUpdate: null,
  accessedAt: 0,
  createdAt: 0,
  updatedAt: 0,
};

describe('userRoles', () => {
  it('adds the team, the membership and each team role of every confirmed membership, before the labels', () => {
    expect(userRoles(user, [{ id: 'm1', teamId: 'school', roles: ['owner', 'teacher'] }])).toEqual([
      'any',
      'users',
      'user:u1',
      'users/verified',
      'user:u1/verified',
      'team:school',
      'member:m1',
      'team:school/owner',
      'team:school/teacher',
      'label:teacher',
    ]);
  });

  it('gives a user without memberships no team role', () => {
    expect(userRoles(user).filter((role) => role.startsWith('team:') || role.startsWith('member:'))).toEqual([]);
  });
});
