import { describe, expect, it } from 'vitest';
import type { Job } from '../domain/entities.ts';
import { aJob, aPost } from '../testing/builders.ts';
import { applyJobChange } from './job-listing.ts';
import { actionOf } from './live.ts';
import type { Page } from './pagination.ts';
import { applyPostChange } from './post-changes.ts';
import type { FeedPost } from './posts.ts';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000+00:00`;
const ids = (page: Page<{ id: string }>) => page.items.map((item) => item.id);

describe('applyJobChange keeps the shown listing page fresh', () => {
  const first = aJob({ id: 'j3', createdAt: at(3) });
  const second = aJob({ id: 'j2', createdAt: at(2) });
  const page: Page<Job> = { items: [first, second], total: 5, nextCursor: 'j2' };

  it('puts a new matching posting in its place (newest first) and counts it', () => {
    const next = applyJobChange(page, { action: 'create', job: aJob({ id: 'j9', createdAt: at(9) }), matches: true }, {});
    expect(ids(next)).toEqual(['j9', 'j3', 'j2']);
    expect(next.total).toBe(6);
    expect(next.nextCursor).toBe('j2');
  });

  it('ignores a new posting that does not match the filter', () => {
    expect(applyJobChange(page, { action: 'create', job: aJob({ id: 'j9', createdAt: at(9) }), matches: false }, {})).toEqual(page);
  });

  it('leaves a posting that sorts after the loaded rows for a later page, unless the last page is loaded', () => {
    const old = aJob({ id: 'j1', createdAt: at(1) });
    expect(ids(applyJobChange(page, { action: 'create', job: old, matches: true }, {}))).toEqual(['j3', 'j2']);
    const complete = { ...page, nextCursor: null };
    expect(ids(applyJobChange(complete, { action: 'create', job: old, matches: true }, {}))).toEqual(['j3', 'j2', 'j1']);
  });

  it('replaces a changed posting, re-sorting it by views when the listing sorts by views', () => {
    const viewed = { ...second, viewCount: 7 };
    const next = applyJobChange(page, { action: 'update', job: viewed, matches: true }, { sortByViews: true });
    expect(ids(next)).toEqual(['j2', 'j3']);
    expect(next.items[0]?.viewCount).toBe(7);
    expect(next.total).toBe(5);
  });

  it('removes a deleted posting, or one that no longer matches, and keeps the cursor on a loaded row', () => {
    const deleted = applyJobChange(page, { action: 'delete', job: second, matches: true }, {});
    expect(ids(deleted)).toEqual(['j3']);
    expect(deleted.total).toBe(4);
    expect(deleted.nextCursor).toBe('j3');
    const assigned = applyJobChange(page, { action: 'update', job: { ...first, assignedStudentId: 's1' }, matches: false }, {});
    expect(ids(assigned)).toEqual(['j2']);
    expect(assigned.total).toBe(4);
  });
});

describe('applyPostChange keeps the feed fresh', () => {
  const liked: FeedPost = { ...aPost({ id: 'p1', likeCount: 1 }), likedByMe: true };
  const page: Page<FeedPost> = { items: [liked], total: 1, nextCursor: null };

  it('puts a new post on top, not liked by the viewer', () => {
    const next = applyPostChange(page, { action: 'create', post: aPost({ id: 'p2' }) });
    expect(next.items.map((post) => [post.id, post.likedByMe])).toEqual([
      ['p2', false],
      ['p1', true],
    ]);
    expect(next.total).toBe(2);
  });

  it("updates counts in place and keeps the viewer's like", () => {
    const next = applyPostChange(page, { action: 'update', post: aPost({ id: 'p1', likeCount: 2, commentCount: 3 }) });
    expect(next.items[0]).toMatchObject({ id: 'p1', likeCount: 2, commentCount: 3, likedByMe: true });
  });

  it('removes a deleted post', () => {
    expect(applyPostChange(page, { action: 'delete', post: liked })).toEqual({ items: [], total: 0, nextCursor: null });
  });
});

describe('actionOf', () => {
  it('reads the action from the realtime event names', () => {
    expect(actionOf(['tablesdb.portal.tables.jobs.rows.r1.create', 'tablesdb.*.tables.*.rows.*.create'])).toBe('create');
    expect(actionOf(['databases.portal.tables.posts.rows.r1.update'])).toBe('update');
    expect(actionOf(['tablesdb.portal.tables.posts.rows.r1.upsert'])).toBe('update');
    expect(actionOf(['tablesdb.portal.tables.posts.rows.r1.delete'])).toBe('delete');
    expect(actionOf(['users.u1.sessions.s1'])).toBeUndefined();
  });
});
