import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows } from '../portal/alert-rows.ts';
import { feedRowPermissions, hiddenFeedRowPermissions } from '../portal/permissions.ts';
import type { CommentRow, PostLikeRow, PostRow } from '../portal/rows.ts';
import { sharePostImages } from '../commands/posts.ts';

/**
 * Issue 23, migration of the feed: a post written before schools has no `schoolId` and is read by
 * every member. The board migration moves each such post of a school member into the author's school
 * (`schoolId` set, and the post, its comments, likes and images read by that school's members, or
 * once hidden by its author and that school's staff). Setting what the post asks for, it is safe to run again. Answers how many posts moved.
 */
export async function moveOldPostsToSchool(api: ServerApi, authorId: string, schoolId: string): Promise<number> {
  const posts = await allRows<PostRow>(api, TABLES.posts, [Query.equal('authorId', authorId), Query.isNull('schoolId')]);
  for (const old of posts) {
    const post = await api.tables.updateRow<PostRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.posts,
      rowId: old.$id,
      data: { schoolId },
      permissions: feedRowPermissions({ ...old, schoolId }),
    });
    await shareWithPostReaders(api, post);
  }
  return posts.length;
}

/** A post's comments and likes get its readers (a comment a teacher hid itself, its author and the post's moderators), then its images. */
async function shareWithPostReaders(api: ServerApi, post: PostRow): Promise<void> {
  const ofPost = [Query.equal('postId', post.$id)];
  const [comments, likes] = await Promise.all([allRows<CommentRow>(api, TABLES.comments, ofPost), allRows<PostLikeRow>(api, TABLES.postLikes, ofPost)]);
  const commentReaders = (comment: CommentRow) =>
    comment.hiddenReason && !post.hiddenReason ? hiddenFeedRowPermissions({ authorId: comment.authorId, schoolId: post.schoolId }) : feedRowPermissions(post);
  const writes = [
    ...comments.map((comment) => ({ tableId: TABLES.comments, rowId: comment.$id, permissions: commentReaders(comment) })),
    ...likes.map((like) => ({ tableId: TABLES.postLikes, rowId: like.$id, permissions: feedRowPermissions(post) })),
  ];
  for (const write of writes) await api.tables.updateRow({ databaseId: DATABASE_ID, ...write, data: {} });
  await sharePostImages(api, post);
}
