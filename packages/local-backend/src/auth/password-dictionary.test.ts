import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './password-dictionary.ts';

describe('isCommonPassword', () => {
  it('finds the most common passwords, whatever their length', () => {
    for (const common of ['123456', 'password', '12345678', 'qwerty', 'iloveyou', 'sunshine', 'password1', 'trustno1']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
  });

  it('matches exactly, as Appwrite does: other cases, spaces and longer phrases pass', () => {
    expect(isCommonPassword('Password')).toBe(false);
    expect(isCommonPassword(' password')).toBe(false);
    expect(isCommonPassword('correct horse battery')).toBe(false);
    expect(isCommonPassword('demo-recruiter-pass')).toBe(false);
  });

  it('keeps to the 10,000 most common: rarer entries of the source list pass', () => {
    // Far down zxcvbn's list (about the 40,000th), so outside a 10,000-word dictionary like Appwrite's.
    expect(isCommonPassword('123456789zz')).toBe(false);
  });
});
