import { ID, Query } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import type { PostLikeRow, PostRow } from '../portal/rows.ts';
import { DATABASE_ID, TABLES } from '../portal/schema.ts';
import { requireMember } from './caller.ts';
import { existingPost } from './posts.ts';
import type { Command } from './router.ts';

/** Rounds of "look, then create or delete" before answering the state as it stands. */
const ATTEMPTS = 5;

/**
 * POST /posts/{id}/like — likes the post for the caller, or takes the like back if there is one.
 *
 * A like is a `post_likes` row, unique per (postId, userId), and `likeCount` moves only after this
 * request's own create or delete succeeded: +1 for a row it created, -1 for a row it deleted. When
 * two toggles of the same user race, the unique index lets only one create, and only one delete
 * can find the row, so the count always ends equal to the number of like rows. A toggle that lost
 * its race looks again and toggles what it now sees.
 */
export const toggleLike: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const post = await existingPost(api, params.id as string);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const like = await findLike(api, post.$id, member.id);
    if (!like) {
      if (await createLike(api, post.$id, member.id)) return { postId: post.$id, liked: true, likeCount: await moveCount(api, post.$id, +1) };
    } else if (await deleteLike(api, like.$id)) {
      return { postId: post.$id, liked: false, likeCount: await moveCount(api, post.$id, -1) };
    }
  }
  const [like, latest] = await Promise.all([findLike(api, post.$id, member.id), existingPost(api, post.$id)]);
  return { postId: post.$id, liked: like !== undefined, likeCount: Number(latest.likeCount) };
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

/** True when this request created the like; false when a simultaneous one already had. */
async function createLike(api: ServerApi, postId: string, userId: string): Promise<boolean> {
  try {
    await api.tables.createRow<PostLikeRow>({ databaseId: DATABASE_ID, tableId: TABLES.postLikes, rowId: ID.unique(), data: { postId, userId }, permissions: [] });
    return true;
  } catch (thrown) {
    if (hasStatus(thrown, 409)) return false;
    throw thrown;
  }
}

/** True when this request deleted the like; false when a simultaneous one already had. */
async function deleteLike(api: ServerApi, likeId: string): Promise<boolean> {
  try {
    await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.postLikes, rowId: likeId });
    return true;
  } catch (thrown) {
    if (hasStatus(thrown, 404)) return false;
    throw thrown;
  }
}

/** Moves the post's like count atomically and answers the new value. */
async function moveCount(api: ServerApi, postId: string, by: 1 | -1): Promise<number> {
  const target = { databaseId: DATABASE_ID, tableId: TABLES.posts, rowId: postId, column: 'likeCount', value: 1 };
  const row = by > 0 ? await api.tables.incrementRowColumn<PostRow>(target) : await api.tables.decrementRowColumn<PostRow>(target);
  return Number(row.likeCount);
}
