import { canDeleteComment, DATABASE_ID, TABLES, type DeletedComment } from '@opportunity-kit/sdk/domain';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import { requireMember, type Member } from '../platform/caller.ts';
import { notAllowed, notFound } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { canRead } from '../portal/permissions.ts';
import { isStaffOf } from '../portal/schools.ts';
import type { CommentRow, PostRow } from '../portal/rows.ts';
import { isCounterAtBound, writeTogether } from '../portal/atomic-writes.ts';

const commentNotFound = () => notFound('Comment not found');
export const ONLY_AUTHOR_OR_STAFF = 'Only the author of this comment or a teacher of its school can delete it.';

/**
 * Those who moderate the post's feed may delete a comment on it too: its school's staff, or every
 * teacher for a post from before schools (as `feedModerators` grants them).
 */
async function isStaffOfPostSchool(api: ServerApi, member: Member, postId: string): Promise<boolean> {
  const post = await orUndefined(api.tables.getRow<PostRow>({ databaseId: DATABASE_ID, tableId: TABLES.posts, rowId: postId }));
  if (!post) return false;
  return post.schoolId ? isStaffOf(api, member, post.schoolId) : member.role === 'teacher';
}

/**
 * DELETE /comments/{id} — the author (or a teacher of the post's school) deletes a comment, and the post's `commentCount` drops by
 * one in the same transaction, so the count always equals the comment rows. Two simultaneous
 * deletes of the same comment: only one commit finds the row, so the count drops once.
 */
export const deleteComment: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const target = { databaseId: DATABASE_ID, tableId: TABLES.comments, rowId: params.id as string };
  const comment = await orUndefined(api.tables.getRow<CommentRow>(target));
  // A comment the member neither reads nor wrote (one hidden, or on a hidden post) is as good as absent to them.
  if (!comment || (!canRead(comment.$permissions, member.roles) && comment.authorId !== member.id)) throw commentNotFound();
  if (!canDeleteComment(member, comment) && !(await isStaffOfPostSchool(api, member, comment.postId))) throw notAllowed(ONLY_AUTHOR_OR_STAFF);
  try {
    await writeTogether(api, [
      { action: 'delete', tableId: TABLES.comments, rowId: comment.$id },
      { action: 'decrement', tableId: TABLES.posts, rowId: comment.postId, column: 'commentCount', min: 0 },
    ]);
  } catch (thrown) {
    const stillThere = await orUndefined(api.tables.getRow<CommentRow>(target));
    if (!stillThere) throw commentNotFound();
    // The post is gone (its comments go with it) or its count already stood at 0 (a count kept
    // before counts moved with their rows): the comment goes alone.
    if (!hasStatus(thrown, 404) && !isCounterAtBound(thrown)) throw thrown;
    try {
      await api.tables.deleteRow(target);
    } catch (again) {
      if (hasStatus(again, 404)) throw commentNotFound();
      throw again;
    }
  }
  const post = await orUndefined(api.tables.getRow<PostRow>({ databaseId: DATABASE_ID, tableId: TABLES.posts, rowId: comment.postId }));
  return { id: comment.$id, postId: comment.postId, commentCount: Number(post?.commentCount ?? 0) } satisfies DeletedComment;
};
