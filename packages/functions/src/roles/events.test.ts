import { describe, expect, it } from 'vitest';
import { createdAccountOf, userIdOf } from './main.ts';

describe('userIdOf', () => {
  it('reads the user from the event name, whatever the payload', () => {
    expect(userIdOf('users.u1.create', '{}')).toBe('u1');
    expect(userIdOf('users.u2.verification.t9.update', '{"userId":"other"}')).toBe('u2');
    expect(userIdOf('users.u3.update.verification', '')).toBe('u3');
  });

  it('falls back to a userId in the body of a direct execution', () => {
    expect(userIdOf('', '{"userId":"u4"}')).toBe('u4');
    expect(userIdOf('', 'not json')).toBeUndefined();
    expect(userIdOf('', '{"userId":""}')).toBeUndefined();
  });
});

describe('createdAccountOf', () => {
  const created = { $id: 'u1', email: 'x@example.com', registration: '2026-01-15T09:30:00.000+00:00', labels: [] };

  it('reads the new account from its creation event only', () => {
    expect(createdAccountOf('users.u1.create', JSON.stringify(created))).toEqual({ $id: 'u1', email: 'x@example.com', registration: created.registration });
    expect(createdAccountOf('users.u1.update.email', JSON.stringify(created))).toBeUndefined();
    expect(createdAccountOf('users.u1.verification.t1.update', JSON.stringify(created))).toBeUndefined();
    expect(createdAccountOf('users.u1.sessions.s1.create', JSON.stringify(created))).toBeUndefined();
    expect(createdAccountOf('', JSON.stringify({ userId: 'u1', ...created }))).toBeUndefined();
  });

  it('ignores a payload about another account or without the fields it needs', () => {
    expect(createdAccountOf('users.u2.create', JSON.stringify(created))).toBeUndefined();
    expect(createdAccountOf('users.u1.create', JSON.stringify({ $id: 'u1', email: 'x@example.com' }))).toBeUndefined();
    expect(createdAccountOf('users.u1.create', 'not json')).toBeUndefined();
  });
});
