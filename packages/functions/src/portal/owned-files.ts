import type { BucketId, UPLOADS_BUCKET } from '@opportunity-kit/sdk/domain';
import type { Models, Storage } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { isAppwriteId } from '../platform/appwrite-ids.ts';
import { isOwnedBy } from './permissions.ts';

/**
 * The file, if it exists in `bucketId` and `ownerId` uploaded it; undefined otherwise, so a command
 * never attaches (and never grants others access to) a file someone else uploaded.
 */
export async function ownedFile(
  storage: Storage,
  bucketId: BucketId | typeof UPLOADS_BUCKET,
  fileId: string,
  ownerId: string,
): Promise<Models.File | undefined> {
  if (!isAppwriteId(fileId)) return undefined;
  const file = await orUndefined(storage.getFile({ bucketId, fileId }));
  return file && isOwnedBy(file.$permissions, ownerId) ? file : undefined;
}

/** Deletes a file, treating one that is already gone as deleted. */
export async function deleteFileIfPresent(storage: Storage, bucketId: BucketId | typeof UPLOADS_BUCKET, fileId: string): Promise<void> {
  await orUndefined(storage.deleteFile({ bucketId, fileId }));
}
