import type { Page } from './pagination.ts';
import type { FeedPost, PostChange } from './posts.ts';

/**
 * The feed after a live change: a new post goes on top, a changed one keeps its place (and the
 * caller's like), a deleted one leaves. `total` follows creates and deletes. Its own module, free of
 * the web SDK, for the feed widget that keeps a page fresh.
 * @public
 */
export function applyPostChange(page: Page<FeedPost>, change: PostChange): Page<FeedPost> {
  const index = page.items.findIndex((post) => post.id === change.post.id);
  const items = [...page.items];
  let total = page.total;
  if (change.action === 'delete') {
    if (index >= 0) {
      items.splice(index, 1);
      total -= 1;
    }
  } else if (index >= 0) {
    items[index] = { ...change.post, likedByMe: (items[index] as FeedPost).likedByMe };
  } else if (change.action === 'create') {
    items.unshift({ ...change.post, likedByMe: false });
    total += 1;
  }
  return { items, total: Math.max(0, total), nextCursor: page.nextCursor };
}
