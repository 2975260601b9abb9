import { describe, expect, it } from 'vitest';
import { awaitsSchool, isSchoolAddress, roleForEmail, roleFromLabels, roleLabelFor, roleNeedsVerification } from './roles.ts';

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
  const account = (email: string, emailVerification: boolean, createdWith: string | null = email) => ({ email, emailVerification, createdWith });

  it('labels no address, school or not, until it is verified', () => {
    expect(roleLabelFor(account('1234@school.example', false), settings)).toBeUndefined();
    expect(roleLabelFor(account('ms.k@school.example', false), settings)).toBeUndefined();
    expect(roleLabelFor(account('principal@board.example', false), settings)).toBeUndefined();
    expect(roleLabelFor(account('hr@acme.example', false), settings)).toBeUndefined();
    expect(roleLabelFor(account('', true), settings)).toBeUndefined();
  });

  it('labels a verified address: a school one created with it as student, or teacher while on a school’s staff; any other as recruiter', () => {
    const staff = (email: string, createdWith = email) => ({ ...account(email, true, createdWith), staffMember: true });
    expect(roleLabelFor(account('1234@school.example', true), settings)).toBe('student');
    expect(roleLabelFor(staff('ms.k@school.example', ' MS.K@School.Example'), settings)).toBe('teacher');
    expect(roleLabelFor(staff('principal@board.example'), settings)).toBe('teacher');
    // A staff address alone is no authority (issue 23): it waits for its school.
    expect(roleLabelFor(account('ms.k@school.example', true), settings)).toBeUndefined();
    expect(awaitsSchool(account('ms.k@school.example', true), settings)).toBe(true);
    expect(awaitsSchool(staff('ms.k@school.example'), settings)).toBe(false);
    expect(awaitsSchool(account('1234@school.example', true), settings)).toBe(false);
    expect(awaitsSchool(account('ms.k@school.example', true, '1234@school.example'), settings)).toBe(false);
    expect(roleLabelFor(account('hr@acme.example', true), settings)).toBe('recruiter');
    // A recruiter's address needs no creation record: it grants nothing a verified stranger lacks.
    expect(roleLabelFor(account('hr@acme.example', true, null), settings)).toBe('recruiter');
  });

  it('gives no school role to an account whose address changed to a school one, even verified', () => {
    expect(roleLabelFor(account('1234@school.example', true, 'x@example.com'), settings)).toBeUndefined();
    expect(roleLabelFor({ ...account('ms.k@school.example', true, '1234@school.example'), staffMember: true }, settings)).toBeUndefined();
    expect(roleLabelFor(account('principal@board.example', true, 'x@example.com'), settings)).toBeUndefined();
    expect(roleLabelFor(account('1234@school.example', true, null), settings)).toBeUndefined();
  });

  it('tells a school address from others', () => {
    expect(isSchoolAddress('1234@school.example', settings)).toBe(true);
    expect(isSchoolAddress('principal@board.example', settings)).toBe(true);
    expect(isSchoolAddress('hr@acme.example', settings)).toBe(false);
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
