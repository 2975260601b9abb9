import { useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { CurrentUser } from '@opportunity-kit/sdk';
import { fromState } from '../auth/return-path.ts';
import { useSession } from '../session/session-context.tsx';
import { navItems, type NavItem } from './nav-items.ts';
import { NavNotifications } from './nav-notifications.tsx';
import { NavSearch } from './nav-search.tsx';
import { useNavDisclosure, useNavMenu } from './use-nav-menu.ts';
import { useWorkCounts } from './use-work-counts.ts';
import './top-nav.css';

/**
 * The top navigation: the logo to /landing, then for a member the global search, the items of their
 * role and Sign Out (to /signin). On a wide screen everything shows; on a narrow one a Menu button
 * opens it all below the bar.
 */
export function TopNav() {
  const { user } = useSession();
  const menu = useNavMenu();
  const menuId = useId();
  // A visitor sent to /welcome from a signed-in page keeps that page as the place to return to.
  const from = fromState(useLocation().state);
  const returnState = from ? { from } : undefined;

  return (
    <header className="portal-header">
      <nav className="portal-nav" aria-label="Main" ref={menu.areaRef} data-menu={menu.open ? 'open' : 'closed'}>
        <Link className="portal-nav__logo" to={user ? '/landing' : '/welcome'}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Opportunity Kit</span>
        </Link>
        {user ? (
          <>
            {user.role || user.boardAdmin ? <NavNotifications role={user.role ?? 'teacher'} /> : null}
            <button type="button" className="portal-nav__toggle" ref={menu.buttonRef} aria-expanded={menu.open} aria-controls={menuId} onClick={menu.toggle}>
              <span className="portal-nav__toggle-icon" aria-hidden="true" />
              Menu
            </button>
            <div className="portal-nav__menu" id={menuId}>
              <NavSearch />
              <MemberItems user={user} />
            </div>
          </>
        ) : (
          <ul className="portal-nav__guest">
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

/** The member's pages, the current one marked (`aria-current="page"`), then Post Opportunity and Sign Out. */
function MemberItems({ user }: { user: CurrentUser }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const looksAfterOthers = user.role === 'teacher' || user.role === 'recruiter' || user.boardAdmin === true;
  const counts = useWorkCounts(looksAfterOthers);
  const items = navItems(user.role, { boardAdmin: user.boardAdmin === true, counts });
  const tools = items.filter((item) => item.schoolTool);

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
    <>
      <ul className="portal-nav__items">
        {items
          .filter((item) => !item.primary && !item.schoolTool)
          .map((item) => (
            <li key={item.to}>
              <ItemLink item={item} />
            </li>
          ))}
        {tools.length ? <SchoolTools tools={tools} /> : null}
      </ul>
      <ul className="portal-nav__actions">
        {items
          .filter((item) => item.primary)
          .map((item) => (
            <li key={item.to}>
              <NavLink className="portal-button portal-button--primary portal-nav__cta" to={item.to}>
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
    </>
  );
}

/** A page of the navigation, with the work waiting there. */
function ItemLink({ item }: { item: NavItem }) {
  return (
    <>
      <NavLink className="portal-nav__link" to={item.to} end={item.exact ?? false} aria-describedby={item.count ? countId(item) : undefined}>
        {item.label}
        {item.count ? <WorkCount count={item.count} /> : null}
      </NavLink>
      {/* The count is the link's description, so its name stays "Approvals" while it reads "3 waiting". */}
      {item.count ? (
        <span id={countId(item)} hidden>
          {item.count} waiting
        </span>
      ) : null}
    </>
  );
}

function WorkCount({ count }: { count: number }) {
  return (
    <span className="portal-nav__count" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * The school's tools. On a wide screen one "School tools" button opens them as a menu, with the sum
 * of their waiting work beside it, so a teacher's pages fit one row (issue 25); in the phone menu
 * they are listed like the other pages and the button is not shown.
 */
function SchoolTools({ tools }: { tools: readonly NavItem[] }) {
  const group = useNavDisclosure<HTMLLIElement>();
  const listId = useId();
  const waiting = tools.reduce((sum, tool) => sum + (tool.count ?? 0), 0);
  const { pathname } = useLocation();
  const current = tools.some((tool) => pathname === tool.to || pathname.startsWith(`${tool.to}/`));
  return (
    <li className="portal-nav__group" ref={group.areaRef} data-open={group.open ? 'true' : 'false'}>
      <button
        type="button"
        className="portal-nav__link portal-nav__group-toggle"
        ref={group.buttonRef}
        aria-expanded={group.open}
        aria-controls={listId}
        data-current={current ? 'true' : undefined}
        aria-describedby={waiting ? `${listId}-waiting` : undefined}
        onClick={group.toggle}
      >
        School tools
        {waiting ? <WorkCount count={waiting} /> : null}
        <span className="portal-nav__group-caret" aria-hidden="true" />
      </button>
      {waiting ? (
        <span id={`${listId}-waiting`} hidden>
          {waiting} waiting
        </span>
      ) : null}
      <ul className="portal-nav__group-list" id={listId}>
        {tools.map((tool) => (
          <li key={tool.to}>
            <ItemLink item={tool} />
          </li>
        ))}
      </ul>
    </li>
  );
}

const countId = (item: NavItem): string => `nav-count${item.to.replace(/\W+/g, '-')}`;
