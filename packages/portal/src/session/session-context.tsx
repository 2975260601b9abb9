import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CurrentUser, PortalClient } from '@opportunity-kit/sdk';
import { forgetListings } from '../app/app-shell.ts';
import { checkSession, ROLE_SETTLE_DELAYS_MS } from './session-check.ts';

/** The signed-in member as the pages see it, and the ways to change it. */
export interface Session {
  user: CurrentUser | null;
  /** True while the portal waits for a new account's (or a just-verified one's) role label. */
  settling: boolean;
  /** True once in this visit for an account created here: its verification link goes out by itself. */
  newAccount: boolean;
  /** True after Sign Out in this tab: the signed-in pages then lead to /signin, not /welcome. */
  signedOutHere: boolean;
  /** After a sign-in, sign-up, federated sign-in or verification. */
  signedIn(user: CurrentUser, options?: { newAccount?: boolean }): void;
  /** Ends the session on the server and here. */
  signOut(): Promise<void>;
  /** Asks the server again (the role may have arrived). */
  refresh(): Promise<CurrentUser | null>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Holds the session. Renders nothing until the session check has finished, so no
 * page ever flashes the wrong state.
 */
export function SessionProvider({ client, children }: { client: PortalClient; children: ReactNode }) {
  const [checked, setChecked] = useState(false);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [settling, setSettling] = useState(false);
  const [newAccount, setNewAccount] = useState(false);
  const [signedOutHere, setSignedOutHere] = useState(false);
  // Bumped on every sign-in, so the role poll starts over for the account now signed in.
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    void checkSession(client.auth).then((found) => {
      if (!live) return;
      setUser(found);
      // A page opened right after verifying (in this tab or another) finds the account without its role
      // label yet: it waits for the label as a sign-in does, rather than taking a student for a staff
      // address that no school has added.
      setSettling(found !== null && found.role === undefined);
      setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [client]);

  const refresh = useCallback(async () => {
    const current = await client.auth.currentUser();
    setUser(current);
    return current;
  }, [client]);

  // A member without a role: ask again a few times (the label is on its way), and whenever the
  // page comes back into view (the link may have been opened in another tab).
  const roleless = user !== null && user.role === undefined;
  useEffect(() => {
    if (!roleless) {
      setSettling(false);
      return;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    let elapsed = 0;
    ROLE_SETTLE_DELAYS_MS.forEach((delay, index) => {
      elapsed += delay;
      timers.push(
        setTimeout(() => {
          void refresh()
            .catch(() => null)
            .finally(() => {
              if (index === ROLE_SETTLE_DELAYS_MS.length - 1) setSettling(false);
            });
        }, elapsed),
      );
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh().catch(() => null);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      timers.forEach(clearTimeout);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [roleless, refresh, round]);

  const signedIn = useCallback((next: CurrentUser, options: { newAccount?: boolean } = {}) => {
    setRound((count) => count + 1);
    setSignedOutHere(false);
    setUser(next);
    setNewAccount(options.newAccount ?? false);
    setSettling(next.role === undefined);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await client.auth.signOut();
    } finally {
      forgetListings();
      setSignedOutHere(true);
      setUser(null);
      setNewAccount(false);
      setSettling(false);
    }
  }, [client]);

  const value = useMemo<Session>(
    () => ({ user, settling, newAccount, signedOutHere, signedIn, signOut, refresh }),
    [user, settling, newAccount, signedOutHere, signedIn, signOut, refresh],
  );
  if (!checked) return null;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it.');
  return session;
}

/** The signed-in member; only for pages under the signed-in routes. */
export function useMember(): CurrentUser {
  const { user } = useSession();
  if (!user) throw new Error('useMember() is for signed-in routes only.');
  return user;
}
