import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting.ts';

const at = (hours: number, minutes = 0, seconds = 0) => new Date(2026, 10, 21, hours, minutes, seconds);

describe('greetingFor', () => {
  it.each([
    [at(0), 'Good morning'],
    [at(11, 59, 59), 'Good morning'],
    [at(12), 'Good afternoon'],
    [at(17, 59, 59), 'Good afternoon'],
    [at(18), 'Good evening'],
    [at(23, 59, 59), 'Good evening'],
  ])('greets %s with %s', (time, expected) => {
    expect(greetingFor(time)).toBe(expected);
  });
});
