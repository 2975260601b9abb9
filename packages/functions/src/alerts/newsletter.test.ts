import { describe, expect, it } from 'vitest';
import { isoWeekOf } from './newsletter.ts';

describe('isoWeekOf', () => {
  it('names the ISO week, Monday to Sunday, across the turn of the year', () => {
    expect(isoWeekOf(new Date('2026-11-23T07:00:00Z'))).toBe('2026-W48'); // a Monday
    expect(isoWeekOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-W48'); // its Sunday
    expect(isoWeekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    expect(isoWeekOf(new Date('2027-01-01T07:00:00Z'))).toBe('2026-W53'); // a Friday: still the old year's last week
    expect(isoWeekOf(new Date('2024-12-30T07:00:00Z'))).toBe('2025-W01'); // a Monday: already the new year's first
  });
});
