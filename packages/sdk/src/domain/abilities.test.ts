import { describe, expect, it } from 'vitest';
import {
  applyRefusal,
  canApply,
  canManagePosting,
  canWithdrawApplication,
  canAssignStudents,
  canPostOpportunities,
  canPostPrivately,
  canDeleteComment,
  canDeletePost,
  canRemovePosting,
  canSetApplicationStatus,
  decisionStatus,
} from './abilities.ts';

const teacher = { id: 't1', role: 'teacher' as const };
const recruiter = { id: 'r1', role: 'recruiter' as const };
const student = { id: 's1', role: 'student' as const };

describe('abilities', () => {
  it('lets the creator or any teacher remove a posting, nobody else', () => {
    expect(canRemovePosting(recruiter, { creatorId: 'r1' })).toBe(true);
    expect(canRemovePosting(teacher, { creatorId: 'r1' })).toBe(true);
    expect(canRemovePosting(student, { creatorId: 'r1' })).toBe(false);
    expect(canRemovePosting({ id: 'r2', role: 'recruiter' }, { creatorId: 'r1' })).toBe(false);
  });

  it('lets only students apply, and never to a posting they created', () => {
    expect(canApply(student, { creatorId: 'r1' })).toBe(true);
    expect(canApply(student, { creatorId: 's1' })).toBe(false);
    expect(canApply(teacher, { creatorId: 'r1' })).toBe(false);
    expect(canApply(recruiter, { creatorId: 't1' })).toBe(false);
    expect(canApply({ id: 'u', role: undefined }, { creatorId: 'r1' })).toBe(false);
  });

  it('takes applications only while a posting is open, and an assigned one only from its student', () => {
    expect(applyRefusal(student, { creatorId: 'r1', state: 'closed' })).toBe('This opportunity is no longer accepting applications.');
    expect(canApply(student, { creatorId: 'r1', state: 'filled' })).toBe(false);
    expect(applyRefusal(student, { creatorId: 'r1', assigned: true, assignedStudentId: null })).toBe('This opportunity is assigned to a student.');
    expect(canApply(student, { creatorId: 'r1', assigned: true, assignedStudentId: 's1' })).toBe(true);
    expect(applyRefusal(teacher, { creatorId: 'r1' })).toBe('Only students can apply to opportunities.');
  });

  it('lets the creator and teachers manage a posting, and only the applicant withdraw a pending application', () => {
    expect(canManagePosting(recruiter, { creatorId: 'r1' })).toBe(true);
    expect(canManagePosting(teacher, { creatorId: 'r1' })).toBe(true);
    expect(canManagePosting({ id: 'r2', role: 'recruiter' }, { creatorId: 'r1' })).toBe(false);
    expect(canWithdrawApplication(student, { applicantId: 's1', status: 'pending' })).toBe(true);
    expect(canWithdrawApplication(student, { applicantId: 's1', status: 'accepted' })).toBe(false);
    expect(canWithdrawApplication(recruiter, { applicantId: 's1', status: 'pending' })).toBe(false);
  });

  it('lets teachers and recruiters post, and only teachers post privately', () => {
    expect(canPostOpportunities(teacher)).toBe(true);
    expect(canPostOpportunities(recruiter)).toBe(true);
    expect(canPostOpportunities(student)).toBe(false);
    expect(canPostOpportunities({ id: 'u', role: undefined })).toBe(false);
    expect(canPostPrivately(teacher)).toBe(true);
    expect(canPostPrivately(recruiter)).toBe(false);
    expect(canPostPrivately(student)).toBe(false);
  });

  it('lets only teachers assign students', () => {
    expect(canAssignStudents(teacher)).toBe(true);
    expect(canAssignStudents(recruiter)).toBe(false);
    expect(canAssignStudents(student)).toBe(false);
    expect(canAssignStudents({ id: 'u', role: undefined })).toBe(false);
  });

  it('lets only the job creator set an application status, and only the author delete a post', () => {
    expect(canSetApplicationStatus(recruiter, { jobCreatorId: 'r1' })).toBe(true);
    expect(canSetApplicationStatus(teacher, { jobCreatorId: 'r1' })).toBe(false);
    expect(canDeletePost(student, { authorId: 's1' })).toBe(true);
    expect(canDeletePost(teacher, { authorId: 's1' })).toBe(false);
  });

  it('lets only the author of a comment delete it', () => {
    expect(canDeleteComment(teacher, { authorId: 't1' })).toBe(true);
    expect(canDeleteComment(student, { authorId: 't1' })).toBe(false);
    expect(canDeleteComment(teacher, { authorId: 's1' })).toBe(false);
  });

  it('accepts accepted and rejected as decisions, never pending or anything else', () => {
    expect(decisionStatus('accepted')).toBe('accepted');
    expect(decisionStatus('rejected')).toBe('rejected');
    expect(decisionStatus('pending')).toBeUndefined();
    expect(decisionStatus('ACCEPTED')).toBeUndefined();
    expect(decisionStatus(1)).toBeUndefined();
  });
});
