import { describe, expect, it } from 'vitest';
import {
  containsWebAddress,
  dayLimitProblem,
  earliestHoursDate,
  HOURS_BULK_APPROVAL_MAX,
  HOURS_MESSAGES,
  isSameMailbox,
  isValidHours,
  latestTodayAnywhere,
  validateBulkApproval,
  validateHoursReview,
  validateServiceHours,
  type ServiceHoursInput,
} from './service-hours.ts';

const entry: ServiceHoursInput = {
  organisation: ' Food Bank ',
  activity: 'Sorted donations',
  date: '2026-03-01',
  hours: 2.75,
  supervisorName: 'Dana Lee',
  supervisorEmail: ' Dana@FoodBank.example ',
};
const context = { today: '2026-03-02', studentEmail: '1001@school.example' };

describe('validateServiceHours', () => {
  it('trims the fields and lower-cases the supervisor’s address', () => {
    expect(validateServiceHours(entry, context)).toEqual({
      ok: true,
      value: { ...entry, organisation: 'Food Bank', supervisorEmail: 'dana@foodbank.example', reflection: null, jobId: null },
    });
  });

  it('refuses a date after today, and the student’s own address as the supervisor’s', () => {
    expect(validateServiceHours({ ...entry, date: '2026-03-03' }, context)).toEqual({ ok: false, errors: { date: HOURS_MESSAGES.dateInFuture } });
    expect(validateServiceHours({ ...entry, supervisorEmail: '1001@SCHOOL.example' }, context)).toEqual({
      ok: false,
      errors: { supervisorEmail: HOURS_MESSAGES.supervisorEmailIsOwn },
    });
  });

  it('refuses a date more than five years back: hours count from the summer before Grade 9', () => {
    expect(earliestHoursDate('2026-03-02')).toBe('2021-03-02');
    expect(validateServiceHours({ ...entry, date: '2021-03-02' }, context)).toMatchObject({ ok: true });
    expect(validateServiceHours({ ...entry, date: '2021-03-01' }, context)).toEqual({ ok: false, errors: { date: HOURS_MESSAGES.dateTooEarly } });
    expect(validateServiceHours({ ...entry, date: '1900-01-01' }, context)).toEqual({ ok: false, errors: { date: HOURS_MESSAGES.dateTooEarly } });
  });

  it('refuses any spelling of the student’s own address, and with the school known, a student address of the school', () => {
    expect(isSameMailbox('1001+boss@school.example', '1001@school.example')).toBe(true);
    expect(isSameMailbox('j.o.e@gmail.com', 'Joe+hours@googlemail.com')).toBe(true);
    expect(isSameMailbox('joe@school.example', 'joe@other.example')).toBe(false);
    for (const own of ['1001+boss@school.example', '10.01@school.example']) {
      expect(validateServiceHours({ ...entry, supervisorEmail: own }, context)).toEqual({
        ok: false,
        errors: { supervisorEmail: HOURS_MESSAGES.supervisorEmailIsOwn },
      });
    }
    const school = { schoolDomain: 'school.example', teacherEmails: [] };
    expect(validateServiceHours({ ...entry, supervisorEmail: '1002@school.example' }, { ...context, school })).toEqual({
      ok: false,
      errors: { supervisorEmail: HOURS_MESSAGES.supervisorIsStudent },
    });
    expect(validateServiceHours({ ...entry, supervisorEmail: 'ms.lee@school.example' }, { ...context, school })).toMatchObject({ ok: true });
    // A form that does not know the school leaves that check to the server.
    expect(validateServiceHours({ ...entry, supervisorEmail: '1002@school.example' }, context)).toMatchObject({ ok: true });
  });

  it('refuses a web address as the organisation or the supervisor’s name, which the supervisor’s mail repeats', () => {
    expect(['http://evil.example', 'see www.evil.example', 'HTTPS://x'].every(containsWebAddress)).toBe(true);
    expect(['St. Mary’s Food Bank', 'Habitat for Humanity'].some(containsWebAddress)).toBe(false);
    expect(validateServiceHours({ ...entry, organisation: 'Reset your password at http://evil.example' }, context)).toEqual({
      ok: false,
      errors: { organisation: HOURS_MESSAGES.noWebAddress },
    });
    expect(validateServiceHours({ ...entry, supervisorName: 'www.evil.example' }, context)).toEqual({
      ok: false,
      errors: { supervisorName: HOURS_MESSAGES.noWebAddress },
    });
  });

  it('takes hours in quarter steps from 0.25 to 12 only', () => {
    expect([0.25, 1, 7.5, 12].every(isValidHours)).toBe(true);
    expect([0, -1, 0.1, 12.25, Number.NaN, Number.POSITIVE_INFINITY].some(isValidHours)).toBe(false);
  });
});

describe('the day limit and the review', () => {
  it('says how many hours are left for the day', () => {
    expect(dayLimitProblem(4, 8)).toBeUndefined();
    expect(dayLimitProblem(4.25, 8)).toBe('You can log at most 12 hours a day; 4 h left for that day');
    expect(dayLimitProblem(1, 12)).toBe('You have already logged 12 hours for that day');
  });

  it('approves all logged hours, partially fewer ones with a comment, and declines with a comment', () => {
    expect(validateHoursReview({ decision: 'approved' }, 3)).toEqual({ ok: true, value: { decision: 'approved', approvedHours: 3, comment: null } });
    expect(validateHoursReview({ decision: 'partial', hours: 3, comment: 'x' }, 3)).toEqual({ ok: false, errors: { hours: HOURS_MESSAGES.partialHours } });
    expect(validateHoursReview({ decision: 'partial', hours: 2.5, comment: 'Lunch' }, 3)).toMatchObject({ ok: true, value: { approvedHours: 2.5 } });
    expect(validateHoursReview({ decision: 'declined', comment: ' ' }, 3)).toEqual({ ok: false, errors: { comment: HOURS_MESSAGES.commentRequired } });
  });

  it('counts a date as past once it has begun anywhere on Earth (UTC+14)', () => {
    expect(latestTodayAnywhere(new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-02');
    expect(latestTodayAnywhere(new Date('2026-03-01T09:59:59Z'))).toBe('2026-03-01');
  });

  it('approves together only with the approval decision, one to 50 ids, each once', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, n) => `entry-${n}`);
    expect(validateBulkApproval({ ids: ['a', ' a ', 'b', ''], decision: 'approved' })).toEqual({ ok: true, value: { ids: ['a', 'b'] } });
    expect(validateBulkApproval({ ids: ids(HOURS_BULK_APPROVAL_MAX), decision: 'approved' }).ok).toBe(true);
    expect(validateBulkApproval({ ids: ids(HOURS_BULK_APPROVAL_MAX + 1), decision: 'approved' })).toEqual({
      ok: false,
      errors: { ids: HOURS_MESSAGES.bulkTooMany },
    });
    expect(validateBulkApproval({ ids: [], decision: 'approved' })).toEqual({ ok: false, errors: { ids: HOURS_MESSAGES.bulkNothingChosen } });
    expect(validateBulkApproval({ ids: ['a'], decision: 'declined' })).toEqual({ ok: false, errors: { decision: HOURS_MESSAGES.bulkOnlyApproval } });
  });
});
