import { canDeleteComment } from '@opportunity-kit/sdk/domain';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import type { CommentRow, PostRow } from '../portal/rows.ts';
import { DATABASE_ID, TABLES } from '../portal/schema.ts';
import { requireMember } from './caller.ts';
import { notAllowed, notFound } from './command-error.ts';
import type { Command } from './router.ts';

const commentNotFound = () => notFound('Comment not found');

/**
 * DELETE /comments/{id} — the author deletes their comment, and the post's `commentCount` drops by
 * one. Only the request whose row delete succeeded moves the count, so two simultaneous deletes of
 * the same comment count it once; the decrement is atomic and stops at 0.
 */
export const deleteComment: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const target = { databaseId: DATABASE_ID, tableId: TABLES.comments, rowId: params.id as string };
  const comment = await orUndefined(api.tables.getRow<CommentRow>(target));
  if (!comment) throw commentNotFound();
  if (!canDeleteComment(member, comment)) throw notAllowed('Only the author of this comment can delete it.');
  try {
    await api.tables.deleteRow(target);
  } catch (thrown) {
    if (hasStatus(thrown, 404)) throw commentNotFound();
    throw thrown;
  }
  return { id: comment.$id, postId: comment.postId, commentCount: await uncount(api, comment.postId) };
};

/** Takes one comment off the post's count and answers the new count (0 once the post is gone). */
async function uncount(api: ServerApi, postId: string): Promise<number> {
  const target = { databaseId: DATABASE_ID, tableId: TABLES.posts, rowId: postId };
  try {
    const post = await api.tables.decrementRowColumn<PostRow>({ ...target, column: 'commentCount', value: 1, min: 0 });
    return Number(post.commentCount);
  } catch (thrown) {
    // The post was deleted meanwhile (its comments go with it), or the count already stood at 0.
    if (hasStatus(thrown, 404)) return 0;
    if (hasStatus(thrown, 400)) return Number((await orUndefined(api.tables.getRow<PostRow>(target)))?.commentCount ?? 0);
    throw thrown;
  }
}
