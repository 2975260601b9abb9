import type { AuthModule, CurrentUser } from '@opportunity-kit/sdk';

/**
 * The check the app makes before it renders anything. The local flag decides, as in the spec; when
 * it says "signed in", the server confirms the session and gives the current role,
 * so a flag left behind by a session that ended does not show signed-in pages that then fail. If the
 * server cannot be reached, the stored user stands (the spec's own behaviour).
 */
export async function checkSession(auth: Pick<AuthModule, 'storedSession' | 'currentUser'>): Promise<CurrentUser | null> {
  const stored = auth.storedSession();
  if (!stored.isAuthenticated) return null;
  try {
    return await auth.currentUser();
  } catch {
    return stored.currentUser;
  }
}

/** Where `/` leads: the home screen when the local flag says signed in, else the welcome page. */
export function homePath(signedIn: boolean): '/landing' | '/welcome' {
  return signedIn ? '/landing' : '/welcome';
}

/**
 * Delays between asks for the role after a sign-in: the `roles` function labels a new account
 * shortly after it is created or verified, on the server's own time.
 */
export const ROLE_SETTLE_DELAYS_MS: readonly number[] = [400, 800, 1600, 3200];

/**
 * True when the account's address is not verified yet: no role (student, teacher or recruiter)
 * comes before that, so every such account is asked to verify.
 */
export function needsVerification(user: CurrentUser | null): boolean {
  return user !== null && !user.emailVerified;
}
