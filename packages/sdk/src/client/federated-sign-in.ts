import type { FederatedSignInInput } from './auth.ts';

/**
 * Starts a federated sign-in as the web SDK's `Account.createOAuth2Token` does: in a browser, sends it to
 * Appwrite's address for the provider; elsewhere, answers that address. Built here rather than by the
 * SDK, so the sign-in button works with none of the SDK loaded; a test keeps the address equal to the SDK's.
 */
export function startFederatedSignIn(endpoint: string, projectId: string, input: FederatedSignInInput): string | undefined {
  const url = new URL(`${endpoint}/account/tokens/oauth2/${encodeURIComponent(input.provider)}`);
  url.searchParams.append('success', input.success);
  url.searchParams.append('failure', input.failure);
  url.searchParams.append('project', projectId);
  if (typeof window !== 'undefined' && window.location) {
    window.location.href = url.toString();
    return undefined;
  }
  return url.toString();
}
