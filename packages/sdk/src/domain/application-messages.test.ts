import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from './constants.ts';
import { applicationOutcomeMessage, MESSAGES, myApplicationMessage, statusUpdatedMessage } from './messages.ts';

describe('the texts about an application', () => {
  it('tells a student the outcome of each status in plain words', () => {
    expect(APPLICATION_STATUSES.map(applicationOutcomeMessage)).toEqual([
      'Waiting for the employer',
      'Accepted — the employer will contact you by email',
      'Not selected this time',
    ]);
  });

  it('says a pending application to a removed posting was removed, and keeps a decision made before', () => {
    expect(myApplicationMessage({ status: 'pending', postingRemoved: true })).toBe('This posting was removed');
    expect(myApplicationMessage({ status: 'rejected', postingRemoved: true })).toBe('Not selected this time');
    expect(myApplicationMessage({ status: 'pending', postingRemoved: false })).toBe('Waiting for the employer');
  });

  it('confirms a decision with the longer text only for an acceptance (spec section 4)', () => {
    expect(statusUpdatedMessage('accepted')).toBe('Status updated successfully. You are responsible for contacting the applicant through email directly.');
    expect(statusUpdatedMessage('rejected')).toBe('Status updated successfully.');
  });

  it('says a missing or private profile is not found', () => {
    expect(MESSAGES.profileNotFound).toBe('Profile not found');
  });
});
