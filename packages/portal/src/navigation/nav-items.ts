import type { Role } from '@opportunity-kit/sdk';

export interface NavItem {
  label: string;
  to: string;
  /** Shown as a button (Post Opportunity), not as a link among the others. */
  primary?: boolean;
}

/**
 * The top navigation by role: Home, Blog, Network and Profile for every member;
 * Applications and Post Opportunity for the roles that post (teachers and recruiters); a student
 * gets My applications instead (issue 7). An account whose role has not arrived yet gets only the
 * common items, never the ones of a role it may not have.
 */
export function navItems(role: Role | undefined): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', to: '/landing' },
    { label: 'Blog', to: '/blog' },
    { label: 'Network', to: '/network' },
    { label: 'Profile', to: '/profile' },
  ];
  if (role === 'student') items.push({ label: 'My applications', to: '/my-applications' });
  if (role === 'teacher' || role === 'recruiter') {
    items.push({ label: 'Applications', to: '/application-manager' }, { label: 'Post Opportunity', to: '/post-job', primary: true });
  }
  return items;
}
