import { describe, expect, it } from 'vitest';
import { relativeTimeLabel } from './relative-time.ts';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const ago = (seconds: number) => now - seconds * 1000;

describe('relativeTimeLabel', () => {
  it.each([
    [0, '0 seconds ago'],
    [1, '1 second ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [119, '1 minute ago'],
    [120, '2 minutes ago'],
    [3599, '59 minutes ago'],
    [3600, '1 hour ago'],
    [7199, '1 hour ago'],
    [7200, '2 hours ago'],
    [86_399, '23 hours ago'],
    [86_400, '1 day ago'],
    [30 * 86_400 - 1, '29 days ago'],
  ])('labels %i seconds as %s', (seconds, expected) => {
    expect(relativeTimeLabel(ago(seconds), now)).toBe(expected);
  });

  it('shows a date from 30 days on', () => {
    const then = new Date(2026, 9, 1, 12);
    expect(relativeTimeLabel(then, then.getTime() + 30 * 86_400_000)).toBe('Oct 1, 2026');
  });

  it('reads a time slightly in the future as now', () => {
    expect(relativeTimeLabel(now + 5000, now)).toBe('0 seconds ago');
  });
});
