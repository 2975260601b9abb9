import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { fromState } from '../auth/return-path.ts';
import { useSession } from '../session/session-context.tsx';
import { navItems } from './nav-items.ts';
import './top-nav.css';

/** The top navigation: the logo to /landing, the items of the member's role, and Sign Out to /signin. */
export function TopNav() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // A visitor sent to /welcome from a signed-in page keeps that page as the place to return to.
  const from = fromState(useLocation().state);
  const returnState = from ? { from } : undefined;

  const leave = async () => {
    setLeaving(true);
    try {
      await signOut();
    } catch {
      // The server could not be told; the local session is cleared all the same.
    }
    setLeaving(false);
    navigate('/signin', { replace: true });
  };

  return (
    <header className="portal-header">
      <nav className="portal-nav" aria-label="Main">
        <Link className="portal-nav__logo" to={user ? '/landing' : '/welcome'}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Opportunity Kit</span>
        </Link>
        {user ? (
          <ul className="portal-nav__items">
            {navItems(user.role).map((item) => (
              <li key={item.to}>
                <NavLink className={item.primary ? 'portal-button portal-button--primary portal-nav__cta' : 'portal-nav__link'} to={item.to}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" className="portal-nav__link portal-nav__signout" onClick={() => void leave()} disabled={leaving}>
                Sign Out
              </button>
            </li>
          </ul>
        ) : (
          <ul className="portal-nav__items">
            <li>
              <NavLink className="portal-nav__link" to="/signin" state={returnState}>
                Sign In
              </NavLink>
            </li>
            <li>
              <NavLink className="portal-button portal-button--primary portal-nav__cta" to="/signup" state={returnState}>
                Sign Up
              </NavLink>
            </li>
          </ul>
        )}
      </nav>
    </header>
  );
}
