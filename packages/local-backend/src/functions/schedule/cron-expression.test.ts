import { describe, expect, it } from 'vitest';
import { CronExpression } from './cron-expression.ts';

/** The next `count` run times after `from`, as ISO strings (UTC). */
function runs(schedule: string, from: string, count = 3): string[] {
  const expression = CronExpression.parse(schedule);
  if (!expression) throw new Error(`not a valid schedule: ${schedule}`);
  const times: string[] = [];
  let after = Date.parse(from);
  for (let index = 0; index < count; index++) {
    const next = expression.nextAfter(after);
    if (next === undefined) break;
    times.push(new Date(next).toISOString());
    after = next;
  }
  return times;
}

describe('cron schedules', () => {
  it('runs `* * * * *` at each following minute boundary, never at the current instant', () => {
    expect(runs('* * * * *', '2030-01-01T12:00:30.000Z')).toEqual(['2030-01-01T12:01:00.000Z', '2030-01-01T12:02:00.000Z', '2030-01-01T12:03:00.000Z']);
    expect(runs('* * * * *', '2030-01-01T12:00:00.000Z', 1)).toEqual(['2030-01-01T12:01:00.000Z']);
  });

  it('reads steps, ranges and lists', () => {
    expect(runs('*/15 * * * *', '2030-01-01T12:07:00Z')).toEqual(['2030-01-01T12:15:00.000Z', '2030-01-01T12:30:00.000Z', '2030-01-01T12:45:00.000Z']);
    expect(runs('0 9-17/4 * * *', '2030-01-01T10:00:00Z')).toEqual(['2030-01-01T13:00:00.000Z', '2030-01-01T17:00:00.000Z', '2030-01-02T09:00:00.000Z']);
    expect(runs('5,35 8 * * *', '2030-01-01T08:10:00Z')).toEqual(['2030-01-01T08:35:00.000Z', '2030-01-02T08:05:00.000Z', '2030-01-02T08:35:00.000Z']);
    // `n/step` runs from n to the end of the field.
    expect(runs('50/5 * * * *', '2030-01-01T12:00:00Z')).toEqual(['2030-01-01T12:50:00.000Z', '2030-01-01T12:55:00.000Z', '2030-01-01T13:50:00.000Z']);
  });

  it('crosses days, months and years in UTC', () => {
    expect(runs('30 23 31 12 *', '2030-06-01T00:00:00Z', 2)).toEqual(['2030-12-31T23:30:00.000Z', '2031-12-31T23:30:00.000Z']);
    expect(runs('0 0 1 * *', '2030-01-31T23:59:59Z', 2)).toEqual(['2030-02-01T00:00:00.000Z', '2030-03-01T00:00:00.000Z']);
  });

  it('takes month and day names in any case, and 7 as Sunday', () => {
    // 2030-01-06 is a Sunday.
    expect(runs('0 9 * jan-Feb MON', '2030-01-01T00:00:00Z', 2)).toEqual(['2030-01-07T09:00:00.000Z', '2030-01-14T09:00:00.000Z']);
    expect(runs('0 9 * * 7', '2030-01-01T00:00:00Z', 1)).toEqual(['2030-01-06T09:00:00.000Z']);
    expect(runs('0 9 * * SUN', '2030-01-01T00:00:00Z', 1)).toEqual(['2030-01-06T09:00:00.000Z']);
    expect(runs('0 0 1 DEC ?', '2030-01-01T00:00:00Z', 1)).toEqual(['2030-12-01T00:00:00.000Z']);
  });

  it('runs on either day when both day fields are restricted, as cron does', () => {
    // The 13th of the month, or any Friday (2030-01-04 is a Friday).
    expect(runs('0 0 13 * FRI', '2030-01-01T00:00:00Z', 3)).toEqual(['2030-01-04T00:00:00.000Z', '2030-01-11T00:00:00.000Z', '2030-01-13T00:00:00.000Z']);
  });

  it('expands the macros', () => {
    expect(runs('@hourly', '2030-01-01T12:00:00Z', 1)).toEqual(['2030-01-01T13:00:00.000Z']);
    expect(runs('@daily', '2030-01-01T12:00:00Z', 1)).toEqual(['2030-01-02T00:00:00.000Z']);
    expect(runs('@weekly', '2030-01-01T12:00:00Z', 1)).toEqual(['2030-01-06T00:00:00.000Z']);
    expect(runs('@yearly', '2030-01-01T12:00:00Z', 1)).toEqual(['2031-01-01T00:00:00.000Z']);
  });

  it('finds 29 February in the next leap year, and nothing for a date that never comes', () => {
    expect(runs('0 0 29 2 *', '2030-01-01T00:00:00Z', 1)).toEqual(['2032-02-29T00:00:00.000Z']);
    expect(CronExpression.parse('0 0 31 2 *')?.nextAfter(Date.parse('2030-01-01T00:00:00Z'))).toBeUndefined();
  });

  it.each([
    '',
    '* * * *',
    '* * * * * *',
    '60 * * * *',
    '* 24 * * *',
    '* * 0 * *',
    '* * * 13 *',
    '* * * * 8',
    '*/0 * * * *',
    '5-1 * * * *',
    '1-2-3 * * * *',
    '* * * * MON#2',
    '* * L * *',
    '? * * * *',
    'a * * * *',
    '1,,2 * * * *',
    '@reboot',
  ])('refuses %j', (schedule) => {
    expect(CronExpression.isValid(schedule)).toBe(false);
  });
});
