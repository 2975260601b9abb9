import { SESSION_KEYS } from '@opportunity-kit/sdk';

/**
 * For a signed-in member, index.html paints a static copy of the top of /landing or a listing (its
 * navigation bar and heading) before the app's JavaScript arrives (build/app-shell.ts writes the
 * script). The app removes the copy in the frame in which its first page is on screen.
 */
export const APP_SHELL_ID = 'portal-app-shell';

/** The local-storage keys the copy reads: the session flag and the stored member. */
export const SESSION_FLAG_KEYS = SESSION_KEYS;

export function removeAppShell(): void {
  document.getElementById(APP_SHELL_ID)?.remove();
}
