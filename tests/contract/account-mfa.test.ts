import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, AuthenticationFactor, AuthenticatorType } from 'appwrite';
import { startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser } from '../support/browser.ts';
import { totp } from '../support/totp.ts';

// Multi-factor authentication as Appwrite 1.9 does it (issue 22): staff who read minors' data are
// asked to use a TOTP authenticator, with recovery codes as the fallback.
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function expectError(promise: Promise<unknown>, code: number, type: string): Promise<void> {
  const outcome = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome).toBeInstanceOf(AppwriteException);
  const error = outcome as AppwriteException;
  expect({ code: error.code, type: error.type }).toEqual({ code, type });
}

/**
 * Appwrite's factor name is `recoveryCode`; the web SDK's enum says `recoverycode`, which Appwrite
 * accepts (case-insensitive) but whose challenge it never completes, so apps pass the exact name.
 */
const RECOVERY_CODE = 'recoveryCode' as AuthenticationFactor;

function address(label: string): string {
  return `${label}.${uniqueSuffix()}@example.com`;
}

describe('MFA', () => {
  it('enrols a TOTP authenticator, then a new password session needs a challenge before anything else', async () => {
    const browser = await signedInBrowser(backend, { email: address('mfa.totp') });
    expect((await browser.account.listMFAFactors()).totp).toBe(false);
    const { secret, uri } = await browser.account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const wrong = totp(secret) === '000000' ? '111111' : '000000';
    await expectError(browser.account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: wrong }), 401, 'user_invalid_token');
    await browser.account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: totp(secret) });
    expect((await browser.account.listMFAFactors()).totp).toBe(true);
    await expectError(browser.account.createMFAAuthenticator({ type: AuthenticatorType.Totp }), 409, 'user_authenticator_already_verified');
    expect((await browser.account.updateMFA({ mfa: true })).mfa).toBe(true);

    const laptop = openBrowser(backend);
    const session = await laptop.account.createEmailPasswordSession({ email: browser.email, password: browser.password });
    expect(session.factors).toEqual(['password']);
    await expectError(laptop.account.get(), 401, 'user_more_factors_required');
    await expectError(laptop.account.listSessions(), 401, 'user_more_factors_required');
    const challenge = await laptop.account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    await expectError(laptop.account.updateMFAChallenge({ challengeId: challenge.$id, otp: wrong }), 401, 'user_invalid_token');
    const completed = await laptop.account.updateMFAChallenge({ challengeId: challenge.$id, otp: totp(secret) });
    expect(completed.factors).toEqual(['password', 'totp']);
    expect(completed.mfaUpdatedAt).not.toBe('');
    expect((await laptop.account.get()).$id).toBe(browser.userId);
  });

  it('uses a recovery code once, and asks for a recent challenge before recovery codes or authenticators change', async () => {
    const browser = await signedInBrowser(backend, { email: address('mfa.codes') });
    const { recoveryCodes } = await browser.account.createMFARecoveryCodes();
    expect(recoveryCodes).toHaveLength(6);
    await expectError(browser.account.createMFARecoveryCodes(), 409, 'user_recovery_codes_already_exists');
    await expectError(browser.account.updateMFARecoveryCodes(), 401, 'user_challenge_required');

    const first = await browser.account.createMFAChallenge({ factor: RECOVERY_CODE });
    await browser.account.updateMFAChallenge({ challengeId: first.$id, otp: recoveryCodes[0] ?? '' });
    const second = await browser.account.createMFAChallenge({ factor: RECOVERY_CODE });
    await expectError(browser.account.updateMFAChallenge({ challengeId: second.$id, otp: recoveryCodes[0] ?? '' }), 401, 'user_invalid_token');

    const renewed = await browser.account.updateMFARecoveryCodes();
    expect(renewed.recoveryCodes).not.toEqual(recoveryCodes);
    await expectError(browser.account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp }), 404, 'user_authenticator_not_found');
  });
});
