import { BUCKETS, DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { isAppwriteId } from '../platform/appwrite-ids.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { attachedFilePermissions, postReadRoles } from './permissions.ts';
import type { PostRow } from './rows.ts';

/** The post as stored, whoever may read it; undefined when it does not exist. */
export async function storedPost(api: ServerApi, postId: string): Promise<PostRow | undefined> {
  if (!isAppwriteId(postId)) return undefined;
  return orUndefined(api.tables.getRow<PostRow>({ databaseId: DATABASE_ID, tableId: TABLES.posts, rowId: postId }));
}

/**
 * Gives the post's images the post's readers (`postReadRoles`). A teacher may hide the post while
 * this runs; hiding writes its images after the post, so looking at the post once more afterwards
 * and sharing again when it was hidden meanwhile leaves the images with the hidden post's readers.
 */
export async function sharePostImages(api: ServerApi, post: PostRow): Promise<void> {
  const share = (current: PostRow) =>
    Promise.all(
      current.imageFileIds.map((fileId) =>
        orUndefined(
          api.storage.updateFile({ bucketId: BUCKETS.postImages, fileId, permissions: attachedFilePermissions(current.authorId, postReadRoles(current)) }),
        ),
      ),
    );
  await share(post);
  if (post.hiddenReason) return;
  const latest = await storedPost(api, post.$id);
  if (latest?.hiddenReason) await share(latest);
}
