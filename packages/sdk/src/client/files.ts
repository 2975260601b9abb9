import type { Storage } from 'appwrite';
import type { BucketId } from '../domain/wire/ids.ts';

/**
 * Addresses of stored files (job images, post images, profile photos, resumes) for `<img src>` and
 * links. The browser fetches them with its session cookie, so a file shows only to those who may read it.
 * @public
 */
export interface FilesModule {
  /** The address that shows the file in the browser. */
  viewUrl(bucketId: BucketId, fileId: string): string;
  /** The address that downloads the file. */
  downloadUrl(bucketId: BucketId, fileId: string): string;
}

export function createFiles(storage: Storage): FilesModule {
  return {
    viewUrl: (bucketId, fileId) => storage.getFileView({ bucketId, fileId }),
    downloadUrl: (bucketId, fileId) => storage.getFileDownload({ bucketId, fileId }),
  };
}
