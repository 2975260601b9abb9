import { validateComment } from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { feedRowPermissions } from '../portal/permissions.ts';
import { toComment, type CommentColumns, type CommentRow, type PostRow } from '../portal/rows.ts';
import { DATABASE_ID, TABLES } from '../portal/schema.ts';
import { requireMember } from './caller.ts';
import { invalidInput } from './command-error.ts';
import { authorOf, existingPost } from './posts.ts';
import type { Command } from './router.ts';

/**
 * POST /posts/{id}/comments — a comment is a row of its own (so simultaneous comments never
 * overwrite each other) and the post's `commentCount` grows by one atomic increment.
 */
export const addComment: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const content = body.text('content') ?? '';
  body.done();
  const checked = validateComment(content);
  if (!checked.ok) throw invalidInput(checked.errors);
  const post = await existingPost(api, params.id as string);
  const { authorName } = await authorOf(api, member);
  const columns: CommentColumns = { postId: post.$id, authorId: member.id, authorName, content: checked.value.content };
  const row = await api.tables.createRow<CommentRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.comments,
    rowId: ID.unique(),
    data: columns,
    permissions: feedRowPermissions(),
  });
  const counted = await api.tables.incrementRowColumn<PostRow>({ databaseId: DATABASE_ID, tableId: TABLES.posts, rowId: post.$id, column: 'commentCount', value: 1 });
  return { comment: toComment(row), commentCount: Number(counted.commentCount) };
};
