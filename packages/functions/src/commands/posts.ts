import { DATABASE_ID, type TableId } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { Member } from '../platform/caller.ts';
import { notAllowed, notFound } from '../platform/command-error.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { canRead, hiddenFeedRowPermissions } from '../portal/permissions.ts';
import { storedPost } from '../portal/post-rows.ts';
import type { PostRow } from '../portal/rows.ts';
import { findProfile } from './profiles.ts';

// Where the post rows are read and their images shared (also by the board migration, outside `commands`).
export { sharePostImages, storedPost } from '../portal/post-rows.ts';

const postNotFound = () => notFound('Post not found');

/**
 * The post, if the member may read it; else "Post not found", exactly as for a post that does not
 * exist, so a hidden post's id tells those it was hidden from nothing.
 */
export async function readablePost(api: ServerApi, member: Member, postId: string): Promise<PostRow> {
  const post = await storedPost(api, postId);
  if (!post || !canRead(post.$permissions, member.roles)) throw postNotFound();
  return post;
}

/**
 * A post that takes comments and likes: one the member reads and no teacher hid. Its author and
 * teachers still read a hidden post, and are told why it takes nothing new.
 */
export async function openPost(api: ServerApi, member: Member, postId: string): Promise<PostRow> {
  const post = await readablePost(api, member, postId);
  if (post.hiddenReason) throw notAllowed('A teacher hid this post, so it takes no new comments or likes.');
  return post;
}

/** The post's counters as they stand now (zero once it is gone), for a command's answer. */
export async function postCounts(api: ServerApi, postId: string): Promise<{ likeCount: number; commentCount: number }> {
  const post = await storedPost(api, postId);
  return { likeCount: Number(post?.likeCount ?? 0), commentCount: Number(post?.commentCount ?? 0) };
}

/** How the feed names an author: the profile's name and photo, else the account's name or address. */
export async function authorOf(api: ServerApi, member: Member): Promise<{ authorName: string; authorAvatarFileId: string | null }> {
  const profile = await findProfile(api, member.id);
  const authorName = profile?.name || member.name || (member.email.split('@')[0] ?? 'Member');
  return { authorName: authorName.slice(0, 128), authorAvatarFileId: profile?.photoFileId ?? null };
}

/**
 * A teacher may hide the post between a comment's or like's look at it and its commit. Hiding gives
 * the comments and likes it finds the post's readers, and it looks after writing the post's, so a
 * row it could have missed committed after the post was hidden: this look after the commit then
 * finds the post hidden and gives the row the same readers.
 */
export async function followHiddenPost(api: ServerApi, postId: string, tableId: TableId, rowId: string): Promise<void> {
  const post = await storedPost(api, postId);
  if (!post?.hiddenReason) return;
  await orUndefined(api.tables.updateRow({ databaseId: DATABASE_ID, tableId, rowId, data: {}, permissions: hiddenFeedRowPermissions(post) }));
}
