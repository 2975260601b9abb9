import { DATABASE_ID, TABLES, type LikeState } from '@opportunity-kit/sdk/domain';
import { ID, Query } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';
import { requireMember } from '../platform/caller.ts';
import { notFound } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { feedRowPermissions } from '../portal/permissions.ts';
import type { PostLikeRow, PostRow } from '../portal/rows.ts';
import { writeTogether, type RowWrite } from '../portal/atomic-writes.ts';
import { followHiddenPost, openPost, postCounts, storedPost } from './posts.ts';

/** Rounds of "look, then create or delete" before answering the state as it stands. */
const ATTEMPTS = 5;

/**
 * POST /posts/{id}/like — likes the post for the caller, or takes the like back if there is one.
 *
 * A like is a `post_likes` row, unique per (postId, userId), created or deleted in one transaction
 * with the post's `likeCount` (+1 or -1), so the count always equals the like rows, whatever
 * fails or crashes in between. When two toggles of the same user race, the unique index lets only
 * one commit create, and only one commit can delete the row; a toggle that lost its race looks again
 * and toggles what it now sees. A like is read by whoever reads its post (its school's members). A
 * post the member cannot read is "Post not found"; a hidden post takes no likes.
 */
export const toggleLike: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const post = await openPost(api, member, params.id as string);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const like = await findLike(api, post.$id, member.id);
    const toggled = like ? await unlike(api, post.$id, like.$id) : await addLike(api, post, member.id);
    if (toggled) return { postId: post.$id, liked: !like, likeCount: (await postCounts(api, post.$id)).likeCount } satisfies LikeState;
  }
  const [like, latest] = await Promise.all([findLike(api, post.$id, member.id), storedPost(api, post.$id)]);
  if (!latest) throw notFound('Post not found');
  return { postId: post.$id, liked: like !== undefined, likeCount: Number(latest.likeCount) } satisfies LikeState;
};

async function findLike(api: ServerApi, postId: string, userId: string): Promise<PostLikeRow | undefined> {
  const found = await api.tables.listRows<PostLikeRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.postLikes,
    queries: [Query.equal('postId', postId), Query.equal('userId', userId), Query.limit(1)],
    total: false,
  });
  return found.rows[0];
}

/**
 * True when this request created the like (and counted it); false when a simultaneous one already
 * had. A post deleted meanwhile answers "Post not found".
 */
async function addLike(api: ServerApi, post: PostRow, userId: string): Promise<boolean> {
  const rowId = ID.unique();
  const added = await toggledBy(api, [
    { action: 'create', tableId: TABLES.postLikes, rowId, data: { postId: post.$id, userId }, permissions: feedRowPermissions(post) },
    { action: 'increment', tableId: TABLES.posts, rowId: post.$id, column: 'likeCount' },
  ]);
  if (added) await followHiddenPost(api, post.$id, TABLES.postLikes, rowId);
  return added;
}

/** True when this request deleted the like (and uncounted it); false when a simultaneous one already had. */
async function unlike(api: ServerApi, postId: string, likeId: string): Promise<boolean> {
  return toggledBy(api, [
    { action: 'delete', tableId: TABLES.postLikes, rowId: likeId },
    { action: 'decrement', tableId: TABLES.posts, rowId: postId, column: 'likeCount' },
  ]);
}

async function toggledBy(api: ServerApi, writes: RowWrite[]): Promise<boolean> {
  try {
    await writeTogether(api, writes);
    return true;
  } catch (thrown) {
    // A like created or deleted by a simultaneous toggle (409, 404), or the post deleted meanwhile
    // (404, found out on the next look).
    if (hasStatus(thrown, 409) || hasStatus(thrown, 404)) return false;
    throw thrown;
  }
}
