import { BUCKETS, canDeletePost, TABLES, type Removed } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';
import { requireMember } from '../platform/caller.ts';
import { notAllowed, notFound } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { deleteFileIfPresent } from '../portal/owned-files.ts';
import { writeTogether } from '../portal/atomic-writes.ts';
import { readablePost } from './posts.ts';

/** Commits refused because a comment or like arrived (or the count moved) between staging and commit, before giving up. */
const ATTEMPTS = 5;

/**
 * DELETE /posts/{id} — the author deletes a post with its comments and likes, in one transaction
 * (so no comment or like outlives its post, whatever fails or crashes), then its images. A comment
 * or like that arrives meanwhile either lands before the commit and goes with the post (the commit
 * is refused as a conflict and tried again), or finds no post to count it. A post the member cannot
 * read (a hidden one, to all but its author and teachers) is "Post not found".
 */
export const deletePost: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const post = await readablePost(api, member, params.id as string);
  if (!canDeletePost(member, post)) throw notAllowed('Only the author of this post can delete it.');
  const ofPost = [Query.equal('postId', post.$id)];
  for (let attempt = 1; ; attempt++) {
    try {
      await writeTogether(api, [
        { action: 'delete', tableId: TABLES.posts, rowId: post.$id },
        { action: 'bulkDelete', tableId: TABLES.comments, queries: ofPost },
        { action: 'bulkDelete', tableId: TABLES.postLikes, queries: ofPost },
      ]);
      break;
    } catch (thrown) {
      // Deleted by a simultaneous request of the author.
      if (hasStatus(thrown, 404)) throw notFound('Post not found');
      if (!hasStatus(thrown, 409) || attempt === ATTEMPTS) throw thrown;
    }
  }
  await Promise.all(post.imageFileIds.map((fileId) => deleteFileIfPresent(api.storage, BUCKETS.postImages, fileId)));
  return { id: post.$id } satisfies Removed;
};
