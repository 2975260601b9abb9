import type { PostingType, Role, WorkCounts } from '@opportunity-kit/sdk';
import { LISTING_ROUTES, POSTING_TYPES } from '@opportunity-kit/sdk/domain';

export interface NavItem {
  label: string;
  to: string;
  /** Shown as a button (Post Opportunity), not as a link among the others. */
  primary?: boolean;
  /** Current only on this very path: a listing is not current on a posting's page under it (`/job/{id}`). */
  exact?: boolean;
  /** How much work waits on this page (issue 24); shown as a badge when above zero. */
  count?: number;
  /**
   * One of the school's tools (hours review, roster, moderation, approvals, school, board): on a wide
   * screen they share one "School tools" menu, so a teacher's navigation stays one row (issue 25).
   */
  schoolTool?: boolean;
}

/** The listings by the names of the home screen's category cards. */
export const LISTING_LABELS: Readonly<Record<PostingType, string>> = {
  Job: 'Jobs',
  Gig: 'Gigs',
  Enrichment: 'Enrichment',
  Volunteering: 'Volunteering',
};

/** The four listings (spec: /job, /gigs, /enrichment, /volunteer), reachable from every page. */
export function listingItems(): NavItem[] {
  return POSTING_TYPES.map((type) => ({ label: LISTING_LABELS[type], to: LISTING_ROUTES[type], exact: true }));
}

/**
 * The top navigation by role: Home, the four listings, Blog, Network and Profile for every member;
 * Applications and Post Opportunity for the roles that post (teachers and recruiters); a student
 * gets My applications instead (issue 7). An account whose role has not arrived yet gets only the
 * common items, never the ones of a role it may not have. A school's staff get School (its
 * staff and requests to join, issue 23); the board's administrators get Board (its schools); these
 * are marked as school tools. The items that hold work carry its count (issue 24).
 */
export function navItems(role: Role | undefined, { boardAdmin = false, counts = null }: { boardAdmin?: boolean; counts?: WorkCounts | null } = {}): NavItem[] {
  const waiting = (count: number | undefined) => (count ? { count } : {});
  const items: NavItem[] = [
    { label: 'Home', to: '/landing' },
    ...listingItems(),
    { label: 'Blog', to: '/blog' },
    { label: 'Network', to: '/network' },
    { label: 'Profile', to: '/profile' },
  ];
  if (role === 'student') items.push({ label: 'My applications', to: '/my-applications' }, { label: 'Saved', to: '/saved' }, { label: 'Hours', to: '/hours' });
  if (role === 'teacher' || role === 'recruiter') {
    items.push(
      { label: 'Applications', to: '/application-manager', ...waiting(counts?.applications) },
      { label: 'Post Opportunity', to: '/post-job', primary: true },
    );
  }
  const tools: NavItem[] = [];
  if (role === 'teacher') tools.push({ label: 'Hours review', to: '/hours/review', ...waiting(counts?.hoursToReview) }, { label: 'Roster', to: '/roster' });
  if (role === 'teacher') tools.push({ label: 'Moderation', to: '/moderation', ...waiting(counts?.reports) });
  // The board's administrators decide employers for every school, staff or not.
  if (role === 'teacher' || boardAdmin) tools.push({ label: 'Approvals', to: '/approvals', ...waiting(counts?.approvals) });
  if (role === 'teacher') tools.push({ label: 'School', to: '/school' });
  if (boardAdmin) tools.push({ label: 'Board', to: '/board' });
  items.push(...tools.map((tool) => ({ ...tool, schoolTool: true })));
  return items;
}
