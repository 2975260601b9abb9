import { Navigate, Outlet, useLocation } from 'react-router';
import { fromState, returnPath } from '../auth/return-path.ts';
import { homePath } from '../session/session-check.ts';
import { useSession } from '../session/session-context.tsx';

/**
 * Signed-in routes: a visitor who is not signed in goes to /welcome; right after
 * Sign Out, to /signin, where Sign Out leads.
 */
export function RequireMember() {
  const { user, signedOutHere } = useSession();
  const location = useLocation();
  if (!user && signedOutHere) return <Navigate to="/signin" replace />;
  // The page asked for travels along, so signing in can come back to it.
  if (!user) return <Navigate to="/welcome" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}

/**
 * Sign-in and sign-up: a member who is signed in (already, or just now by the form) goes on to the
 * page they first asked for, or home.
 */
export function GuestOnly() {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Navigate to={returnPath(fromState(location.state))} replace />;
  return <Outlet />;
}

/** `/`: the home screen when signed in, else the welcome page. */
export function HomeRedirect() {
  const { user } = useSession();
  return <Navigate to={homePath(user !== null)} replace />;
}
