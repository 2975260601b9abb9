import { validatePost } from '@opportunity-kit/sdk/domain';
import { ID, Role } from 'node-appwrite';
import { attachedFilePermissions, feedRowPermissions } from '../portal/permissions.ts';
import { toPost, type PostColumns, type PostRow } from '../portal/rows.ts';
import { BUCKETS, DATABASE_ID, TABLES } from '../portal/schema.ts';
import { requireMember } from './caller.ts';
import { invalidInput } from './command-error.ts';
import { ownedFile } from './owned-files.ts';
import { authorOf } from './posts.ts';
import type { Command } from './router.ts';

/**
 * POST /posts — share a post on the feed: text and at most 3 images, each the author's own upload
 * to `post-images`, which every member may then see.
 */
export const createPost: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const content = body.text('content') ?? '';
  const imageFileIds = [...new Set((body.textList('imageFileIds') ?? []).map((id) => id.trim()).filter(Boolean))];
  body.done();
  const checked = validatePost({ content, imageCount: imageFileIds.length });
  if (!checked.ok) throw invalidInput(checked.errors);
  const owned = await Promise.all(imageFileIds.map((fileId) => ownedFile(api.storage, BUCKETS.postImages, fileId, member.id)));
  if (owned.some((file) => !file)) throw invalidInput({ images: 'Please upload the images again: each must be your own upload' });

  const columns: PostColumns = {
    ...(await authorOf(api, member)),
    authorId: member.id,
    content: checked.value.content,
    imageFileIds,
    likeCount: 0,
    commentCount: 0,
  };
  const row = await api.tables.createRow<PostRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.posts,
    rowId: ID.unique(),
    data: columns,
    permissions: feedRowPermissions(),
  });
  await Promise.all(imageFileIds.map((fileId) =>
    api.storage.updateFile({ bucketId: BUCKETS.postImages, fileId, permissions: attachedFilePermissions(member.id, [Role.users()]) })));
  return toPost(row);
};
