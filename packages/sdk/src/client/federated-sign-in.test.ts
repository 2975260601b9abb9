import { Account, Client, OAuthProvider } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { startFederatedSignIn } from './federated-sign-in.ts';

describe('startFederatedSignIn', () => {
  it("answers the web SDK's own address for the provider outside a browser", () => {
    const input = { provider: 'google', success: 'http://app.example/auth/done?x=1&y=2', failure: 'http://app.example/auth/failed' } as const;
    const account = new Account(new Client().setEndpoint('https://portal.example/v1').setProject('opportunity-kit'));
    const expected = account.createOAuth2Token({ provider: OAuthProvider.Google, success: input.success, failure: input.failure });
    expect(typeof expected).toBe('string');
    expect(startFederatedSignIn('https://portal.example/v1', 'opportunity-kit', input)).toBe(expected);
  });
});
