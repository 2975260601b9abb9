import { describe, expect, it } from 'vitest';
import { labelsWithRole } from './assign-role.ts';
import { userIdOf } from './main.ts';

describe('labelsWithRole', () => {
  it('replaces the role label and keeps the others', () => {
    expect(labelsWithRole(['vip', 'recruiter'], 'teacher')).toEqual(['vip', 'teacher']);
    expect(labelsWithRole(['student', 'mentor'], undefined)).toEqual(['mentor']);
    expect(labelsWithRole([], 'student')).toEqual(['student']);
  });
});

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
