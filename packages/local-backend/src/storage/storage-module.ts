import type { Module } from '../services.ts';
import { BlobStore } from './blob-store.ts';
import { registerBucketRoutes } from './bucket-routes.ts';
import { provisionBuckets } from './bucket-provisioning.ts';
import { Buckets } from './buckets.ts';
import { registerFileRoutes } from './file-routes.ts';
import { Files } from './files.ts';
import { PreviewCache } from './preview-cache.ts';
import { KeyedLock } from '../store/keyed-lock.ts';
import type { StorageContext } from './storage-context.ts';

/**
 * Appwrite Storage: buckets (admin), files with plain and chunked uploads, and view/download/preview.
 * Metadata lives in SQLite, bytes under `<dataDir>/storage` (a temporary folder in memory mode).
 * Publishes `buckets.B.files.F.create|update|delete` on the event bus.
 */
export const storageModule: Module = (router, services) => {
  const storage: StorageContext = {
    services,
    buckets: new Buckets(services.store),
    files: new Files(services.store),
    blobs: BlobStore.open(services.dataDir),
    uploads: new KeyedLock(),
    previews: new PreviewCache(),
  };
  registerBucketRoutes(router, storage);
  registerFileRoutes(router, storage);
  return {
    start: () => provisionBuckets(storage),
    close: () => storage.blobs.close(),
  };
};
