import { canDeletePost } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { BUCKETS, DATABASE_ID, TABLES } from '../portal/schema.ts';
import { requireMember } from './caller.ts';
import { notAllowed } from './command-error.ts';
import { deleteFileIfPresent } from './owned-files.ts';
import { existingPost } from './posts.ts';
import type { Command } from './router.ts';

/**
 * DELETE /posts/{id} — the author deletes a post with its comments, likes and images. The post goes
 * first, so a comment or like arriving meanwhile finds no post instead of becoming an orphan.
 */
export const deletePost: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const post = await existingPost(api, params.id as string);
  if (!canDeletePost(member, post)) throw notAllowed('Only the author of this post can delete it.');
  await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.posts, rowId: post.$id });
  await deleteRowsOfPost(api, TABLES.comments, post.$id);
  await deleteRowsOfPost(api, TABLES.postLikes, post.$id);
  await Promise.all(post.imageFileIds.map((fileId) => deleteFileIfPresent(api.storage, BUCKETS.postImages, fileId)));
  return { id: post.$id };
};

const PAGE = 100;

async function deleteRowsOfPost(api: ServerApi, tableId: string, postId: string): Promise<void> {
  for (;;) {
    const page = await api.tables.listRows({
      databaseId: DATABASE_ID,
      tableId,
      queries: [Query.equal('postId', postId), Query.select(['$id']), Query.limit(PAGE)],
      total: false,
    });
    await Promise.all(page.rows.map((row) => orUndefined(api.tables.deleteRow({ databaseId: DATABASE_ID, tableId, rowId: row.$id }))));
    if (page.rows.length < PAGE) return;
  }
}
