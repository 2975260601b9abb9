import { describe, expect, it } from 'vitest';
import { labelsWithRole } from './member-role.ts';

describe('labelsWithRole', () => {
  it('replaces the role label and keeps the others', () => {
    expect(labelsWithRole(['vip', 'recruiter'], 'teacher')).toEqual(['vip', 'teacher']);
    expect(labelsWithRole(['student', 'mentor'], undefined)).toEqual(['mentor']);
    expect(labelsWithRole([], 'student')).toEqual(['student']);
  });
});
