import { BUCKETS, DATABASE_ID, TABLES, toPost, validatePost, type PostColumns } from '@opportunity-kit/sdk/domain';
import { ID, Role } from 'node-appwrite';
import { requireMember } from '../platform/caller.ts';
import { invalidInput } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { ownedFile } from '../portal/owned-files.ts';
import { attachedFilePermissions, feedRowPermissions } from '../portal/permissions.ts';
import type { PostRow } from '../portal/rows.ts';
import { authorOf } from './posts.ts';

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
  await Promise.all(
    imageFileIds.map((fileId) =>
      api.storage.updateFile({ bucketId: BUCKETS.postImages, fileId, permissions: attachedFilePermissions(member.id, [Role.users()]) }),
    ),
  );
  return toPost(row);
};
