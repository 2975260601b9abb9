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

/**
 * The addresses the web SDK's `Storage` gives, without the client settings it adds as empty parameters
 * (`&impersonateuserid=`): they say nothing to Appwrite, and without them one file has one address, so
 * the browser's cache serves it to every page that shows it (the portal's first paint of a posting asks
 * for its picture by the plain address). Built here rather than by the SDK, so a page shows a picture
 * with none of the SDK loaded; a test keeps them equal to the SDK's.
 */
export function createFiles(endpoint: string, projectId: string): FilesModule {
  const address = (bucketId: BucketId, fileId: string, action: 'view' | 'download') => {
    const url = new URL(`${endpoint}/storage/buckets/${encodeURIComponent(bucketId)}/files/${encodeURIComponent(fileId)}/${action}`);
    url.searchParams.append('project', projectId);
    return url.toString();
  };
  return {
    viewUrl: (bucketId, fileId) => address(bucketId, fileId, 'view'),
    downloadUrl: (bucketId, fileId) => address(bucketId, fileId, 'download'),
  };
}
