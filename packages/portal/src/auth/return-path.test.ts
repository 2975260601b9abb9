import { describe, expect, it } from 'vitest';
import { federatedFailureMessage, formFailure } from './form-failure.ts';
import { returnPath } from './return-path.ts';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

describe('returnPath', () => {
  it('accepts paths of this app and falls back to the home screen for anything else', () => {
    expect(returnPath('/job/abc')).toBe('/job/abc');
    expect(returnPath('/job/abc?x=1')).toBe('/job/abc?x=1');
    expect(returnPath(undefined)).toBe('/landing');
    expect(returnPath('https://evil.example/')).toBe('/landing');
    expect(returnPath('//evil.example/')).toBe('/landing');
    expect(returnPath('/\\evil.example')).toBe('/landing');
  });
});

describe('form failures', () => {
  it('puts field messages beside their fields without repeating one on top', () => {
    const mismatch = new PortalError('invalid-input', MESSAGES.passwordsDoNotMatch, { fields: { confirmPassword: MESSAGES.passwordsDoNotMatch } });
    expect(formFailure(mismatch)).toEqual({ fields: { confirmPassword: MESSAGES.passwordsDoNotMatch }, message: '' });
    expect(formFailure(new PortalError('invalid-credentials', 'Invalid credentials.'))).toEqual({ fields: {}, message: 'Invalid credentials.' });
    expect(formFailure(new Error('boom')).message).toBe(MESSAGES.genericError);
  });

  it("reads the provider's own message from a federated sign-in's failure URL", () => {
    const search = new URLSearchParams({ error: JSON.stringify({ message: 'The user is blocked.', type: 'user_blocked', code: 401 }) });
    expect(federatedFailureMessage(search)).toBe('The user is blocked.');
    expect(federatedFailureMessage(new URLSearchParams())).toBe('');
    expect(federatedFailureMessage(new URLSearchParams({ error: 'not json' }))).toBe(MESSAGES.genericError);
  });
});
