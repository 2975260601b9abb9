import { describe, expect, it } from 'vitest';
import {
  assignmentPermissions,
  attachedFilePermissions,
  canRead,
  feedRowPermissions,
  hiddenFeedRowPermissions,
  isOwnedBy,
  ownerOnlyFilePermissions,
  postingPermissions,
  postReadRoles,
  profilePermissions,
} from './permissions.ts';

describe('posting permissions', () => {
  it('let anyone read a public posting, and nobody delete it directly (only the command removes it)', () => {
    expect(postingPermissions({ visible: true, creatorId: 'c1' }, 's1')).toEqual(['read("any")']);
  });

  it('let only the creator, teachers and the assigned student read a private posting', () => {
    expect(postingPermissions({ visible: false, creatorId: 'c1' }, 's1')).toEqual(['read("user:c1")', 'read("label:teacher")', 'read("user:s1")']);
    expect(postingPermissions({ visible: false, creatorId: 'c1' }, null)).not.toContain('read("user:s1")');
  });

  it("let a school's staff, not every teacher, read its teachers' private postings", () => {
    expect(postingPermissions({ visible: false, creatorId: 'c1', schoolId: 'school-a' }, 's1')).toEqual([
      'read("user:c1")',
      'read("team:school-a/staff")',
      'read("user:s1")',
    ]);
  });

  it("let only the assigned student, the creator and the staff of the student's school read who a posting is assigned to, even a public one", () => {
    expect(assignmentPermissions({ creatorId: 'c1' }, 's1', 'school-a')).toEqual(['read("user:s1")', 'read("user:c1")', 'read("team:school-a/staff")']);
  });
});

describe('profile permissions', () => {
  it('keep a private profile and an account without a role (not verified yet) to its owner', () => {
    expect(profilePermissions({ userId: 'u1', isPublic: false, role: 'student', appliedTo: ['r1'] })).toEqual(['read("user:u1")']);
    expect(profilePermissions({ userId: 'u1', isPublic: true, role: null, appliedTo: ['r1'] })).toEqual(['read("user:u1")']);
  });

  it("let a student's school read a public student profile, and recruiters only when the student applied to one of their postings", () => {
    expect(profilePermissions({ userId: 'u1', isPublic: true, role: 'student', appliedTo: [], schoolIds: ['school-a'] })).toEqual([
      'read("user:u1")',
      'read("team:school-a")',
    ]);
    expect(profilePermissions({ userId: 'u1', isPublic: true, role: 'student', appliedTo: ['r1', 'r1'] })).toEqual(['read("user:u1")', 'read("user:r1")']);
  });

  it("let a staff member's schools, every teacher and recruiters read a staff member's public profile", () => {
    expect(profilePermissions({ userId: 'u1', isPublic: true, role: 'teacher', appliedTo: [], schoolIds: ['school-a'] })).toEqual([
      'read("user:u1")',
      'read("team:school-a")',
      'read("label:teacher")',
      'read("label:recruiter")',
    ]);
  });

  it("let every verified member read a recruiter's public profile", () => {
    expect(profilePermissions({ userId: 'u1', isPublic: true, role: 'recruiter', appliedTo: [] })).toEqual([
      'read("user:u1")',
      'read("label:student")',
      'read("label:teacher")',
      'read("label:recruiter")',
    ]);
  });
});

describe('feed rows and replaced files', () => {
  it("let the school's members read its posts, comments and likes through their rows, and nobody change or delete them directly", () => {
    expect(feedRowPermissions({ authorId: 'a1', schoolId: 'school-a' })).toEqual(['read("team:school-a")']);
    // A recruiter's post, and one from before schools until the board migration: every member.
    expect(feedRowPermissions({ authorId: 'a1', schoolId: null })).toEqual(['read("users")']);
  });

  it("leave a hidden post or comment to its author and its school's staff (teachers, for a post of no school)", () => {
    expect(hiddenFeedRowPermissions({ authorId: 'author', schoolId: 'school-a' })).toEqual(['read("user:author")', 'read("team:school-a/staff")']);
    expect(hiddenFeedRowPermissions({ authorId: 'author' })).toEqual(['read("user:author")', 'read("label:teacher")']);
  });

  it('keep a hidden public posting from everyone but those who manage it', () => {
    expect(postingPermissions({ visible: true, creatorId: 'recruiter', hiddenReason: 'Spam' }, null)).toEqual([
      'read("user:recruiter")',
      'read("label:teacher")',
    ]);
  });

  it('give a file back to its owner alone, who may delete it but never change who reads it', () => {
    expect(ownerOnlyFilePermissions('u1')).toEqual(['read("user:u1")', 'delete("user:u1")']);
  });

  it("give a post's images and comments the post's readers: every member, or once hidden its author and teachers", () => {
    expect(postReadRoles({ authorId: 'a1', hiddenReason: null })).toEqual(['users']);
    expect(postReadRoles({ authorId: 'a1', hiddenReason: 'Spam' })).toEqual(['user:a1', 'label:teacher']);
    expect(attachedFilePermissions('a1', postReadRoles({ authorId: 'a1', hiddenReason: 'Spam' }))).toEqual([
      'read("user:a1")',
      'read("label:teacher")',
      'delete("user:a1")',
    ]);
  });
});

describe('reading and owning', () => {
  it("reads when one of the caller's roles holds read", () => {
    expect(canRead(['read("label:teacher")', 'delete("user:c1")'], ['any', 'users', 'label:teacher'])).toBe(true);
    expect(canRead(['delete("users")'], ['any', 'users'])).toBe(false);
    expect(canRead(['read("any")'], ['any', 'guests'])).toBe(true);
  });

  it('recognises the uploader by the update or delete permission only a user can give itself', () => {
    expect(isOwnedBy(['read("user:u1")', 'update("user:u1")', 'delete("user:u1")'], 'u1')).toBe(true);
    expect(isOwnedBy(['read("user:u1")'], 'u1')).toBe(false);
    expect(isOwnedBy(['update("user:u10")'], 'u1')).toBe(false);
  });
});
