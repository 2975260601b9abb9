import { SESSION_KEYS } from '@opportunity-kit/sdk';

/**
 * The first HTML of /welcome carries a static copy of the page's top (build/prerender-welcome.ts), so a
 * visitor on a slow phone reads the headline before the app's JavaScript has arrived. The app takes
 * over by removing that copy in the same frame in which it renders the real page.
 */
export const WELCOME_SHELL_ID = 'portal-welcome-shell';

export function removeWelcomeShell(): void {
  document.getElementById(WELCOME_SHELL_ID)?.remove();
}

/** The local-storage key of the signed-in flag: a browser holding it skips the copy. */
export const SIGNED_IN_FLAG_KEY = SESSION_KEYS.isAuthenticated;
