import { DATABASE_ID, TABLES, toComment, validateComment, type AddedComment, type CommentColumns } from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import { requireMember } from '../platform/caller.ts';
import { invalidInput, notFound } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { feedRowPermissions } from '../portal/permissions.ts';
import type { CommentRow } from '../portal/rows.ts';
import { writeTogether } from '../portal/atomic-writes.ts';
import { authorOf, followHiddenPost, openPost, postCounts } from './posts.ts';

/**
 * POST /posts/{id}/comments — a comment is a row of its own (so simultaneous comments never
 * overwrite each other), created in one transaction with the post's `commentCount` increment, so
 * the count always equals the comment rows, whatever fails or crashes in between. A post the member
 * cannot read is "Post not found"; a hidden post takes no comments.
 */
export const addComment: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const content = body.text('content') ?? '';
  body.done();
  const checked = validateComment(content);
  if (!checked.ok) throw invalidInput(checked.errors);
  const post = await openPost(api, member, params.id as string);
  const { authorName } = await authorOf(api, member);
  const columns: CommentColumns = { postId: post.$id, authorId: member.id, authorName, content: checked.value.content };
  const rowId = ID.unique();
  try {
    await writeTogether(api, [
      { action: 'create', tableId: TABLES.comments, rowId, data: columns, permissions: feedRowPermissions(post) },
      { action: 'increment', tableId: TABLES.posts, rowId: post.$id, column: 'commentCount' },
    ]);
  } catch (thrown) {
    // The post was deleted meanwhile: no comment was written either.
    if (hasStatus(thrown, 404)) throw notFound('Post not found');
    throw thrown;
  }
  await followHiddenPost(api, post.$id, TABLES.comments, rowId);
  const row = await orUndefined(api.tables.getRow<CommentRow>({ databaseId: DATABASE_ID, tableId: TABLES.comments, rowId }));
  // It may have been deleted again since (by the author, or with the post): the comment was added all the same.
  const comment = row ? toComment(row) : { id: rowId, ...columns, createdAt: new Date().toISOString() };
  return { comment, commentCount: (await postCounts(api, post.$id)).commentCount } satisfies AddedComment;
};
