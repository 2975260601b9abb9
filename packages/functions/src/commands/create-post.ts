import { BUCKETS, DATABASE_ID, TABLES, toPost, validatePost, type Post, type PostColumns } from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { requireMember, type Member } from '../platform/caller.ts';
import { invalidInput } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { feedRowPermissions } from '../portal/permissions.ts';
import type { PostRow } from '../portal/rows.ts';
import { claimUploads, discardClaimed, discardUploadsOnFailure, imageUploadProblem } from '../portal/uploads.ts';
import { authorOf, sharePostImages } from './posts.ts';

/**
 * POST /posts — share a post on the feed: text and at most 3 images, each the author's own upload,
 * moved into `post-images` and read by whoever reads the post (every member). A refused post leaves
 * none of its uploads behind.
 */
export const createPost: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const content = body.text('content') ?? '';
  const imageFileIds = [...new Set((body.textList('imageFileIds') ?? []).map((id) => id.trim()).filter(Boolean))];
  body.done();
  return discardUploadsOnFailure(api, imageFileIds, member.id, () => publish(api, member, content, imageFileIds));
};

async function publish(api: ServerApi, member: Member, content: string, imageFileIds: string[]): Promise<Post> {
  const checked = validatePost({ content, imageCount: imageFileIds.length });
  if (!checked.ok) throw invalidInput(checked.errors);
  const problem = (await Promise.all(imageFileIds.map((fileId) => imageUploadProblem(api, fileId, member.id)))).find(Boolean);
  if (problem) throw invalidInput({ images: problem });
  const images = await claimUploads(api, BUCKETS.postImages, imageFileIds, member.id);
  if (!images) throw invalidInput({ images: 'Please upload the images again: each must be your own upload' });

  const columns: PostColumns = {
    ...(await authorOf(api, member)),
    authorId: member.id,
    content: checked.value.content,
    imageFileIds,
    likeCount: 0,
    commentCount: 0,
  };
  let row: PostRow;
  try {
    row = await api.tables.createRow<PostRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.posts,
      rowId: ID.unique(),
      data: columns,
      permissions: feedRowPermissions(),
    });
  } catch (thrown) {
    await discardClaimed(api, BUCKETS.postImages, images);
    throw thrown;
  }
  // The images are shown once the post exists, so none is ever readable without its post.
  await sharePostImages(api, row);
  return toPost(row);
}
