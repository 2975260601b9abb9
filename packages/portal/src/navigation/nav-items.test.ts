import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items.ts';

const labels = (role: Parameters<typeof navItems>[0]) => navItems(role).map((item) => item.label);
const COMMON = ['Home', 'Jobs', 'Gigs', 'Enrichment', 'Volunteering', 'Blog', 'Network', 'Profile'];

describe('navItems', () => {
  it('gives students the common items, their own applications, their saved postings (issue 17) and their hours (issue 16), but no Applications or Post Opportunity', () => {
    expect(labels('student')).toEqual([...COMMON, 'My applications', 'Saved', 'Hours']);
  });

  it('gives teachers and recruiters Applications and the Post Opportunity button', () => {
    for (const role of ['teacher', 'recruiter'] as const) {
      expect(labels(role).slice(0, COMMON.length + 2)).toEqual([...COMMON, 'Applications', 'Post Opportunity']);
      expect(navItems(role).find((item) => item.primary)?.to).toBe('/post-job');
    }
  });

  it('gives only teachers the hours review (issue 16)', () => {
    expect(navItems('teacher').find((item) => item.label === 'Hours review')?.to).toBe('/hours/review');
    expect(labels('recruiter')).not.toContain('Hours review');
    expect(labels('student')).not.toContain('Hours review');
  });

  it('gives only teachers the roster import (issue 15)', () => {
    expect(navItems('teacher').find((item) => item.label === 'Roster')?.to).toBe('/roster');
    expect(labels('recruiter')).not.toContain('Roster');
    expect(labels('student')).not.toContain('Roster');
  });

  it('gives only teachers the moderation queue (issue 15)', () => {
    expect(navItems('teacher').find((item) => item.label === 'Moderation')?.to).toBe('/moderation');
    expect(labels('recruiter')).not.toContain('Moderation');
    expect(labels('student')).not.toContain('Moderation');
  });

  it('gives only teachers the employer approvals (issue 15)', () => {
    expect(navItems('teacher').find((item) => item.label === 'Approvals')?.to).toBe('/approvals');
    expect(labels('recruiter')).not.toContain('Approvals');
    expect(labels('student')).not.toContain('Approvals');
  });

  it("gives only teachers (a school's staff) the School page, and only the board's administrators the Board page (issue 23)", () => {
    expect(navItems('teacher').find((item) => item.label === 'School')?.to).toBe('/school');
    expect(labels('recruiter')).not.toContain('School');
    expect(labels('student')).not.toContain('School');
    expect(navItems(undefined, { boardAdmin: true }).find((item) => item.label === 'Board')?.to).toBe('/board');
    expect(labels('teacher')).not.toContain('Board');
    // The board's administrators decide employers for every school: Approvals is theirs too.
    expect(navItems(undefined, { boardAdmin: true }).map((item) => item.label)).toEqual([...COMMON, 'Approvals', 'Board']);
    expect(labels('teacher').filter((label) => label === 'Approvals')).toHaveLength(1);
    expect(navItems('teacher', { boardAdmin: true }).filter((item) => item.label === 'Approvals')).toHaveLength(1);
  });

  it("marks the school's tools, so a wide screen groups them in one menu (issue 25)", () => {
    const tools = (role: Parameters<typeof navItems>[0], boardAdmin = false) =>
      navItems(role, { boardAdmin }).flatMap((item) => (item.schoolTool ? [item.label] : []));
    expect(tools('teacher')).toEqual(['Hours review', 'Roster', 'Moderation', 'Approvals', 'School']);
    expect(tools(undefined, true)).toEqual(['Approvals', 'Board']);
    expect(tools('student')).toEqual([]);
    expect(tools('recruiter')).toEqual([]);
  });

  it('puts the waiting work on the items that hold it, and no count where nothing waits', () => {
    const counts = { approvals: 2, hoursToReview: 0, reports: 3, applications: 5 };
    const shown = (role: 'teacher' | 'recruiter') =>
      Object.fromEntries(navItems(role, { counts }).flatMap((item) => (item.count === undefined ? [] : [[item.label, item.count]])));
    expect(shown('teacher')).toEqual({ Applications: 5, Moderation: 3, Approvals: 2 });
    expect(shown('recruiter')).toEqual({ Applications: 5 });
    expect(navItems('teacher').some((item) => item.count !== undefined)).toBe(false);
  });

  it('gives an account without a role yet only the common items', () => {
    expect(labels(undefined)).toEqual(COMMON);
  });

  it("leads to the spec's four listing routes, each current only on the listing itself", () => {
    const listings = navItems('student').filter((item) => item.exact);
    expect(listings.map((item) => item.to)).toEqual(['/job', '/gigs', '/enrichment', '/volunteer']);
  });
});
