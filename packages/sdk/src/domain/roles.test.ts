import { describe, expect, it } from 'vitest';
import { roleForEmail, roleFromLabels, roleLabelFor, roleNeedsVerification } from './roles.ts';

const settings = { schoolDomain: 'school.example', teacherEmails: ['principal@board.example'] };

describe('roleForEmail', () => {
  it.each([
    ['1234567@school.example', 'student'],
    ['1abc@school.example', 'student'],
    ['  1JANE@School.Example ', 'student'],
    ['jane.doe@school.example', 'teacher'],
    ['2345@school.example', 'teacher'],
    ['principal@board.example', 'teacher'],
    ['PRINCIPAL@board.example', 'teacher'],
    ['hr@acme.example', 'recruiter'],
    ['1abc@evil-school.example', 'recruiter'],
    ['1abc@school.example.evil', 'recruiter'],
    ['1abc@sub.school.example', 'recruiter'],
    ['1abc@notschool.example', 'recruiter'],
    ['school.example', 'recruiter'],
    ['1abc@', 'recruiter'],
    ['', 'recruiter'],
  ])('%s is a %s', (email, role) => {
    expect(roleForEmail(email, settings)).toBe(role);
  });

  it('matches the domain after the last @', () => {
    expect(roleForEmail('1a@evil.example@school.example', settings)).toBe('student');
    expect(roleForEmail('1a@school.example@evil.example', settings)).toBe('recruiter');
  });
});

describe('roleLabelFor', () => {
  it('labels a school address only once it is verified', () => {
    expect(roleLabelFor({ email: '1234@school.example', emailVerification: false }, settings)).toBeUndefined();
    expect(roleLabelFor({ email: '1234@school.example', emailVerification: true }, settings)).toBe('student');
    expect(roleLabelFor({ email: 'ms.k@school.example', emailVerification: false }, settings)).toBeUndefined();
    expect(roleLabelFor({ email: 'principal@board.example', emailVerification: false }, settings)).toBeUndefined();
    expect(roleLabelFor({ email: 'principal@board.example', emailVerification: true }, settings)).toBe('teacher');
  });

  it('labels a recruiter at once and an account without e-mail never', () => {
    expect(roleLabelFor({ email: 'hr@acme.example', emailVerification: false }, settings)).toBe('recruiter');
    expect(roleLabelFor({ email: '', emailVerification: true }, settings)).toBeUndefined();
    expect(roleNeedsVerification('hr@acme.example', settings)).toBe(false);
  });
});

describe('roleFromLabels', () => {
  it('reads the role label and ignores others', () => {
    expect(roleFromLabels(['beta', 'student'])).toBe('student');
    expect(roleFromLabels(['recruiter'])).toBe('recruiter');
    expect(roleFromLabels([])).toBeUndefined();
  });
});
