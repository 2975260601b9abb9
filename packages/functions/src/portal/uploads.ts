import { imageFileProblem, UPLOADS_BUCKET, type BucketId } from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { hasStatus } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { deleteFileIfPresent, ownedFile } from './owned-files.ts';
import { ownerOnlyFilePermissions } from './permissions.ts';

/**
 * Clients upload into `uploads` (`UPLOADS_BUCKET`), which nobody but the functions reads: its file
 * security is off, so no permission an uploader gives a file there (`read("any")` included) shows it to
 * anyone. A command that attaches an upload to something moves it from there into that thing's bucket;
 * what no command attached is deleted by the `commands` function's schedule (`sweepUploads`).
 */

/**
 * Moves `ownerId`'s own upload out of `uploads` into `bucketId`, under the same id, readable by its
 * owner alone until the command gives it the readers of what it is attached to (once that is
 * written). Undefined when `fileId` is no upload of theirs waiting there (someone else's, attached
 * already, never uploaded) or when `bucketId` refuses its type or size. Two commands naming the same
 * upload at once: only one creates the copy, the other is refused as a duplicate, so an upload is
 * attached to one thing only.
 */
export async function claimUpload(api: ServerApi, bucketId: BucketId, fileId: string, ownerId: string): Promise<Models.File | undefined> {
  const staged = await ownedFile(api.storage, UPLOADS_BUCKET, fileId, ownerId);
  if (!staged) return undefined;
  const bytes = new Uint8Array(await api.storage.getFileDownload({ bucketId: UPLOADS_BUCKET, fileId }));
  let claimed: Models.File;
  try {
    claimed = await api.storage.createFile({
      bucketId,
      fileId,
      file: InputFile.fromBuffer(bytes, staged.name),
      permissions: ownerOnlyFilePermissions(ownerId),
    });
  } catch (thrown) {
    // 409: another request attached it a moment ago. 400: not a file this bucket takes (its type or size).
    if (hasStatus(thrown, 409) || hasStatus(thrown, 400)) return undefined;
    throw thrown;
  }
  await deleteFileIfPresent(api.storage, UPLOADS_BUCKET, fileId);
  return claimed;
}

/**
 * What makes the member's upload no image for a posting, post or profile (its type by name, more than
 * 10 MB), said as the form says it; undefined when it is fine, or not theirs (claiming it then refuses).
 */
export async function imageUploadProblem(api: ServerApi, fileId: string, ownerId: string): Promise<string | undefined> {
  const staged = await ownedFile(api.storage, UPLOADS_BUCKET, fileId, ownerId);
  return staged ? imageFileProblem({ name: staged.name, size: staged.sizeOriginal }) : undefined;
}

/**
 * Claims every upload, or none: when one cannot be claimed, those already moved are deleted again
 * (the member uploads anew) and the answer is undefined.
 */
export async function claimUploads(api: ServerApi, bucketId: BucketId, fileIds: readonly string[], ownerId: string): Promise<Models.File[] | undefined> {
  const claimed = await Promise.all(fileIds.map((fileId) => claimUpload(api, bucketId, fileId, ownerId)));
  if (claimed.every((file): file is Models.File => file !== undefined)) return claimed;
  await discardClaimed(api, bucketId, claimed);
  return undefined;
}

/** Deletes files a command claimed and then did not attach (its write was refused or failed). */
export async function discardClaimed(api: ServerApi, bucketId: BucketId, files: ReadonlyArray<Models.File | undefined>): Promise<void> {
  await Promise.all(files.map((file) => (file ? deleteFileIfPresent(api.storage, bucketId, file.$id) : undefined)));
}

/** Deletes the member's own upload once a route has used it (an AI review); someone else's is left alone. */
export async function discardUpload(api: ServerApi, fileId: string, ownerId: string): Promise<void> {
  const staged = await ownedFile(api.storage, UPLOADS_BUCKET, fileId, ownerId);
  if (staged) await deleteFileIfPresent(api.storage, UPLOADS_BUCKET, staged.$id);
}

/**
 * Runs a command that attaches the member's uploads; when it refuses or fails, those of them still
 * waiting in `uploads` are deleted, so a refused request leaves nothing behind (the SDK uploads anew
 * on the next try). Someone else's upload named in the request is left alone.
 */
export async function discardUploadsOnFailure<T>(api: ServerApi, fileIds: readonly string[], ownerId: string, command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (thrown) {
    await Promise.all(fileIds.map((fileId) => discardUpload(api, fileId, ownerId))).catch(() => undefined);
    throw thrown;
  }
}

/** How long an upload waits for a command before the schedule deletes it: a day, unless `UPLOAD_TTL_SECONDS` says otherwise (tests). */
export function uploadTtlSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.UPLOAD_TTL_SECONDS);
  return env.UPLOAD_TTL_SECONDS?.trim() && Number.isFinite(configured) && configured >= 0 ? configured : 24 * 60 * 60;
}

const PAGE = 100;

/** Deletes every upload made before `before` (none was attached: attaching moves it out). Answers how many went. */
export async function sweepUploads(api: ServerApi, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    // Deleted files leave the list, so the first page is always the next one.
    const { files } = await api.storage.listFiles({
      bucketId: UPLOADS_BUCKET,
      queries: [Query.lessThan('$createdAt', before.toISOString()), Query.orderAsc('$createdAt'), Query.limit(PAGE)],
      total: false,
    });
    await Promise.all(files.map((file) => deleteFileIfPresent(api.storage, UPLOADS_BUCKET, file.$id)));
    deleted += files.length;
    if (files.length < PAGE) return deleted;
  }
}
