import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items.ts';

const labels = (role: Parameters<typeof navItems>[0]) => navItems(role).map((item) => item.label);

describe('navItems', () => {
  it('gives students the common items and their own applications, but no Applications or Post Opportunity', () => {
    expect(labels('student')).toEqual(['Home', 'Blog', 'Network', 'Profile', 'My applications']);
  });

  it('gives teachers and recruiters Applications and the Post Opportunity button', () => {
    for (const role of ['teacher', 'recruiter'] as const) {
      expect(labels(role)).toEqual(['Home', 'Blog', 'Network', 'Profile', 'Applications', 'Post Opportunity']);
      expect(navItems(role).find((item) => item.primary)?.to).toBe('/post-job');
    }
  });

  it('gives an account without a role yet only the common items', () => {
    expect(labels(undefined)).toEqual(['Home', 'Blog', 'Network', 'Profile']);
  });
});
