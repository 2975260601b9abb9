import { describe, expect, it } from 'vitest';
import {
  addYears,
  earliestTodayAnywhere,
  isDateString,
  spokenDate,
  isEndDateEnabled,
  matchesDateFilter,
  postingDateBounds,
  todayDateString,
  withStartDate,
} from './dates.ts';

describe('calendar dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isDateString('2026-11-21')).toBe(true);
    expect(isDateString('2028-02-29')).toBe(true);
    expect(isDateString('2026-02-29')).toBe(false);
    expect(isDateString('2026-13-01')).toBe(false);
    expect(isDateString('21/11/2026')).toBe(false);
  });

  it('gives the earliest date anywhere on Earth for server-side "from today" checks', () => {
    expect(earliestTodayAnywhere(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
    expect(earliestTodayAnywhere(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-22');
  });

  it('formats today in the local calendar', () => {
    expect(todayDateString(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('allows posting dates from today up to 10 years ahead', () => {
    expect(postingDateBounds('2026-11-21')).toEqual({ min: '2026-11-21', max: '2036-11-21' });
    expect(addYears('2028-02-29', 10)).toBe('2038-02-28');
  });
});

describe('the filter panel date rule', () => {
  it('keeps the end date disabled until a start date is set', () => {
    expect(isEndDateEnabled({})).toBe(false);
    expect(isEndDateEnabled({ startDate: '2026-12-01' })).toBe(true);
  });

  it('clears an end date earlier than a newly chosen start date, and keeps a later one', () => {
    expect(withStartDate({ startDate: '2026-12-01', endDate: '2026-12-10' }, '2026-12-15')).toEqual({ startDate: '2026-12-15', endDate: undefined });
    expect(withStartDate({ startDate: '2026-12-01', endDate: '2026-12-10' }, '2026-12-05')).toEqual({ startDate: '2026-12-05', endDate: '2026-12-10' });
    expect(withStartDate({ startDate: '2026-12-01', endDate: '2026-12-10' }, undefined)).toEqual({ startDate: undefined, endDate: undefined });
  });

  it('with both dates keeps only postings whose two dates lie within the range', () => {
    const filter = { startDate: '2026-12-01', endDate: '2026-12-31' };
    expect(matchesDateFilter({ startDate: '2026-12-05', endDate: '2026-12-20' }, filter)).toBe(true);
    expect(matchesDateFilter({ startDate: '2026-12-01', endDate: '2026-12-31' }, filter)).toBe(true);
    expect(matchesDateFilter({ startDate: '2026-11-30', endDate: '2026-12-20' }, filter)).toBe(false);
    expect(matchesDateFilter({ startDate: '2026-12-05', endDate: '2027-01-02' }, filter)).toBe(false);
    expect(matchesDateFilter({ startDate: '2026-12-05', endDate: null }, filter)).toBe(false);
  });

  it('without dates keeps everything, and with a start date alone keeps postings starting on or after it', () => {
    expect(matchesDateFilter({ startDate: null, endDate: null }, {})).toBe(true);
    expect(matchesDateFilter({ startDate: '2026-12-05' }, { startDate: '2026-12-01' })).toBe(true);
    expect(matchesDateFilter({ startDate: '2026-11-25' }, { startDate: '2026-12-01' })).toBe(false);
  });
});

describe('spokenDate', () => {
  it('names a stored posting day as a sentence does, the same day on every server, and nothing for no date', () => {
    expect(spokenDate('2027-01-18T00:00:00.000+00:00')).toBe('January 18, 2027');
    expect(spokenDate('2027-01-03T00:00:00.000Z')).toBe('January 3, 2027');
    expect(spokenDate(null)).toBeUndefined();
    expect(spokenDate('not a date')).toBeUndefined();
  });
});
