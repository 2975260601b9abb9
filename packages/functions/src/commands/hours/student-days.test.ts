import { describe, expect, it } from 'vitest';
import { isAbandonedMail } from './student-days.ts';

describe('isAbandonedMail', () => {
  const owedAt = new Date('2026-11-20T10:00:00.000Z');
  const after = (ms: number) => new Date(owedAt.getTime() + ms);

  it('is false while the request that owed the mail may still send it, and for a mail not owed', () => {
    expect(isAbandonedMail(owedAt.toISOString(), after(15_000))).toBe(false);
    expect(isAbandonedMail(owedAt.toISOString(), after(60_000))).toBe(false);
    expect(isAbandonedMail(null, after(3_600_000))).toBe(false);
    expect(isAbandonedMail(undefined, after(3_600_000))).toBe(false);
  });

  it('is true once that request has surely ended without sending it', () => {
    expect(isAbandonedMail(owedAt.toISOString(), after(60_001))).toBe(true);
  });
});
