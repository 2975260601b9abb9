import { describe, expect, it } from 'vitest';
import { hasPassword, isExpiredSchoolSignUp, UNVERIFIED_SCHOOL_ACCOUNT_DAYS } from './school-accounts.ts';

const settings = { schoolDomain: 'school.example', teacherEmails: ['principal@board.example'] };
const NOW = Date.parse('2026-03-10T12:00:00.000+00:00');
const daysAgo = (days: number): string => new Date(NOW - days * 24 * 3600 * 1000).toISOString();

describe('isExpiredSchoolSignUp', () => {
  it('expires an unverified account of a school address once it is older than the allowed days', () => {
    const old = daysAgo(UNVERIFIED_SCHOOL_ACCOUNT_DAYS + 0.01);
    expect(isExpiredSchoolSignUp({ email: '1ana@school.example', emailVerification: false, registration: old }, settings, NOW)).toBe(true);
    expect(isExpiredSchoolSignUp({ email: 'ms.lee@school.example', emailVerification: false, registration: old }, settings, NOW)).toBe(true);
    expect(isExpiredSchoolSignUp({ email: 'principal@board.example', emailVerification: false, registration: old }, settings, NOW)).toBe(true);
  });

  it('keeps a young, a verified or an outside account', () => {
    const young = daysAgo(UNVERIFIED_SCHOOL_ACCOUNT_DAYS - 0.01);
    const old = daysAgo(30);
    expect(isExpiredSchoolSignUp({ email: '1ana@school.example', emailVerification: false, registration: young }, settings, NOW)).toBe(false);
    expect(isExpiredSchoolSignUp({ email: '1ana@school.example', emailVerification: true, registration: old }, settings, NOW)).toBe(false);
    expect(isExpiredSchoolSignUp({ email: 'hr@acme.example', emailVerification: false, registration: old }, settings, NOW)).toBe(false);
    expect(isExpiredSchoolSignUp({ email: '1ana@evil-school.example', emailVerification: false, registration: old }, settings, NOW)).toBe(false);
    expect(isExpiredSchoolSignUp({ email: '', emailVerification: false, registration: old }, settings, NOW)).toBe(false);
  });
});

describe('hasPassword', () => {
  it('reads passwordUpdate, and the hash Appwrite answers to a key', () => {
    expect(hasPassword({ passwordUpdate: '' })).toBe(false);
    expect(hasPassword({ passwordUpdate: '2026-03-10T12:00:00.000+00:00' })).toBe(true);
    expect(hasPassword({ passwordUpdate: '', password: '$argon2id$v=19$m=2048,t=4,p=3$abc' })).toBe(true);
  });
});
