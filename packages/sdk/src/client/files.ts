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
    viewUrl: (bucketId, fileId) => withoutEmptyParameters(storage.getFileView({ bucketId, fileId })),
    downloadUrl: (bucketId, fileId) => withoutEmptyParameters(storage.getFileDownload({ bucketId, fileId })),
  };
}

/**
 * The web SDK adds every client setting to a file's address, unset ones as empty parameters
 * (`&impersonateuserid=`). They say nothing to Appwrite, and without them one file has one address,
 * so the browser's cache serves it to every page that shows it (the portal's first paint of a posting
 * asks for its picture by the plain address).
 */
function withoutEmptyParameters(address: string): string {
  const url = new URL(address);
  for (const [name, value] of [...url.searchParams]) if (value === '') url.searchParams.delete(name);
  return url.toString();
}
