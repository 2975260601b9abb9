import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { Member } from '../platform/caller.ts';
import { notFound } from '../platform/command-error.ts';
import type { ServerApi } from '../platform/server-client.ts';
import type { PostRow } from '../portal/rows.ts';
import { findProfile } from './profiles.ts';

/** The post, or a "Post not found" refusal. Every member reads every post, so nothing is hidden here. */
export async function existingPost(api: ServerApi, postId: string): Promise<PostRow> {
  const post = await orUndefined(api.tables.getRow<PostRow>({ databaseId: DATABASE_ID, tableId: TABLES.posts, rowId: postId }));
  if (!post) throw notFound('Post not found');
  return post;
}

/** How the feed names an author: the profile's name and photo, else the account's name or address. */
export async function authorOf(api: ServerApi, member: Member): Promise<{ authorName: string; authorAvatarFileId: string | null }> {
  const profile = await findProfile(api, member.id);
  const authorName = profile?.name || member.name || (member.email.split('@')[0] ?? 'Member');
  return { authorName: authorName.slice(0, 128), authorAvatarFileId: profile?.photoFileId ?? null };
}
